# Writes under load and transactions against `tpbench serve` (owned by helper "tx"). Label tx.
if(TARGET tpbench)
  add_test(NAME tx_writes_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tx_writes_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(tx_writes_serve PROPERTIES TIMEOUT 300 LABELS "tx;integration")
  add_test(NAME tx_workload_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tx_workload_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(tx_workload_serve PROPERTIES TIMEOUT 300 LABELS "tx;integration")
endif()
