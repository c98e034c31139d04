# The differential check of the embedded server against a real Apache TinkerPop Gremlin Server.
# Included from tests/CMakeLists.txt (after tests/realserver/CMakeLists.txt).
#   differential_recorded   (no JVM): the embedded server against the answers recorded from a
#                           real 3.7.5 server (tests/data/differential/expected-3.7.txt)
#   differential_realserver (label realserver): live against the realserver helper's 3.7 fixture
#                           (rs_37 on TPBENCH_REALSERVER_PORT_BASE + 0, one JVM shared with the other
#                           realserver tests); writes the real answers to
#                           BUILD/tests/differential-expected-3.7.txt (copy it over the recorded file
#                           after changing queries.txt)
#   differential_recorded4  (no JVM): the embedded server over http4 (dialect 4.0, GraphBinary 4.0)
#                           against the answers recorded from a real TinkerPop 4.0.0-master
#                           (tests/data/differential/expected-4.0.txt, known-differences-4.0.txt)
#   differential_generated, differential_generated4 (label realserver): 400 generated traversals
#                           (gen_traversals.py) live against rs_37 over ws37 and rs_4_m over http4,
#                           compared in order; known-generated-3.7.txt / -4.0.txt list the differences
#   differential_realserver4 (label realserver; only when ../shared/tinkerpop/m2 exists): live
#                           against the 4.0.0-master fixture rs_4_m (base + 24); writes
#                           BUILD/tests/differential-expected-4.0.txt
if(TARGET tpbench::server AND TARGET tpbench::backends)
  add_executable(tpbench_differential
    ${CMAKE_CURRENT_LIST_DIR}/differential_main.cpp
    ${CMAKE_CURRENT_LIST_DIR}/differential.cpp)
  target_link_libraries(tpbench_differential PRIVATE tpbench_warnings tpbench::test_client tpbench::server)
  tpbench_add_test(differential_unit_tests
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/differential_test.cpp ${CMAKE_CURRENT_LIST_DIR}/differential.cpp
    LIBS tpbench::model)
  set(_diff_data ${PROJECT_SOURCE_DIR}/tests/data/differential)
  add_test(NAME differential_recorded
    COMMAND tpbench_differential --queries ${_diff_data}/queries.txt --known ${_diff_data}/known-differences.txt
            --expected ${_diff_data}/expected-3.7.txt --report ${CMAKE_CURRENT_BINARY_DIR}/differential-recorded.txt)
  set_tests_properties(differential_recorded PROPERTIES TIMEOUT 600 LABELS differential)
  # The realserver fixtures exist when java and mvn were found and TPBENCH_REALSERVER is ON.
  if(TPBENCH_REALSERVER AND DEFINED CACHE{TPBENCH_REALSERVER_PORT_BASE})
    math(EXPR _diff_port "${TPBENCH_REALSERVER_PORT_BASE} + 0")
    add_test(NAME differential_realserver
      COMMAND tpbench_differential --queries ${_diff_data}/queries.txt --known ${_diff_data}/known-differences.txt
              --real-port ${_diff_port} --record ${CMAKE_CURRENT_BINARY_DIR}/differential-expected-3.7.txt
              --label "Gremlin Server 3.7 via scripts/gremlin-server"
              --report ${CMAKE_CURRENT_BINARY_DIR}/differential-realserver.txt)
    set_tests_properties(differential_realserver PROPERTIES TIMEOUT 900 LABELS "realserver;differential"
      FIXTURES_REQUIRED rs_37 RESOURCE_LOCK rs_37)
    # Generated traversals (gen_traversals.py, seeds 1 and 2, 400 in all), every result stream in order.
    add_test(NAME differential_generated
      COMMAND ${CMAKE_CURRENT_LIST_DIR}/generated_differential.sh $<TARGET_FILE:tpbench_differential> ws37 3.7
              ${_diff_port} ${_diff_data}/known-generated-3.7.txt ${CMAKE_CURRENT_BINARY_DIR}/generated)
    set_tests_properties(differential_generated PROPERTIES TIMEOUT 900 LABELS "realserver;differential"
      FIXTURES_REQUIRED rs_37 RESOURCE_LOCK rs_37)
    # TinkerPop 4.0: the fixtures exist when tests/realserver found ../shared/tinkerpop/m2.
    if(TARGET realserver_http4_tests)
      math(EXPR _diff4_port "${TPBENCH_REALSERVER_PORT_BASE} + 24")
      add_test(NAME differential_realserver4
        COMMAND tpbench_differential --protocol http4 --queries ${_diff_data}/queries.txt
                --known ${_diff_data}/known-differences-4.0.txt --real-port ${_diff4_port}
                --record ${CMAKE_CURRENT_BINARY_DIR}/differential-expected-4.0.txt
                --label "Gremlin Server 4.0.0-master via scripts/gremlin-server"
                --report ${CMAKE_CURRENT_BINARY_DIR}/differential-realserver4.txt)
      set_tests_properties(differential_realserver4 PROPERTIES TIMEOUT 900 LABELS "realserver;differential"
        FIXTURES_REQUIRED rs_4_m RESOURCE_LOCK rs_4_m)
      add_test(NAME differential_generated4
        COMMAND ${CMAKE_CURRENT_LIST_DIR}/generated_differential.sh $<TARGET_FILE:tpbench_differential> http4 4.0
                ${_diff4_port} ${_diff_data}/known-generated-4.0.txt ${CMAKE_CURRENT_BINARY_DIR}/generated)
      set_tests_properties(differential_generated4 PROPERTIES TIMEOUT 900 LABELS "realserver;differential"
        FIXTURES_REQUIRED rs_4_m RESOURCE_LOCK rs_4_m)
    endif()
  endif()
  add_test(NAME differential_recorded4
    COMMAND tpbench_differential --protocol http4 --queries ${_diff_data}/queries.txt
            --known ${_diff_data}/known-differences-4.0.txt --expected ${_diff_data}/expected-4.0.txt
            --report ${CMAKE_CURRENT_BINARY_DIR}/differential-recorded4.txt)
  set_tests_properties(differential_recorded4 PROPERTIES TIMEOUT 600 LABELS differential)
endif()
