# bench_canned_server (bench/, the cache peer of bench/workers.sh PEER=canned) records tpbench serve
# and answers tpbench run from the recording (owned by helper "workers"). Needs the bench targets.
if(TARGET tpbench AND TPBENCH_BUILD_BENCH)
  add_test(NAME bench_canned_server_replay
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/canned_server_test.sh $<TARGET_FILE:tpbench>
                   $<TARGET_FILE:bench_canned_server>)
  set_tests_properties(bench_canned_server_replay PROPERTIES TIMEOUT 300 LABELS "integration")
endif()
