# --baseline against a stored report (issue 30 item 1; owned by helper baseline; label baseline).
if(TARGET tpbench)
  add_test(NAME baseline_serve COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/baseline_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(baseline_serve PROPERTIES TIMEOUT 300 LABELS "baseline;integration")
endif()
