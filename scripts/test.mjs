#!/usr/bin/env node
// `npm test`: every test — unit and server integration (Vitest), then the browser journeys
// (Playwright on the system Chromium, against the built app on a fresh database).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'circula-test-'));
/** How long each step took, printed at the end: where a slow run (CI) spent its time. */
const timings = [];
const run = (command, args, env = {}) => {
  const started = Date.now();
  const status = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  timings.push(`${[command, ...args.filter((arg) => !arg.startsWith('--'))].join(' ')}: ${Math.round((Date.now() - started) / 1000)} s`);
  return status;
};

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

const vitestReport = path.join(reports, 'vitest.json');
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // CI shows only the end of the output: name every failed test (and a file that failed to run) there.
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) failedTests.push(`vitest ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failed.length === 0) failedTests.push(`vitest ${where}: ${firstLine(file.message)}`);
  }
}
if (vitest !== 0) failures.push('vitest');

const chromium = run('node', ['scripts/ensure-chromium.mjs']);
if (chromium !== 0) failures.push('chromium missing');
else if (run('npm', ['run', 'build', '-w', '@circula/web']) !== 0) failures.push('web build');
else {
  const playwrightReport = path.join(reports, 'playwright.json');
  const e2e = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport });
  if (existsSync(playwrightReport)) {
    const { stats, suites } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          const error = test.results?.at(-1)?.error?.message;
          failedTests.push(`playwright ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of suites ?? []) visit(suite);
  }
  if (e2e !== 0) failures.push('playwright');
}
rmSync(reports, { recursive: true, force: true });

console.log(`\nSteps: ${timings.join('; ')}`);
if (failedTests.length) console.error(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failures.length) console.error(`\nFailed: ${failures.join(', ')}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
