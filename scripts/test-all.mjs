#!/usr/bin/env node
// `npm test`: the machine's prerequisites (scripts/prerequisites.sh), type-check,
// lint, unit + contract tests (vitest), end-to-end tests (Playwright in browser
// mode), the stock consoles Saber 4.9 and Sword 4.5, then one closing line
// `N passed, N failed`.
//
// The unit tests use the real OS keychain through keytar. Without a D-Bus
// session (CI, a headless shell) this script re-runs itself inside
// `dbus-run-session` with an unlocked gnome-keyring and a throw-away HOME, so
// no keyring file lands in the real home.

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

// the machine packages (Debian/Ubuntu): installed when possible, else the apt-get
// command is printed; once, before the keyring wrap below re-runs this script
if (process.platform === 'linux' && !process.env.SMC_PREREQUISITES_DONE) {
  spawnSync('sh', [join(root, 'scripts/prerequisites.sh')], { stdio: 'inherit', cwd: root });
  process.env.SMC_PREREQUISITES_DONE = '1';
}

if (!process.env.DBUS_SESSION_BUS_ADDRESS && !process.env.SMC_NO_KEYRING_WRAP) {
  const which = spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon'], {
    encoding: 'utf8',
  });
  if (which.status === 0) {
    const home = mkdtempSync(join(tmpdir(), 'smc-keyring-'));
    const inner =
      'echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; ' +
      `exec "${process.execPath}" "${join(root, 'scripts/test-all.mjs')}" ${process.argv.slice(2).join(' ')}`;
    const r = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], {
      stdio: 'inherit',
      cwd: root,
      env: { ...process.env, HOME: home, XDG_DATA_HOME: home, SMC_REAL_HOME: process.env.HOME ?? '' },
    });
    rmSync(home, { recursive: true, force: true });
    process.exit(r.status ?? 1);
  }
  console.warn('warning: no dbus-run-session / gnome-keyring-daemon: keychain tests will be skipped');
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

/** how long each step took (the summary lists them: where a run's time goes) */
const timings = [];
const started = Date.now();
const minutes = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/**
 * Runs one step. In the foreground its output goes to this terminal; `log` (a file path): to that file instead,
 * for a step that runs beside another (printed after, by `printLog`). Answers whether it exited 0.
 */
async function run(label, cmd, args, env = {}, log) {
  const header = `\n=== ${label}: ${cmd} ${args.join(' ')}`;
  if (!log) console.log(header);
  const t = Date.now();
  const out = log ? openSync(log, 'a') : undefined;
  if (out !== undefined) writeSync(out, `${header}\n`);
  const child = spawn(cmd, args, { stdio: out === undefined ? 'inherit' : ['ignore', out, out], cwd: root, env: { ...process.env, ...env } });
  if (out !== undefined) closeSync(out);
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (c) => resolve(c ?? 1));
  });
  timings.push(`${label} ${minutes(Date.now() - t)}${log ? ' (beside)' : ''}`);
  return code === 0;
}

/** A fresh log file for a step that runs beside another. */
const logFile = (name) => join(mkdtempSync(join(tmpdir(), `smc-${name}-`)), 'output.log');
const printLog = (log) => console.log(readFileSync(log, 'utf8').trimEnd());

/** A step that is one check (type-check, lint, build). */
async function check(label, cmd, args) {
  const ok = await run(label, cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  steps.push(`${label}: ${ok ? 'ok' : 'FAILED'}`);
  return ok;
}

/** The tests of a Playwright JSON report that failed or passed only on a retry: [status, 'file:line › title']. */
function notPassed(suites, path = []) {
  const out = [];
  for (const suite of suites) {
    const here = suite.title && !suite.file?.endsWith(suite.title) ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          out.push([test.status === 'flaky' ? 'flaky' : 'failed', `${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}`]);
        }
      }
    }
    out.push(...notPassed(suite.suites ?? [], here));
  }
  return out;
}

/**
 * A Playwright run, counted from its JSON report. Answers the summary lines it adds (in order, by the caller,
 * so a run beside another keeps its place in the summary); `log`: run beside, its output to that file.
 */
