# `tpbench serve --fault` driven by both client backends (owned by helper "faults"). Label faults.
if(TARGET tpbench)
  add_test(NAME faults_serve_cli
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/faults_serve_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(faults_serve_cli PROPERTIES TIMEOUT 300 LABELS "faults;integration")
endif()
if(TARGET tpbench)
  add_test(NAME faults_serve_kinds
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/faults_kinds_test.sh $<TARGET_FILE:tpbench>)
  set_tests_properties(faults_serve_kinds PROPERTIES TIMEOUT 400 LABELS "faults;integration")
endif()
