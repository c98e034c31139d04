-- wrk script: the request `tpbench run --backend http4 --option body=json` sends for ProfilingApplication's
-- default script `1+1` (a 4.0 server takes gremlin-lang only, so tpbench sends the same single
-- Integer result as `g.inject(2)`; include/tpbench/io/http4.hpp). compare.sh gives wrk these exact
-- body bytes so that both clients ask the server for the same work: the server's cost differs by
-- request (measured: the gremlin-groovy `1+1` of server_http4_1plus1.lua costs `tpbench serve`
-- ~25 % less CPU per request than this one). The head carries tpbench's User-Agent too (session 8):
-- without it each tpbench request cost `tpbench serve`'s I/O thread 12.6-12.9 us against wrk's
-- 11.8-12.1 us (the server parses and stores one more field), and the server's I/O thread, saturated,
-- set both tools' req/s. With it the two heads differ only in the order of their fields.
wrk.method = "POST"
wrk.body = '{"gremlin":"g.inject(2)","batchSize":64}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/vnd.graphbinary-v4.0"
wrk.headers["User-Agent"] = "tpbench/0.1.0 http4"
