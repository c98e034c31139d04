'use strict';
// The real npm gremlin@3.7.3 driver over wss:// with SASL PLAIN (PlainTextSaslAuthenticator)
// against `tpbench serve --tls-cert/--tls-key --credentials`: right results with the right
// password (eval with both serializers, bytecode via DriverRemoteConnection), a 401
// ResponseError with a wrong one, a refused handshake when the test CA is not trusted, and the
// password never in the server's output. Certificates come from tpbench_test_pki (argv[3]).
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const gremlin = require('./driver');
const { startServer, main, assert } = require('./lib');

const { PlainTextSaslAuthenticator } = gremlin.driver.auth;
const { traversal } = gremlin.process.AnonymousTraversalSource;
const { DriverRemoteConnection } = gremlin.driver;
const num = (v) => (typeof v === 'object' && v !== null && 'value' in v ? Number(v.value) : Number(v));
const PASSWORD = 'c0nf0rmance-Pw:' + process.pid;  // contains ':' on purpose

main('secure_test.js', async (bin, check) => {
  const pkiBin = process.argv[3];
  if (!pkiBin) throw new Error('usage: node secure_test.js /path/to/tpbench /path/to/tpbench_test_pki');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tpbench-conformance-'));
  try {
    const files = {};
    for (const line of execFileSync(pkiBin, [dir], { encoding: 'utf8' }).split('\n')) {
      const i = line.indexOf('=');
      if (i > 0) files[line.slice(0, i)] = line.slice(i + 1);
    }
    const creds = path.join(dir, 'users.txt');
    fs.writeFileSync(creds, `# conformance users\nstephen:${PASSWORD}\nreader:other\n`, { mode: 0o600 });
    const ca = [fs.readFileSync(files.ca_cert)];

    const srv = await startServer(bin, ['--tls-cert', files.server_cert, '--tls-key', files.server_key,
      '--credentials', creds], { captureStderr: true });
    const url = `wss://localhost:${srv.port}/gremlin`;
    try {
      check(/wss:\/\//.test(srv.output()), `banner names wss: ${srv.output()}`);
      for (const mimeType of ['application/vnd.graphbinary-v1.0', 'application/vnd.gremlin-v3.0+json']) {
        const authenticator = new PlainTextSaslAuthenticator('stephen', PASSWORD);
        const client = new gremlin.driver.Client(url, { traversalSource: 'g', mimeType, ca, authenticator });
        await client.open();
        try {
          let rs = await client.submit('g.V().count()');
          check(num(rs.first()) === 6, `${mimeType}: g.V().count() = ${rs.first()}`);
          rs = await client.submit("g.V(1).out('knows').values('name')");
          assert.deepStrictEqual(rs.toArray().slice().sort(), ['josh', 'vadas']);
          check(true);
          rs = await client.submit('1+1');
          check(num(rs.first()) === 2, `${mimeType}: 1+1 = ${rs.first()}`);
          // Pipelined on the authenticated connection.
          const all = await Promise.all(Array.from({ length: 16 }, (_, i) => client.submit(`${i}*3`)));
          all.forEach((r, i) => check(num(r.first()) === i * 3, `${mimeType}: pipelined ${i}*3`));
          rs = await client.submit('g.V().repeat(both()).times(3)', null, { batchSize: 8 });
          check(rs.length === 72, `${mimeType}: times(3) over wss gave ${rs.length}`);
          // Many frames through TLS (92 batches of 64), as submit_test.js does in plaintext.
          rs = await client.submit('g.V().repeat(both()).times(8)', null, { batchSize: 64 });
          check(rs.length === 5910, `${mimeType}: times(8) over wss gave ${rs.length}`);
        } finally {
          await client.close();
        }
      }

      // Bytecode (traversal op) through DriverRemoteConnection, also authenticated.
      {
        const authenticator = new PlainTextSaslAuthenticator('reader', 'other');
        const conn = new DriverRemoteConnection(url, { ca, authenticator });
        try {
          const g = traversal().withRemote(conn);
          const names = await g.V().hasLabel('software').values('name').toList();
          assert.deepStrictEqual(names.slice().sort(), ['lop', 'ripple']);
          check(true);
        } finally {
          await conn.close();
        }
      }

      // Wrong password: a 401 ResponseError, in bounded time, never a result.
      {
        const authenticator = new PlainTextSaslAuthenticator('stephen', PASSWORD + 'x');
        const client = new gremlin.driver.Client(url, { traversalSource: 'g', ca, authenticator });
        let err = null;
        const t0 = Date.now();
        try { await client.submit('1+1'); } catch (e) { err = e; }
        check(err !== null, 'a wrong password must fail');
        check(err instanceof gremlin.driver.ResponseError, `wrong password: ResponseError, got ${err}`);
        check(err.statusCode === 401, `wrong password status ${err && err.statusCode}`);
        check(/incorrect/.test(err.statusMessage || err.message), `401 message: ${err.message}`);
        check(Date.now() - t0 < 10000, 'refusal is quick');
        await client.close().catch(() => {});
      }

      // The test CA not trusted: the TLS handshake is refused by the driver's socket.
      {
        const authenticator = new PlainTextSaslAuthenticator('stephen', PASSWORD);
        const client = new gremlin.driver.Client(url, { traversalSource: 'g', authenticator });
        let err = null;
        try { await client.open(); await client.submit('1+1'); } catch (e) { err = e; }
        check(err !== null, 'untrusted server certificate must fail');
        const why = err ? `${err.code} ${err.message}` : '';
        check(/certificate|self[- ]signed|issuer|UNABLE_TO_VERIFY/i.test(why), `untrusted: ${why}`);
        await client.close().catch(() => {});
      }
    } finally {
      const { code, signal } = await srv.stop();
      check(code === 0, `server exit code ${code} signal ${signal}`);
      check(!srv.output().includes(PASSWORD), 'the password must not appear in the server output');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
