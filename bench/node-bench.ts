/**
 * The Node half of the benchmark: every preset and the synthetic scenes,
 * each in a fresh child process, run several times; and a 4-point,
 * 10-second sweep on the CLI's worker pool.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { SimPool } from '../src/cli/pool';
import { PRESETS } from '../src/sim/scenario/presets/index';
import { findPreset } from '../src/sim/scenario/presets/index';
import { applyOverrides } from '../src/sim/scenario/validate';
import type { SceneJob, SceneResult } from './scene-child';

export interface Scene {
  name: string;
  presetId: string;
  set: Record<string, string>;
  durationMs: number;
  /** The per-skb probe on, tracing one data skb in this many (the Learn view's follow-one-skb uses 16). */
  traceEveryN?: number;
}

/** Scenes run again with the per-skb probe on: its cost is the ratio to the same scene without. */
const PROBE_SCENES = ['first-tsq', 'xen-tsq-limit', 'ath9k-pacing-shift', 'brcmfmac-fc-mode'];
export const PROBE_EVERY_N = 16;

export interface SceneRow {
  scene: string;
  simSeconds: number;
  reps: number;
  /** Wall time of the first run in a fresh process (includes compiling the code). */
  coldWallSeconds: number;
  /** Median wall time over all runs. */
  medianWallSeconds: number;
  /** Median CPU time of the simulating thread: close to the wall time on an idle machine. */
  medianCpuSeconds: number;
  simPerWall: number;
  coldSimPerWall: number;
  eventsPerSec: number;
  events: number;
  peakHeapMB: number;
}

export interface SweepResult {
  preset: string;
  key: string;
  values: number[];
  simSeconds: number;
  poolSize: number;
  /** A new pool: starting the workers, loading the code, compiling it, running. */
  coldSeconds: number;
  /** The same sweep again on the warmed-up pool. */
  warmSeconds: number;
  /** CPU time of the whole process (every worker) for each: divided by the pool size, the wall time on an idle machine. */
  coldCpuSeconds: number;
  warmCpuSeconds: number;
}

/** Every preset's default scenario, plus the pfifo_fast variant of the wired scene. */
export function scenes(quick: boolean): Scene[] {
  const out: Scene[] = [];
  for (const p of PRESETS) {
    const ms = p.scenario().durationMs;
    out.push({ name: p.id, presetId: p.id, set: {}, durationMs: quick ? Math.min(ms, 2000) : ms });
    if (PROBE_SCENES.includes(p.id))
      out.push({
        name: `${p.id} +skb probe`,
        presetId: p.id,
        set: {},
        durationMs: quick ? Math.min(ms, 2000) : ms,
        traceEveryN: PROBE_EVERY_N,
      });
    if (p.id === 'bench-wired') {
      out.push({
        name: 'bench-wired pfifo_fast',
        presetId: p.id,
        set: { 'router.qdisc.kind': 'pfifo_fast' },
        durationMs: quick ? Math.min(ms, 2000) : ms,
      });
    }
  }
  return out;
}

const median = (xs: number[]): number => {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};

/** Runs a scene in a child process (which inherits the TypeScript loader through execArgv). */
function runInChild(job: SceneJob): Promise<SceneResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./scene-child.ts', import.meta.url)), [], { stdio: 'inherit' });
    let done = false;
    child.once('message', (m: { ok: true; result: SceneResult } | { ok: false; error: string }) => {
      done = true;
      if (m.ok) resolve(m.result);
      else reject(new Error(m.error));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!done) reject(new Error(`scene process exited with code ${code}`));
    });
    child.send(job);
  });
}

export async function benchScene(s: Scene, reps: number): Promise<SceneRow> {
  const r = await runInChild({
    presetId: s.presetId,
    set: s.set,
    durationMs: s.durationMs,
    reps,
    traceEveryN: s.traceEveryN,
  });
  const walls = r.reps.map((x) => x.wallMs / 1000);
  // The first run compiles the code (reported as "cold"); the median is over the warmed-up runs after it.
  const warm = r.reps.length > 1 ? r.reps.slice(1) : r.reps;
  const med = median(warm.map((x) => x.wallMs / 1000));
  const simS = s.durationMs / 1000;
  return {
    scene: s.name,
    simSeconds: simS,
    reps: walls.length,
    coldWallSeconds: walls[0],
    medianWallSeconds: med,
    medianCpuSeconds: median(warm.map((x) => x.cpuMs / 1000)),
    simPerWall: simS / med,
    coldSimPerWall: simS / walls[0],
    eventsPerSec: r.reps[0].events / med,
    events: r.reps[0].events,
    peakHeapMB: r.peakHeapBytes / 2 ** 20,
  };
}

/** The 4-point, 10-second sweep of the ath9k preset's pacing shift, on a pool sized to the cores. */
export async function benchSweep(simMs = 10_000): Promise<SweepResult> {
  const preset = findPreset('ath9k-pacing-shift')!;
  const key = 'tcp.sk_pacing_shift';
  const values = [10, 9, 8, 7];
  const jobs = values.map((v) => ({
    scenario: applyOverrides(preset.scenario(), { [key]: v }),
    seed: 1,
    durationMs: simMs,
  }));
  const cpuS = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1e6;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const pool = new SimPool();
  await pool.runAll(jobs);
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  await pool.runAll(jobs);
  const t2 = performance.now();
  const c2 = process.cpuUsage();
  await pool.close();
  return {
    preset: preset.id,
    key,
    values,
    simSeconds: simMs / 1000,
    poolSize: pool.size,
    coldSeconds: (t1 - t0) / 1000,
    warmSeconds: (t2 - t1) / 1000,
    coldCpuSeconds: cpuS(c1) - cpuS(c0),
    warmCpuSeconds: cpuS(c2) - cpuS(c1),
  };
}
