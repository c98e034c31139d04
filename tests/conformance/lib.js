'use strict';
// Shared helpers for the conformance scripts: start `tpbench serve --port 0`, read the printed
// port, stop it with SIGTERM (and check it exits cleanly), bounded in time.
const { spawn } = require('child_process');
const assert = require('assert');

// options.captureStderr: keep the server's stderr in `srv.output()` (with stdout) instead of
// passing it through — for tests that check what the server printed.
function startServer(bin, extraArgs = [], options = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn(bin, ['serve', '--host', '127.0.0.1', '--port', '0', ...extraArgs],
      { stdio: ['ignore', 'pipe', options.captureStderr ? 'pipe' : 'inherit'] });
    let out = '';
    let all = '';
    if (options.captureStderr) proc.stderr.on('data', (d) => { all += d; });
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error('server did not print its port in 20 s')); }, 20000);
    proc.on('error', (e) => { clearTimeout(timer); reject(e); });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited early with ${code}: ${out}`)); });
    proc.stdout.on('data', (d) => {
      out += d;
      all += d;
      const m = /listening on [^\s]+:(\d+) /.exec(out);
      if (m) {
        clearTimeout(timer);
        proc.removeAllListeners('exit');
        const port = Number(m[1]);
        resolve({
          port,
          url: `ws://127.0.0.1:${port}/gremlin`,
          output: () => all,
          stop: () => new Promise((res, rej) => {
            const t = setTimeout(() => { proc.kill('SIGKILL'); rej(new Error('server did not stop within 10 s of SIGTERM')); }, 10000);
            proc.on('exit', (code, signal) => { clearTimeout(t); res({ code, signal }); });
            proc.kill('SIGTERM');
          }),
        });
      }
    });
  });
}

// Runs the async test body with a global time limit; exits non-zero on failure.
function main(name, body, limitMs = 120000) {
  const bin = process.argv[2];
  if (!bin) {
    console.error(`usage: node ${name} /path/to/tpbench`);
    process.exit(2);
  }
  const timer = setTimeout(() => { console.error(`${name}: timed out after ${limitMs} ms`); process.exit(1); }, limitMs);
  let checks = 0;
  const check = (cond, msg) => { checks++; assert.ok(cond, msg); };
  body(bin, check).then(() => {
    clearTimeout(timer);
    console.log(`${name}: ${checks} checks passed`);
    process.exit(0);
  }, (e) => {
    clearTimeout(timer);
    console.error(`${name}: FAILED: ${e && e.stack ? e.stack : e}`);
    process.exit(1);
  });
}

module.exports = { startServer, main, assert };
