'use strict';
// Baseline for the load engine: the npm gremlin@3.7.3 driver sending `1+1` over CONNECTIONS
// WebSocket connections (default 1) with IN_FLIGHT requests outstanding on each, for REQUESTS
// requests. Prints req/s and the process CPU seconds per request (user+system, process.cpuUsage()).
// Usage: node bench/engine_node_driver.js ws://127.0.0.1:PORT/gremlin [requests] [in_flight] [mime]
//        [connections]
// mime: the driver's serializer, default the driver's own (GraphSON 3.0,
// application/vnd.gremlin-v3.0+json); bench/compare.sh passes the format tpbench uses in the same
// row (application/vnd.graphbinary-v1.0 for GraphBinary 1.0), so both clients put the same bytes on
// the wire and the server does the same work.
const path = require('path');
const gremlin = require(path.join(__dirname, '..', 'tests', 'conformance', 'node_modules', 'gremlin'));

async function main() {
  const url = process.argv[2];
  const total = Number(process.argv[3] || 20000);
  const inFlight = Number(process.argv[4] || 64);
  const mimeType = process.argv[5] || 'application/vnd.gremlin-v3.0+json';
  const connections = Number(process.argv[6] || 1);
  const clients = [];
  for (let c = 0; c < connections; ++c) {
    const client = new gremlin.driver.Client(url, { traversalSource: 'g', mimeType });
    await client.open();
    clients.push(client);
  }
  for (let i = 0; i < 1000; ++i) await clients[i % connections].submit('1+1');  // warm-up
  let next = 0, done = 0, errors = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await new Promise((resolve) => {
    const lane = (client) => {
      if (next >= total) return;
      ++next;
      client.submit('1+1').then((rs) => { if (rs.first() !== 2) ++errors; }, () => { ++errors; }).finally(() => {
        if (++done === total) resolve(); else lane(client);
      });
    };
    for (const client of clients) for (let i = 0; i < inFlight; ++i) lane(client);
  });
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const cpuSecs = (cpu.user + cpu.system) / 1e6;
  console.log(JSON.stringify({ requests: total, errors, mimeType, connections, seconds: secs, rps: total / secs,
                               cpu_seconds: cpuSecs, cpu_us_per_request: cpuSecs * 1e6 / total }));
  for (const client of clients) await client.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
