# Per-query breakdown (label queries).
if(TARGET tpbench)
  add_test(NAME queries_workload_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/queries_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(queries_workload_serve PROPERTIES TIMEOUT 300 LABELS "queries;integration")
endif()
