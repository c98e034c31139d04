# Integration tests of the protocol backends (ws37, http4) against the real embedded server.
# Included from tests/integration/CMakeLists.txt.
if(TARGET tpbench::server AND TARGET tpbench::backends)
  tpbench_add_test(backend_sessions_tests
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/backend_sessions_test.cpp
    LIBS tpbench::backends tpbench::server tpbench::asio tpbench::test_common)
endif()
# ws37 over TLS with SASL against the embedded server's --tls-cert/--tls-key --credentials.
# (tpbench::test_common is defined after this directory; target_link_libraries resolves it at
# generate time, so it is not part of the condition: with it this test was never built.)
if(TARGET tpbench::server AND TARGET tpbench::ws37)
  tpbench_add_test(backend_ws37_secure_tests
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/backend_ws37_secure_test.cpp
    LIBS tpbench::ws37 tpbench::server tpbench::test_common tpbench::asio)
endif()
