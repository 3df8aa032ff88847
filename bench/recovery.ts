/**
 * Worker recovery in the browser (issue 24): how long the explorer takes to
 * be running again after its simulation worker throws, is killed
 * (terminate) or hangs. A build for tests (VITE_TSQ_TEST_FAULTS=1, which
 * carries the fault injector) is served by `vite preview` and opened in
 * headless Chromium; for each fault the page runs bench-wired with a changed
 * knob and seed for 2.5 s (so they are the last good settings), injects the
 * fault and measures, in the page's own clock:
 *   detected — fault → the supervisor reports the failure;
 *   recovered — fault → the first frame of the restored run.
 * Target: recovered < 1 s for every fault. Reports; never fails.
 *
 *   npx tsx bench/recovery.ts [--reps 3] [--port 4186]   (also run by `npm run bench`)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import type {} from '../src/app/test-hook-types';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';

export type Fault = 'throw' | 'terminate' | 'hang';
export const FAULTS: readonly Fault[] = ['throw', 'terminate', 'hang'];
export const RECOVERY_TARGET_MS = 1000;

export interface RecoveryRow {
  fault: Fault;
  /** Per repetition, ms. */
  detectedMs: number[];
  recoveredMs: number[];
  medianMs: number;
  maxMs: number;
}

export interface RecoveryResult {
  rows: RecoveryRow[];
  errors: string[];
}

const DIST = 'dist-bench-recovery';
declare const window: Window & { __tsqFault?: number; __tsqDetected?: number };

function build(): boolean {
  const r = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', DIST, '--emptyOutDir'],
    { encoding: 'utf8', env: { ...process.env, VITE_TSQ_TEST_FAULTS: '1' } },
  );
  if (r.status !== 0) console.error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
  return r.status === 0;
}

function preview(port: number): ChildProcess {
  return spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      '--outDir',
      DIST,
    ],
    { stdio: 'ignore' },
  );
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? s.length % 2
      ? s[(s.length - 1) / 2]
      : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
    : NaN;
};

/** One fault on a fresh page: [detected, recovered] in ms of the page's clock. */
async function once(page: Page, base: string, fault: Fault): Promise<[number, number]> {
  await page.goto(`${base}?preset=bench-wired&seed=7&tcp.sk_pacing_shift=8`);
  await page.waitForFunction(() => window.__tsq?.ready() === true, undefined, { timeout: 60_000 });
  await page.evaluate(() => window.__tsq!.play());
  const t0 = await page.evaluate(() => performance.now());
  await page.waitForFunction((t) => window.__tsq!.running() && window.__tsq!.lastFrameAt() > t + 2500, t0, {
    timeout: 30_000,
  });
  // No named functions inside evaluate: tsx would wrap them in a helper the page does not have.
  await page.evaluate((kind) => {
    window.__tsqDetected = undefined;
    window.__tsqFault = performance.now();
    const timer = setInterval(() => {
      if (window.__tsq!.workerHealth() === 'ok') return;
      window.__tsqDetected = performance.now();
      clearInterval(timer);
    }, 2);
    window.__tsq!.workerFault!(kind);
  }, fault);
  const handle = await page.waitForFunction(
    () => {
      const t = window.__tsq!;
      const at = window.__tsqFault!;
      return t.workerRestarts() >= 1 &&
        t.workerHealth() === 'recovered' &&
        t.running() &&
        t.ready() &&
        t.lastFrameAt() > at
        ? [(window.__tsqDetected ?? NaN) - at, t.lastFrameAt() - at]
        : null;
    },
    undefined,
    { timeout: 30_000, polling: 5 },
  );
  return (await handle.jsonValue()) as [number, number];
}

export async function benchRecovery(
  opts: { port: number; reps: number },
  log: (s: string) => void,
): Promise<RecoveryResult> {
  const errors: string[] = [];
  log(`recovery: building a test build into ${DIST}/`);
  if (!build()) return { rows: [], errors: ['vite build failed'] };
  const server = preview(opts.port);
  let browser: Browser | null = null;
  const rows: RecoveryRow[] = [];
  try {
    const base = `http://127.0.0.1:${opts.port}/`;
    await waitForHttp(base, 60_000);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
    for (const fault of FAULTS) {
      const detectedMs: number[] = [];
      const recoveredMs: number[] = [];
      for (let i = 0; i < opts.reps; i++) {
        const page = await browser.newPage();
        try {
          const [d, r] = await once(page, base, fault);
          detectedMs.push(d);
          recoveredMs.push(r);
          log(
            `recovery: ${fault} #${i + 1}: detected after ${d.toFixed(0)} ms, running again after ${r.toFixed(0)} ms`,
          );
        } catch (e) {
          errors.push(`${fault}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
        } finally {
          await page.close();
        }
      }
      rows.push({
        fault,
        detectedMs,
        recoveredMs,
        medianMs: median(recoveredMs),
        maxMs: Math.max(...recoveredMs),
      });
    }
  } finally {
    await browser?.close();
    server.kill();
  }
  return { rows, errors };
}

/** The report's table: one line per fault. */
export function recoveryTable(r: RecoveryResult): string {
  const lines = ['worker recovery (fault → first frame of the restored run; target < 1 s each):'];
  for (const row of r.rows) {
    const ok = row.recoveredMs.length > 0 && row.maxMs < RECOVERY_TARGET_MS;
    lines.push(
      `  ${row.fault.padEnd(9)} detected ${median(row.detectedMs).toFixed(0).padStart(5)} ms, recovered median ${row.medianMs.toFixed(0).padStart(5)} ms, max ${row.maxMs.toFixed(0).padStart(5)} ms  ${ok ? 'ok' : 'MISSED'}`,
    );
  }
  for (const e of r.errors) lines.push(`  error: ${e}`);
  return lines.join('\n');
}

// Run on its own: npx tsx bench/recovery.ts
if (process.argv[1] && /recovery\.ts$/.test(process.argv[1])) {
  const arg = (name: string, d: number) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : d;
  };
  benchRecovery(
    { port: arg('--port', 4186), reps: arg('--reps', 3) },
    (s) => void process.stderr.write(`${s}\n`),
  ).then(
    (r) => console.log(recoveryTable(r)),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
