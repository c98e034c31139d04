# --metrics-port in closed loop and --metrics-push to a Pushgateway stand-in on loopback.
if(TARGET tpbench)
  add_test(NAME metrics_push_serve COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/metrics_push_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(metrics_push_serve PROPERTIES TIMEOUT 300 LABELS "metrics;integration")
endif()
