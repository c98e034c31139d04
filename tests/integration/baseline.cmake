# --baseline against a stored report (label baseline).
if(TARGET tpbench)
  add_test(NAME baseline_serve COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/baseline_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(baseline_serve PROPERTIES TIMEOUT 300 LABELS "baseline;integration")
endif()
# --baseline on ab and the default A/B; the scenario check before the first request (run, ab, default).
if(TARGET tpbench)
  add_test(NAME baseline_ab_serve COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/baseline_ab_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(baseline_ab_serve PROPERTIES TIMEOUT 300 LABELS "baseline;integration")
endif()
