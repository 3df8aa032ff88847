/**
 * Runs one benchmark scene in a child process of its own, so every scene
 * starts with a fresh heap and cold compiled code: the first run is the
 * "cold" one, the following runs show the warmed-up speed. Besides wall
 * time it reads the CPU time of the main thread, which tells how much of
 * the wall time other processes on a shared machine took.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { NS_PER_MS } from '../src/sim/engine/time';
import { buildModel } from '../src/sim/run';
import { findPreset } from '../src/sim/scenario/presets/index';
import { applyOverrides } from '../src/sim/scenario/validate';
import { enableSkbTrace } from '../src/sim/scenario/skb-trace-sites';

export interface SceneJob {
  presetId: string;
  set: Record<string, string>;
  durationMs: number;
  reps: number;
  /** The per-skb probe on (one skb in this many), its hops drained as a host takes frames. */
  traceEveryN?: number;
}

export interface RepResult {
  wallMs: number;
  /** CPU time of the thread that ran the simulation (NaN where /proc is missing). */
  cpuMs: number;
  events: number;
}

export interface SceneResult {
  reps: RepResult[];
  peakHeapBytes: number;
}

/** Time this process's main thread spent on a CPU, from /proc schedstat (ns resolution; runs last ~0.1 s, ticks of 10 ms would hide 10 %). */
function mainThreadCpuMs(): number {
  try {
    const st = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8');
    return Number(st.split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

/** Heap is sampled this many times per run (the simulation runs in slices between samples). */
const HEAP_SAMPLES = 40;

function runScene(job: SceneJob): SceneResult {
  const preset = findPreset(job.presetId);
  if (!preset) throw new Error(`unknown preset ${job.presetId}`);
  const sc = applyOverrides(preset.scenario(), job.set);
  const reps: RepResult[] = [];
  let peak = getHeapStatistics().used_heap_size;
  for (let r = 0; r < job.reps; r++) {
    const c0 = mainThreadCpuMs();
    const t0 = performance.now();
    const m = buildModel(sc, 1, false);
    if (job.traceEveryN) enableSkbTrace(m, { everyN: job.traceEveryN });
    const endNs = job.durationMs * NS_PER_MS;
    for (let i = 1; i <= HEAP_SAMPLES; i++) {
      m.sim.runUntil(Math.round((endNs * i) / HEAP_SAMPLES));
      m.skbTracer?.take();
      peak = Math.max(peak, getHeapStatistics().used_heap_size);
    }
    reps.push({ wallMs: performance.now() - t0, cpuMs: mainThreadCpuMs() - c0, events: m.sim.eventsRun });
  }
  return { reps, peakHeapBytes: peak };
}

if (process.send) {
  process.once('message', (job: SceneJob) => {
    let reply: { ok: true; result: SceneResult } | { ok: false; error: string };
    try {
      reply = { ok: true, result: runScene(job) };
    } catch (e) {
      reply = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    process.send!(reply, () => process.disconnect());
  });
}
