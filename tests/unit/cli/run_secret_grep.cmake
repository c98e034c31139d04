# No secret in any output: runs tpbench's load commands with distinctive credentials (password on
# the command line, in an environment variable and in a file; an AWS secret key and session
# token) against the embedded server and against an unreachable port, writing every report
# format, and fails if a secret or its base64 wire form appears in stdout, stderr or any report.
#   -DTPBENCH=path -DOUT=dir -DBASE64_FORMS=a|b|c (the SASL and Basic encodings of the password)
set(PW "Zebra-Secret-7781-pw")
set(AWS_SECRET "AwsSecretKey/Zebra+0001")
set(AWS_TOKEN "AwsSessionToken-Zebra-0002")
set(UNREACHABLE 18599)  # authcli's port range; nothing listens there
file(MAKE_DIRECTORY ${OUT})
file(WRITE ${OUT}/pw.txt "${PW}\n")
file(WRITE ${OUT}/creds.ini "[default]\nuser = bob\npassword = ${PW}\n")
set(ENV{TPBENCH_TEST_PW} "${PW}")
set(ENV{AWS_ACCESS_KEY_ID} "AKIDZEBRA")
set(ENV{AWS_SECRET_ACCESS_KEY} "${AWS_SECRET}")
set(ENV{AWS_SESSION_TOKEN} "${AWS_TOKEN}")
set(ENV{AWS_REGION} "us-east-1")
set(small "--requests|40|--executions|1|--warmups|0|--pauseBetweenRuns|0|--quiet")

set(runs
  "run|--backend|http4|--user|bob|--password-env|TPBENCH_TEST_PW|${small}"
  "run|--backend|ws37|--user|bob|--password|${PW}|${small}"
  "run|--backend|ws37|--credentials-file|${OUT}/creds.ini|--testType|0|--script|g.V()|--executions|1|--warmups|0"
  "run|--backend|http4|--user|bob|--password-file|${OUT}/pw.txt|--rate|40|--duration|0.5|--format|json|--report|${OUT}/r.html"
  "run|--backend|http4|--user|bob|--password|${PW}|--rate|40|--duration|0.5|--format|csv|--report|${OUT}/r.json"
  "run|--backend|ws37|--user|bob|--password|${PW}|--rate|40|--duration|0.5|--format|markdown|--report|${OUT}/r.md"
  "run|--backend|http4|--auth|sigv4|--rate|40|--duration|0.5|--format|table|--report|${OUT}/r.csv"
  "ab|--side|http4 user=bob password-env=TPBENCH_TEST_PW|--side|ws37 user=bob password=${PW}|${small}|--format|json|--report|${OUT}/ab.html"
  "run|--host|127.0.0.1|--port|${UNREACHABLE}|--user|bob|--password|${PW}|${small}"
  "run|--host|https://127.0.0.1:${UNREACHABLE}/gremlin|--tls-insecure|--user|bob|--password|${PW}|--rate|20|--duration|0.3"
  "run|--host|wss://127.0.0.1:${UNREACHABLE}/gremlin|--tls-insecure|--auth|sigv4|${small}"
  "run|--host|wss://127.0.0.1:${UNREACHABLE}|--tls-insecure|--auth|sasl|--user|bob|--password|${PW}|--password-env|X"
  "profile|--backend|http4|--port|${UNREACHABLE}|--user|bob|--password|${PW}|host|127.0.0.1|requests|10|executions|1|warmups|0"
)
string(REPLACE "|" ";" forms "${BASE64_FORMS}")
set(secrets "${PW}" "${AWS_SECRET}" "${AWS_TOKEN}" ${forms})
set(n 0)
foreach(r IN LISTS runs)
  string(REPLACE "|" ";" args "${r}")
  execute_process(COMMAND ${TPBENCH} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 90)
  math(EXPR n "${n} + 1")
  if(rc STREQUAL "" OR NOT rc MATCHES "^[0-9]+$" OR rc GREATER 2)
    message(FATAL_ERROR "run ${n} (${r}) ended with '${rc}'\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  foreach(s IN LISTS secrets)
    string(FIND "${out}" "${s}" a)
    string(FIND "${err}" "${s}" b)
    if(NOT a EQUAL -1 OR NOT b EQUAL -1)
      message(FATAL_ERROR "run ${n} (${r}): a secret appears in the output\nstdout:\n${out}\nstderr:\n${err}")
    endif()
  endforeach()
  message(STATUS "run ${n}: exit ${rc}, no secret in stdout/stderr")
endforeach()
# The runs that must have worked did (so the grep looked at real output).
foreach(f r.html r.json r.md r.csv ab.html)
  if(NOT EXISTS ${OUT}/${f})
    message(FATAL_ERROR "report ${f} was not written")
  endif()
  file(READ ${OUT}/${f} text)
  foreach(s IN LISTS secrets)
    string(FIND "${text}" "${s}" a)
    if(NOT a EQUAL -1)
      message(FATAL_ERROR "report ${f} contains a secret")
    endif()
  endforeach()
endforeach()
file(READ ${OUT}/r.json json)
if(NOT json MATCHES "\"completed\":[1-9]")
  message(FATAL_ERROR "r.json shows no completed request:\n${json}")
endif()
message(STATUS "ok: ${n} runs, 5 reports, no secret anywhere")
