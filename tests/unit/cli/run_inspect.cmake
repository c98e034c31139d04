# Runs the tpbench binary and checks its exit code and output.
#   -DTPBENCH=path -DARGS=a|b|c -DEXPECT_RC=n [-DSTDIN=file] [-DEXPECT_OUT=regex] [-DEXPECT_ERR=regex]
# EXPECT_RC may list alternatives, "0|1", for an outcome the load of a shared machine can change.
string(REPLACE "|" ";" _args "${ARGS}")
if(DEFINED STDIN)
  execute_process(COMMAND ${TPBENCH} ${_args} INPUT_FILE ${STDIN} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 60)
else()
  execute_process(COMMAND ${TPBENCH} ${_args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
endif()
if(NOT "${rc}" MATCHES "^(${EXPECT_RC})$")
  message(FATAL_ERROR "exit code ${rc}, expected ${EXPECT_RC}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_OUT AND NOT out MATCHES "${EXPECT_OUT}")
  message(FATAL_ERROR "stdout does not match '${EXPECT_OUT}':\n${out}")
endif()
if(DEFINED EXPECT_ERR AND NOT err MATCHES "${EXPECT_ERR}")
  message(FATAL_ERROR "stderr does not match '${EXPECT_ERR}':\n${err}")
endif()
message(STATUS "ok: exit ${rc}")
