/**
 * `npm run bench`: how fast the core runs in Node (every preset and the
 * synthetic scenes, each in a fresh worker thread, several runs), a 4-point
 * sweep on the worker pool, and how the app behaves in headless Chromium.
 * Prints a table and writes JSON under bench/results/ (git-ignored). It
 * reports; it never fails (exit code 0 unless the benchmark itself breaks).
 *
 *   npm run bench                       everything (about 5 minutes)
 *   npm run bench -- --quick            2-second scenes, 3 runs, a 1.5-minute browser run
 *   npm run bench -- --no-browser       Node only
 *   npm run bench -- --long-minutes 10  the full 10-minute heap run
 *   npm run bench -- --only wifi        scenes whose name contains "wifi" (no sweep, no browser)
 *   npm run bench -- --browser-only     the build size and the browser measurements
 *   npm run bench -- --dpr 2 --viewport 1440x900   the page as on a high-density laptop screen (default 1400x900 at 1)
 *   npm run bench -- --vs-ns3           TSQ Lab beside ns-3 3.37 on the same scenes (bench/vs-ns3.ts; --reps, --only)
 *   npm run bench -- --scale            cost against rate, flows and stations (bench/scale.ts; --reps)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { benchBrowser, type BrowserResult } from './browser-bench';
import { benchScene, benchSweep, scenes, type SceneRow, type SweepResult } from './node-bench';
import { jsSizes, probeTable, sceneTable, targets, targetTable, type JsSize } from './report';
import { presetSpeedTable } from './preset-speeds';
import { runSpeedBench } from './speed-run';
import { benchStartup, startupTable, type StartupRow } from './startup';
import { benchRecovery, recoveryTable, type RecoveryResult } from './recovery';

interface Flags {
  quick: boolean;
  browser: boolean;
  browserOnly: boolean;
  reps: number;
  longMinutes: number;
  only: string | null;
  port: number;
  viewport: { width: number; height: number };
  dpr: number;
  vsNs3: boolean;
  scale: boolean;
}

function viewportOf(s: string): { width: number; height: number } {
  const [width, height] = s.split('x').map(Number);
  if (!(width > 0 && height > 0)) throw new Error(`--viewport wants WIDTHxHEIGHT, got ${s}`);
  return { width, height };
}

function parseFlags(argv: string[]): Flags {
  const val = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  return {
    quick,
    browser: !argv.includes('--no-browser'),
    browserOnly: argv.includes('--browser-only'),
    reps: Number(val('--reps') ?? (quick ? 3 : 7)),
    longMinutes: Number(val('--long-minutes') ?? (quick ? 1.5 : 2)),
    only: val('--only') ?? null,
    port: Number(val('--port') ?? 4183),
    viewport: viewportOf(val('--viewport') ?? '1400x900'),
    dpr: Number(val('--dpr') ?? 1),
    vsNs3: argv.includes('--vs-ns3'),
    scale: argv.includes('--scale'),
  };
}

const DIST = 'dist-bench';

function build(): boolean {
  const r = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', DIST, '--emptyOutDir'],
    // A build for tests: the browser scenes read the run through window.__tsq.
    { encoding: 'utf8', env: { ...process.env, VITE_TSQ_TEST_FAULTS: '1' } },
  );
  if (r.status !== 0) console.error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
  return r.status === 0;
}

async function main(): Promise<void> {
  const fl = parseFlags(process.argv.slice(2));
  const log = (s: string): void => void process.stderr.write(`${s}\n`);
  if (fl.vsNs3 || fl.scale) {
    const argv = process.argv.slice(2);
    const reps = argv.includes('--reps') ? fl.reps : fl.quick ? 3 : 5;
    return runSpeedBench({ vsNs3: fl.vsNs3, scale: fl.scale, reps, only: fl.only }, log);
  }
  const started = new Date();
  const load0 = loadavg()[0];

  const rows: SceneRow[] = [];
  for (const s of fl.browserOnly ? [] : scenes(fl.quick)) {
    if (fl.only && !s.name.includes(fl.only)) continue;
    log(`scene ${s.name} (${s.durationMs / 1000} s simulated × ${fl.reps})`);
    rows.push(await benchScene(s, fl.reps));
  }

  let sweep: SweepResult | null = null;
  let startup: StartupRow[] | null = null;
  if (!fl.only && !fl.browserOnly) {
    log('sweep on the worker pool');
    sweep = await benchSweep();
    log('CLI start-up');
    startup = benchStartup(fl.quick ? 5 : 9);
  }

  let js: JsSize | null = null;
  let br: BrowserResult | null = null;
  const errors: string[] = [];
  if (!fl.only) {
    log(`building the app into ${DIST}/`);
    if (build()) {
      js = jsSizes(DIST);
      if (fl.browser) {
        try {
          br = await benchBrowser(
            {
              distDir: DIST,
              port: fl.port,
              longMinutes: fl.longMinutes,
              sliderSamples: 20,
              viewport: fl.viewport,
              deviceScaleFactor: fl.dpr,
              frameWindowMs: fl.quick ? 5000 : 10_000,
              presetWindowMs: fl.quick ? 3000 : 5000,
            },
            log,
          );
        } catch (e) {
          errors.push(`browser: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    } else errors.push('vite build failed');
  }

  // Worker recovery after a throw, a terminate and a hang (bench/recovery.ts, its own build for tests).
  const recovery: RecoveryResult | null =
    fl.browser && !fl.only ? await benchRecovery({ port: fl.port + 3, reps: fl.quick ? 1 : 3 }, log) : null;

  const skipped = !fl.browser
    ? 'not run (--no-browser)'
    : fl.only
      ? 'not run (--only)'
      : 'failed (see the error below)';
  const ts = targets(rows, sweep, br, js, skipped);
  const out: string[] = [];
  out.push(
    `TSQ Lab benchmark — ${started.toISOString()} — node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load average ${load0.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`,
  );
  out.push('');
  out.push(sceneTable(rows));
  out.push('');
  const probe = probeTable(rows);
  if (probe) out.push(probe, '');
  out.push(
    'sim/wall: simulated seconds per wall second, median of the runs after the first; cold: the first run in a fresh process (compiling included);\n' +
      'cpu s: median CPU time of the simulating thread, and sim/cpu the simulated seconds per CPU second: what sim/wall would be on an idle machine\n' +
      '(a wall time well above the CPU time means other processes held the cores); Mev/s: million events per wall second.',
  );
  if (sweep)
    out.push(
      `sweep: ${sweep.preset} ${sweep.key} = ${sweep.values.join(', ')}, ${sweep.simSeconds} s each, pool of ${sweep.poolSize} workers: ${sweep.coldSeconds.toFixed(2)} s with a new pool, ${sweep.warmSeconds.toFixed(2)} s on the warm pool` +
        ` (CPU of all threads ${sweep.coldCpuSeconds.toFixed(2)} s and ${sweep.warmCpuSeconds.toFixed(2)} s: divided by ${sweep.poolSize}, about the wall time on an idle machine).`,
    );
  if (startup) out.push('', startupTable(startup));
  if (br?.presetSpeeds) out.push('', presetSpeedTable(br.presetSpeeds));
  if (br) {
    out.push(
      `browser: ${br.viewport.width}×${br.viewport.height} CSS px at ${br.deviceScaleFactor} device px per CSS px; preset ${br.preset}, slider ${br.sliderKey}; ${br.simSecondsAtEnd.toFixed(0)} simulated s after the long run; ${br.errors.length} console errors.`,
    );
  }
  out.push('');
  out.push(targetTable(ts));
  if (recovery) out.push('', recoveryTable(recovery));
  for (const e of errors) out.push(`error: ${e}`);
  console.log(out.join('\n'));

  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/bench-${started.toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      {
        started: started.toISOString(),
        node: process.version,
        cores: availableParallelism(),
        flags: fl,
        scenes: rows,
        sweep,
        startup,
        browser: br,
        js,
        targets: ts,
        recovery,
        errors,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