async function playwright(label, args, log) {
  const lines = [];
  const pwJson = join(mkdtempSync(join(tmpdir(), 'smc-pw-')), 'report.json');
  await run(label, bin('playwright'), ['test', ...args], { PW_JSON_REPORT: pwJson }, log);
  if (!existsSync(pwJson)) {
    totals.failed += 1;
    lines.push(`${label}: no report (crashed)`);
    return lines;
  }
  const report = JSON.parse(readFileSync(pwJson, 'utf8'));
  const s = report.stats;
  totals.passed += s.expected + (s.flaky ?? 0);
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  lines.push(`${label}: ${s.expected} passed, ${s.flaky ?? 0} flaky (passed on retry), ${s.unexpected} failed, ${s.skipped} skipped`);
  // which ones, where the end of the log shows it (a flaky test is named too: it is the next failure)
  for (const [status, title] of notPassed(report.suites ?? [])) lines.push(`  ${status}: ${title}`);
  if (s.expected + s.unexpected === 0) {
    totals.failed += 1;
    lines.push(`${label}: ran no test`);
  }
  return lines;
}

// Saber 4.9 and Sword 4.5, the stock consoles: built from their unchanged sources (kept in .cache/saber and
// .cache/sword between runs; Sword's first build installs its packages, about 2 minutes), one after the other,
// beside type-check, lint and the unit + contract tests (those leave about a fifth of two cores idle: contract
// files waiting on PostgreSQL, a lease, a schedule); then each driven against the embedded back end through its
// own pages, beside the end-to-end run. Their output is printed after that run's.
let endToEndBegins = () => {};
const whenEndToEndBegins = new Promise((resolve) => (endToEndBegins = resolve));
const stockLog = logFile('stock-consoles');
const stockConsoles = (async () => {
  const built = await run(
    'saber and sword builds',
    'sh',
    ['-c', `"${process.execPath}" "${join(root, 'scripts/saber.mjs')}" build && "${process.execPath}" "${join(root, 'scripts/sword.mjs')}" build`],
    {},
    stockLog,
  );
  totals[built ? 'passed' : 'failed'] += 1;
  const lines = [`saber and sword builds: ${built ? 'ok' : 'FAILED'}`];
  if (!built) return lines;
  await whenEndToEndBegins;
  lines.push(...(await playwright('saber', ['-c', 'playwright.saber.config.ts'], stockLog)));
  lines.push(...(await playwright('sword', ['-c', 'playwright.sword.config.ts'], stockLog)));
  return lines;
})();

await check('type-check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
await check('lint', bin('eslint'), ['.', '--max-warnings', '0']);

// vitest: unit + contract, counted from its JSON report
const vitestJson = join(mkdtempSync(join(tmpdir(), 'smc-vitest-')), 'report.json');
await run('unit + contract', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += report.numPassedTests;
  // a file that cannot load fails no test but fails the run: count it once
  totals.failed += report.numFailedTests + (!report.success && report.numFailedTests === 0 ? 1 : 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  steps.push(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, success ${report.success}`);
  // why the run failed, where the end of the log shows it: each failed file (a load error, a hook) and its message
  for (const file of report.testResults ?? []) {
    if (file.status !== 'failed') continue;
    const message = String(file.message || (file.assertionResults ?? []).find((a) => a.status === 'failed')?.failureMessages?.[0] || '')
      .replace(/\s+/g, ' ')
      .slice(0, 400);
    steps.push(`  failed: ${relative(process.cwd(), file.name)}${message ? ` — ${message}` : ''}`);
  }
  if (!report.success && !(report.testResults ?? []).some((f) => f.status === 'failed')) {
    steps.push('  failed: no file failed; an unhandled error ended the run (see "Unhandled Errors" in the vitest output above)');
  }
} else {
  totals.failed += 1;
  steps.push('vitest: no report (crashed)');
}

// end to end: build the renderer, then Playwright against browser mode; the stock consoles' runs start beside it
const built = await check('build', bin('electron-vite'), ['build', '--logLevel', 'warn']);
endToEndBegins();
if (built) steps.push(...(await playwright('end to end', [])));
const stockLines = await stockConsoles;
console.log(`\n=== saber and sword (beside the steps before), their output:`);
printLog(stockLog);
steps.push(...stockLines);

console.log('\n' + steps.join('\n'));
console.log(`time: ${timings.join(', ')}; in all ${minutes(Date.now() - started)}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
