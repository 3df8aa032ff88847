/**
 * Long run at full speed: one preset live for a simulated hour in Node, with
 * frames taken and bounded as the worker does at full speed, and the heap
 * (after a forced GC) compared between 1 simulated minute and the end. It
 * reports; it exits 1 only when the end is more than 10 % above the
 * 1-minute figure, so a leak shows in `npm run bench`.
 *
 *   node --expose-gc --import tsx bench/long-run.ts [--preset xen-tsq-limit] [--minutes 60]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createSim } from '../src/sim/index';
import { boundFrame, DEFAULT_LIMITS } from '../src/worker/frame-bound';

const arg = (name: string, dflt: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : dflt;
};
const preset = arg('preset', 'xen-tsq-limit');
const minutes = Number(arg('minutes', '60'));
/** At full speed the worker posts a frame every ~33 ms of wall time: several hundred ms of simulated time. */
const FRAME_SIM_NS = 250e6;
const MIN_NS = 60e9;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) console.warn('run with node --expose-gc for stable heap figures');
const heapMB = (): number => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const r = createSim(preset, {}, 1);
if (!r.ok) throw new Error(r.error);
const sim = r.sim;
const t0 = performance.now();
const rows: { simMin: number; heapMB: number; wallS: number; events: number }[] = [];
let frameValues = 0;
const endNs = minutes * MIN_NS;
let nextReport = MIN_NS;
while (sim.nowNs < endNs) {
  sim.runUntil(Math.min(endNs, sim.nowNs + FRAME_SIM_NS));
  const f = boundFrame(sim.takeFrame(), DEFAULT_LIMITS);
  frameValues = Math.max(frameValues, f.tNs.length);
  if (sim.nowNs >= nextReport) {
    const row = {
      simMin: sim.nowNs / MIN_NS,
      heapMB: heapMB(),
      wallS: (performance.now() - t0) / 1000,
      events: sim.summary().events,
    };
    rows.push(row);
    if (rows.length === 1 || rows.length % 10 === 0 || sim.nowNs >= endNs) {
      console.log(
        `${row.simMin.toFixed(0).padStart(4)} min simulated  heap ${row.heapMB.toFixed(1).padStart(6)} MB  wall ${row.wallS.toFixed(0).padStart(5)} s  ${(row.events / 1e6).toFixed(0)} M events`,
      );
    }
    nextReport += MIN_NS;
  }
}
const first = rows[0];
const last = rows[rows.length - 1];
const growth = (last.heapMB - first.heapMB) / first.heapMB;
const peak = Math.max(...rows.map((x) => x.heapMB));
console.log(
  `${preset}: heap after 1 min ${first.heapMB.toFixed(1)} MB, after ${last.simMin.toFixed(0)} min ${last.heapMB.toFixed(1)} MB ` +
    `(${(growth * 100).toFixed(1)} %), peak ${peak.toFixed(1)} MB; ${((last.simMin * 60) / last.wallS).toFixed(1)}× real time; ` +
    `largest frame ${frameValues} rows`,
);
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/long-run-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, JSON.stringify({ preset, minutes, rows, growth, node: process.version }, null, 2));
console.log(`wrote ${file}`);
process.exit(growth > 0.1 ? 1 : 0);
