# ws37 over TLS + SASL against a real Gremlin Server 3.7 (ws37sec helper). Included from
# tests/CMakeLists.txt. The binary's cases need the server the script starts (port 18601).
if(TARGET tpbench::ws37)
  add_executable(ws37sec_realserver_tests ${CMAKE_CURRENT_LIST_DIR}/ws37sec_realserver_test.cpp)
  target_link_libraries(ws37sec_realserver_tests PRIVATE tpbench_doctest_main tpbench_warnings tpbench::ws37)
  add_test(NAME ws37_tls_sasl_realserver
    COMMAND ${CMAKE_CURRENT_LIST_DIR}/ws37sec_realserver.sh $<TARGET_FILE:ws37sec_realserver_tests> ${PROJECT_SOURCE_DIR})
  set_tests_properties(ws37_tls_sasl_realserver PROPERTIES TIMEOUT 900 LABELS "realserver" SKIP_RETURN_CODE 77)
endif()
