// Runs every test layer (lint, format, typecheck, unit + property, e2e in Chromium)
// and ends with one summary line over all of them: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const out = 'test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n── ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function step(label, cmd, args, env = {}) {
  const ok = run(label, cmd, args, env);
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
  return ok;
}

function countJson(file, label, ok) {
  if (!existsSync(file)) {
    failed++;
    failures.push(`${label} (no report)`);
    return;
  }
  const j = JSON.parse(readFileSync(file, 'utf8'));
  const st = j.stats ?? {};
  const p = label === 'unit' ? (j.numPassedTests ?? 0) : (st.expected ?? 0) + (st.flaky ?? 0);
  let f =
    label === 'unit' ? (j.numFailedTests ?? 0) + (j.numRuntimeErrorTestSuites ?? 0) : (st.unexpected ?? 0);
  const s = label === 'unit' ? (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0) : (st.skipped ?? 0);
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  skipped += s;
  if (f > 0) failures.push(`${label}: ${f} failed`);
}

step('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
step('format', 'npx', ['prettier', '--check', '.']);
step('typecheck', 'npm', ['run', '--silent', 'typecheck']);

const unitJson = join(out, 'unit.json');
const unitOk = run('unit + property', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitJson}`,
]);
countJson(unitJson, 'unit', unitOk);

// Flent interop: Debian's Flent reads simulated data files; its own "N passed, N failed" line counts.
if (!run('flent', 'bash', ['scripts/ensure-flent.sh'])) {
  failed++;
  failures.push('flent (not installed)');
} else {
  console.log('\n── flent interop: npx tsx scripts/flent-check.ts');
  const r = spawnSync('npx', ['tsx', 'scripts/flent-check.ts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(r.stdout ?? '');
  const m = /^(\d+) passed, (\d+) failed$/m.exec(r.stdout ?? '');
  const p = m ? Number(m[1]) : 0;
  let f = m ? Number(m[2]) : 0;
  if (r.status !== 0 && f === 0) f = 1;
  passed += p;
  failed += f;
  if (f > 0) failures.push(`flent: ${f} failed`);
}

// The e2e tests run on a build for tests: it carries the worker fault injection (src/worker/test-faults.ts).
const haveChromium = run('chromium', 'bash', ['scripts/ensure-chromium.sh']);
if (!haveChromium) {
  failed++;
  failures.push('e2e (no Chromium)');
} else if (step('build', 'npx', ['vite', 'build'], { VITE_TSQ_TEST_FAULTS: '1' })) {
  const e2eJson = join(out, 'e2e.json');
  const e2eOk = run('e2e', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson });
  countJson(e2eJson, 'e2e', e2eOk);
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
