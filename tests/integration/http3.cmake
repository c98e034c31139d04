# The http3 backend against the real embedded server (port 0), next to ws37 and http4 on the same
# port. Included from tests/integration/CMakeLists.txt.
if(TARGET tpbench::server AND TARGET tpbench::backends)
  tpbench_add_test(backend_http3_tests
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/backend_http3_test.cpp
    LIBS tpbench::backends tpbench::server tpbench::asio)
endif()
