# Engine integration tests (owned by the engine helper): the real load engine with the real ws37
# and http4 backends against the real embedded server on 127.0.0.1, ephemeral port; and the
# tpbench binary's `profile` / `run` output and exit codes.
if(TARGET tpbench::server AND TARGET tpbench::backends)
  tpbench_add_test(engine_integration_tests
    SOURCES engine_profiling_test.cpp
    LIBS tpbench::profiling tpbench::backends tpbench::server)
endif()
if(TARGET tpbench)
  tpbench_add_test(engine_cli_tests SOURCES engine_cli_test.cpp LIBS)
  target_compile_definitions(engine_cli_tests PRIVATE TPBENCH_BINARY="$<TARGET_FILE:tpbench>")
  add_dependencies(engine_cli_tests tpbench)
endif()
