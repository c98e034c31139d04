-- wrk script: the exact request `tpbench run --backend http4 --script '1+1'` sends to a real
-- TinkerPop 4.0 master server (captured with strace): a GraphBinary 4.0 request body asking for
-- `g.inject(2)` with batchSize 64, and tpbench's head fields. bench/realserver_cost.sh's wrk rows
-- use it, so wrk and tpbench ask the server for the same work with the same bytes.
wrk.method = "POST"
wrk.body = "\132\0\0\0\1\3\0\0\0\0\9\98\97\116\99\104\83\105\122\101\1\0\0\0\0\64\0\0\0\11\103\46\105\110\106\101\99\116\40\50\41"
wrk.headers["User-Agent"] = "tpbench/0.1.0 http4"
wrk.headers["Content-Type"] = "application/vnd.graphbinary-v4.0"
wrk.headers["Accept"] = "application/vnd.graphbinary-v4.0"
