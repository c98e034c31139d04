'use strict';
// client.submit (eval op) with GraphBinary 1.0 and GraphSON 3.0 against `tpbench serve`.
const gremlin = require('./driver');
const { startServer, main, assert } = require('./lib');

const exercise = [
  ['g.V()', 6],
  ["g.V(1).out('knows')", 2],
  ["g.V(1).out('knows').has('name','josh')", 1],
  ['g.V(1).as("a").out("knows").as("b").select("a", "b")', 2],
  ['g.V(1).as("a").out("knows").as("b").select("a", "b").by("name")', 2],
  ['g.V().hasLabel("person").as("p").map(__.bothE().label().groupCount()).as("r").select("p", "r")', 4],
  ['g.V().choose(__.outE().count().is(0L), __.as("a"), __.as("b")).choose(__.select("a"), __.select("a"), __.select("b"))', 6],
  ['g.V().group("a").by(T.label).by(outE().values("weight").sum()).cap("a")', 1],
  ['g.V().repeat(__.union(__.out("knows").group("a").by("age"), __.out("created").group("b").by("name").by(count())).group("a").by("name")).times(2).cap("a", "b")', 1],
  ['g.V().match(\n  as("a").out("knows").as("b"),\n  as("b").out("created").has("name", "lop"),\n  as("b").match(\n  as("b").out("created").as("d"),\n  as("d").in("created").as("c")).select("c").as("c")).<Vertex>select("a", "b", "c")', 4],
];

const num = (v) => (typeof v === 'object' && v !== null && 'value' in v ? Number(v.value) : Number(v));

main('submit_test.js', async (bin, check) => {
  const srv = await startServer(bin);
  try {
    for (const mimeType of ['application/vnd.graphbinary-v1.0', 'application/vnd.gremlin-v3.0+json']) {
      const client = new gremlin.driver.Client(srv.url, { traversalSource: 'g', mimeType });
      await client.open();
      try {
        let rs = await client.submit('g.V().count()');
        check(num(rs.first()) === 6, `${mimeType}: g.V().count() = ${rs.first()}`);

        rs = await client.submit("g.V(1).out('knows')");
        const ids = rs.toArray().map((v) => num(v.id)).sort();
        assert.deepStrictEqual(ids, [2, 4], `${mimeType}: g.V(1).out('knows') ids`);
        check(rs.toArray().every((v) => v.label === 'person'), `${mimeType}: labels`);

        rs = await client.submit("g.V(1).out('knows').values('name')");
        assert.deepStrictEqual(rs.toArray().slice().sort(), ['josh', 'vadas']);
        check(true);

        rs = await client.submit('1+1');
        check(num(rs.first()) === 2, `${mimeType}: 1+1 = ${rs.first()}`);

        rs = await client.submit('g.V(x).values("name")', { x: 4 });
        check(rs.first() === 'josh', `${mimeType}: binding x -> ${rs.first()}`);

        for (const [script, count] of exercise) {
          rs = await client.submit(script);
          check(rs.length === count, `${mimeType}: ${JSON.stringify(script)} gave ${rs.length} results, expected ${count}`);
        }

        // Many requests in flight on the connection.
        const all = await Promise.all(Array.from({ length: 32 }, (_, i) => client.submit(`${i}+1`)));
        all.forEach((r, i) => check(num(r.first()) === i + 1, `${mimeType}: pipelined ${i}+1`));

        // Streaming over several batches.
        rs = await client.submit('g.V().repeat(both()).times(8)', null, { batchSize: 64 });
        check(rs.length === 5910, `${mimeType}: times(8) gave ${rs.length}`);

        let err = null;
        try { await client.submit('g.V().nosuchstep('); } catch (e) { err = e; }
        check(err !== null, `${mimeType}: invalid script must fail`);
        check(err.statusCode === 597, `${mimeType}: invalid script status ${err && err.statusCode}`);
        check(err instanceof gremlin.driver.ResponseError, `${mimeType}: ResponseError`);
      } finally {
        await client.close();
      }
    }
  } finally {
    const { code, signal } = await srv.stop();
    check(code === 0, `server exit code ${code} signal ${signal}`);
  }
});
