# The backends' shortcuts ("memo") on and off give the same results, counts and errors (label memo).
if(TARGET tpbench)
  add_test(NAME memo_on_off_serve
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/memo_on_off_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(memo_on_off_serve PROPERTIES TIMEOUT 1200 LABELS "memo;integration")
endif()
