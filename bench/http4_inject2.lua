-- wrk script: the request `tpbench run --backend http4 --option body=json` sends for ProfilingApplication's
-- default script `1+1` (a 4.0 server takes gremlin-lang only, so tpbench sends the same single
-- Integer result as `g.inject(2)`; include/tpbench/io/http4.hpp). compare.sh gives wrk these exact
-- body bytes so that both clients ask the server for the same work: the server's cost differs by
-- request (measured: the gremlin-groovy `1+1` of server_http4_1plus1.lua costs `tpbench serve`
-- ~25 % less CPU per request than this one).
wrk.method = "POST"
wrk.body = '{"gremlin":"g.inject(2)","batchSize":64}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/vnd.graphbinary-v4.0"
