# Workload feeders against `tpbench serve`. Label feeders.
if(TARGET tpbench)
  add_test(NAME feeder_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/feeder_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(feeder_serve PROPERTIES TIMEOUT 300 LABELS "feeders;integration")
endif()
# Staged rate profiles. Label stages.
if(TARGET tpbench)
  add_test(NAME stages_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/stages_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(stages_serve PROPERTIES TIMEOUT 300 LABELS "stages;integration")
endif()
