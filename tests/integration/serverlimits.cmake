# `tpbench serve` holds its limits under the hostile-input probe's shapes
# (label serverlimits): the memory budget charges unfinished chunked bodies and
# fragmented ws37 messages (RSS of the serve child measured), --request-read-timeout ends a
# trickling body, SIGTERM shuts down gracefully, open transactions are charged, descriptor
# exhaustion is logged once per burst.
find_package(Python3 COMPONENTS Interpreter)
if(TARGET tpbench AND Python3_Interpreter_FOUND)
  # rss and tx bound the serve child's RSS: under a sanitizer (TPBENCH_SANITIZE, the asan job) the
  # shadow memory alone is ~400 MB at start, so those two measure the sanitizer, not the budget.
  set(_limits_cases trickle shutdown fds)
  if(NOT TPBENCH_SANITIZE)
    list(APPEND _limits_cases rss tx)
  endif()
  foreach(case ${_limits_cases})
    add_test(NAME server_limits_${case}
             COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/server_limits_test.py
                     $<TARGET_FILE:tpbench> ${case})
    set_tests_properties(server_limits_${case} PROPERTIES TIMEOUT 240 LABELS "serverlimits;integration")
  endforeach()
endif()
