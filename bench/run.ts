/**
 * `npm run bench`: simulated seconds per wall second, events per second and
 * peak heap per preset, plus the time of a 4-point sweep. Prints a table and
 * writes JSON under bench/results/ (git-ignored). It reports; it never fails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { NS_PER_MS } from '../src/sim/engine/time';
import { buildModel, runScenario } from '../src/sim/run';
import { PRESETS } from '../src/sim/scenario/presets/index';
import { applyOverrides } from '../src/sim/scenario/validate';

interface Row {
  preset: string;
  simSeconds: number;
  wallSeconds: number;
  simPerWall: number;
  eventsPerSec: number;
  peakHeapMB: number;
}

const quick = process.argv.includes('--quick');
const rows: Row[] = [];
for (const p of PRESETS) {
  const sc = p.scenario();
  const simMs = quick ? Math.min(sc.durationMs, 2000) : sc.durationMs;
  global.gc?.();
  let peak = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const m = buildModel(sc, 1, false);
  const step = Math.max(50, simMs / 40);
  for (let t = step; t <= simMs + 1e-9; t += step) {
    m.sim.runUntil(t * NS_PER_MS);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const wall = (performance.now() - t0) / 1000;
  rows.push({
    preset: p.id,
    simSeconds: simMs / 1000,
    wallSeconds: wall,
    simPerWall: simMs / 1000 / wall,
    eventsPerSec: m.sim.eventsRun / wall,
    peakHeapMB: peak / 2 ** 20,
  });
}

// A 4-point, 10-second sweep of the ath9k preset's pacing shift, sequential in this process.
const sweepPreset = PRESETS.find((p) => p.id === 'ath9k-pacing-shift')!;
const t0 = performance.now();
for (const s of [10, 9, 8, 7]) runScenario(applyOverrides(sweepPreset.scenario(), { 'tcp.sk_pacing_shift': s }), 1, 10_000);
const sweepSeconds = (performance.now() - t0) / 1000;

const pad = (s: string, n: number): string => s.padStart(n);
console.log(`${'preset'.padEnd(28)}${pad('sim s', 8)}${pad('wall s', 9)}${pad('sim/wall', 10)}${pad('events/s', 12)}${pad('heap MB', 9)}`);
for (const r of rows) {
  console.log(
    `${r.preset.padEnd(28)}${pad(r.simSeconds.toFixed(1), 8)}${pad(r.wallSeconds.toFixed(2), 9)}${pad(r.simPerWall.toFixed(1), 10)}${pad((r.eventsPerSec / 1e6).toFixed(2) + 'M', 12)}${pad(r.peakHeapMB.toFixed(0), 9)}`,
  );
}
console.log(`4-point 10 s sweep (ath9k-pacing-shift, sequential): ${sweepSeconds.toFixed(2)} s`);
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, JSON.stringify({ rows, sweepSeconds, node: process.version }, null, 2));
console.log(`wrote ${file}`);
