# The differential check of the embedded server against a real Apache TinkerPop Gremlin Server
# (issue 8 item 4). Included from tests/CMakeLists.txt.
#   differential_recorded   (no JVM): the embedded server against answers recorded from a real
#                           3.7 server (tests/data/differential/expected-3.7.txt)
#   differential_realserver (label realserver): starts a real 3.7 server with scripts/gremlin-server
#                           (port 18301), compares live, stops it
if(TARGET tpbench::server AND TARGET tpbench::backends)
  add_executable(tpbench_differential
    ${CMAKE_CURRENT_LIST_DIR}/differential_main.cpp
    ${CMAKE_CURRENT_LIST_DIR}/differential.cpp)
  target_link_libraries(tpbench_differential PRIVATE tpbench_warnings tpbench::backends tpbench::server tpbench::asio)
  tpbench_add_test(differential_unit_tests
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/differential_test.cpp ${CMAKE_CURRENT_LIST_DIR}/differential.cpp
    LIBS tpbench::model)
  set(_diff_data ${PROJECT_SOURCE_DIR}/tests/data/differential)
  add_test(NAME differential_recorded
    COMMAND tpbench_differential --queries ${_diff_data}/queries.txt --known ${_diff_data}/known-differences.txt
            --expected ${_diff_data}/expected-3.7.txt --report ${CMAKE_CURRENT_BINARY_DIR}/differential-recorded.txt)
  set_tests_properties(differential_recorded PROPERTIES TIMEOUT 600 LABELS differential)
  add_test(NAME differential_realserver
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/differential.sh $<TARGET_FILE:tpbench_differential> ${PROJECT_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR})
  set_tests_properties(differential_realserver PROPERTIES TIMEOUT 1200 LABELS "realserver;differential" SKIP_RETURN_CODE 77)
endif()
