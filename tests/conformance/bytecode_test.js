'use strict';
// Remote traversals (bytecode op, traversal processor) via DriverRemoteConnection.
const gremlin = require('./driver');
const { startServer, main, assert } = require('./lib');

const { traversal } = gremlin.process.AnonymousTraversalSource;
const { DriverRemoteConnection } = gremlin.driver;
const { Bytecode } = gremlin.process;
const num = (v) => (typeof v === 'object' && v !== null && 'value' in v ? Number(v.value) : Number(v));

main('bytecode_test.js', async (bin, check) => {
  const srv = await startServer(bin);
  try {
    for (const mimeType of ['application/vnd.graphbinary-v1.0', 'application/vnd.gremlin-v3.0+json']) {
      const conn = new DriverRemoteConnection(srv.url, { mimeType });
      const g = traversal().withRemote(conn);
      try {
        const names = await g.V().out('knows').values('name').toList();
        assert.deepStrictEqual(names.slice().sort(), ['josh', 'vadas'], `${mimeType}: knows names`);
        check(true);

        const count = await g.V().count().next();
        check(num(count.value) === 6 && count.done === false, `${mimeType}: count ${JSON.stringify(count)}`);

        const ages = await g.V().hasLabel('person').values('age').toList();
        assert.deepStrictEqual(ages.map(num).sort(), [27, 29, 32, 35], `${mimeType}: ages`);
        check(true);

        const paths = await g.V(1).out('knows').path().toList();
        check(paths.length === 2, `${mimeType}: path count ${paths.length}`);
        for (const p of paths) {
          check(p.objects.length === 2, `${mimeType}: path length`);
          check(num(p.objects[0].id) === 1, `${mimeType}: path starts at marko`);
        }

        const vs = await g.V().toList();
        check(vs.length === 6, `${mimeType}: g.V() ${vs.length}`);

        // Bulked traversers are expanded by the driver.
        const walk = await g.V().both().both().count().next();
        check(num(walk.value) === 30, `${mimeType}: both().both().count() ${num(walk.value)}`);
        const both = await g.V().both().both().toList();
        check(both.length === 30, `${mimeType}: both().both() ${both.length}`);

        const bc = new Bytecode();
        bc.addStep('V', []);
        bc.addStep('noSuchStepAnywhere', []);
        let err = null;
        try { await conn.submit(bc); } catch (e) { err = e; }
        check(err !== null, `${mimeType}: bad bytecode must fail`);
        check(err instanceof gremlin.driver.ResponseError, `${mimeType}: ResponseError`);
        check(err.statusCode === 500 || err.statusCode === 597 || err.statusCode === 499,
          `${mimeType}: bad bytecode status ${err.statusCode}`);
      } finally {
        await conn.close();
      }
    }
  } finally {
    const { code } = await srv.stop();
    check(code === 0, `server exit code ${code}`);
  }
});
