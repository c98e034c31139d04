# `tpbench serve` holds its limits under the hostile-input probe's shapes (issue 26; owned by
# helper serverlimits; label serverlimits): the memory budget charges unfinished chunked bodies and
# fragmented ws37 messages (RSS of the serve child measured), --request-read-timeout ends a
# trickling body, SIGTERM shuts down gracefully, open transactions are charged, descriptor
# exhaustion is logged once per burst.
find_package(Python3 COMPONENTS Interpreter)
if(TARGET tpbench AND Python3_Interpreter_FOUND)
  foreach(case rss trickle shutdown tx fds)
    add_test(NAME server_limits_${case}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/server_limits_test.py
                     $<TARGET_FILE:tpbench> ${case})
    set_tests_properties(server_limits_${case} PROPERTIES TIMEOUT 240 LABELS "serverlimits;integration")
  endforeach()
endif()
