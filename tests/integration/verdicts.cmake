# Every verdict in every mode and format: wrong result counts,
# thresholds, combined A/B reports, sweep verdicts, against the embedded server. Label verdicts.
if(TARGET tpbench)
  foreach(case wrong_closed wrong_rate thr_closed thr_rate sweep ab_rate ab_sweep ab_closed profile default_ab conn_failed)
    add_test(NAME verdicts_${case}
             COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/verdicts_test.sh $<TARGET_FILE:tpbench> ${case})
    set_tests_properties(verdicts_${case} PROPERTIES TIMEOUT 300 LABELS "verdicts;integration")
  endforeach()
endif()
