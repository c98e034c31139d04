'use strict';
// Loads the npm gremlin@3.7.3 driver, with a clear message when it is not installed.
try {
  module.exports = require('gremlin');
} catch (e) {
  console.error('conformance: the npm package gremlin@3.7.3 is missing in tests/conformance/node_modules; ' +
    'run TPBENCH_NEED_NODE=1 scripts/setup (or npm install in tests/conformance)');
  process.exit(1);
}
