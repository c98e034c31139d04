-- wrk script: http4 `1+1` against `tpbench serve` (plain JSON body, GraphBinary 4 response).
-- Usage: see docs/performance.md ("Embedded server").
wrk.method = "POST"
wrk.body = '{"gremlin":"1+1","language":"gremlin-groovy"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/vnd.graphbinary-v4.0"
