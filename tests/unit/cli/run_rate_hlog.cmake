# `tpbench run --rate R --hlog F` on the embedded server writes an interval log that
# `tpbench merge` reads back with every completed request in it.
#   -DTPBENCH=path -DOUT=dir
set(_log ${OUT}/rate.hlog)
file(REMOVE ${_log})
execute_process(COMMAND ${TPBENCH} run --backend http4 --rate 200 --duration 2 --quiet --format csv --hlog ${_log}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "run exited ${rc}\n${out}\n${err}")
endif()
file(STRINGS ${_log} lines REGEX "^[0-9.]+,1.000,[0-9.]+,HISTF")
list(LENGTH lines n)
if(n LESS 2)
  message(FATAL_ERROR "expected at least 2 one-second intervals in ${_log}, got ${n}")
endif()
execute_process(COMMAND ${TPBENCH} merge ${OUT}/rate-merged.hlog ${_log} RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT err MATCHES "from 1 logs .* \\(([0-9]+) values")
  message(FATAL_ERROR "merge failed (${rc}): ${err}")
endif()
if(CMAKE_MATCH_1 LESS 300)
  message(FATAL_ERROR "expected about 400 values (200 req/s for 2 s), got ${CMAKE_MATCH_1}")
endif()
message(STATUS "ok: ${n} intervals, ${CMAKE_MATCH_1} values")
