# No write without consent, validation before the first request, the CLI's small traps.
# The tpbench binary against `tpbench serve` child processes and
# counting listeners on 127.0.0.1.
if(TARGET tpbench)
  tpbench_add_test(safety_cli_tests SOURCES safety_cli_test.cpp LIBS)
  target_compile_definitions(safety_cli_tests PRIVATE TPBENCH_BINARY="$<TARGET_FILE:tpbench>"
                                                     TPBENCH_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data")
  add_dependencies(safety_cli_tests tpbench)
endif()
