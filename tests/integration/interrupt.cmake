# Interrupting load commands (label interrupt): SIGINT/SIGTERM/SIGHUP to
# run (rate mode, closed loop), ab, profile and the default A/B as child processes against the
# embedded server or a `tpbench serve` on 127.0.0.1 (ephemeral port). Label interrupt.
if(TARGET tpbench)
  foreach(mode rate closed ab profile drain)
    add_test(NAME interrupt_${mode}
             COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/interrupt_test.sh $<TARGET_FILE:tpbench> ${mode})
    set_tests_properties(interrupt_${mode} PROPERTIES TIMEOUT 240 LABELS "interrupt;integration")
  endforeach()
endif()
