# Writes under load and transactions against `tpbench serve` (owned by helper "tx"). Label tx.
if(TARGET tpbench)
  add_test(NAME tx_writes_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tx_writes_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(tx_writes_serve PROPERTIES TIMEOUT 300 LABELS "tx;integration")
  if(TPBENCH_SANITIZE)
    # the asan job: 256 connections of writes under ASan on 2 shared cores failed 18 of 600 http4
    # requests in a fresh-clone run on a loaded machine (2026-12-07; their class was not printed then,
    # the script prints it now); the slow factor gives the server's evaluationTimeout and the clients'
    # timeouts 5x the time (the tsan job runs this script itself with 10x)
    set_tests_properties(tx_writes_serve PROPERTIES TIMEOUT 1500 ENVIRONMENT "TPBENCH_SLOW_FACTOR=5")
  endif()
  add_test(NAME tx_workload_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tx_workload_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(tx_workload_serve PROPERTIES TIMEOUT 300 LABELS "tx;integration")
endif()
