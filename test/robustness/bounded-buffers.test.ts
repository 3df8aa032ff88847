/**
 * Long runs stay bounded (sizes, never wall time): a live simulation taking
 * frames as the worker does holds no more after 12 s of simulated time than
 * after 2 s; the recorder caps frames nobody takes; the host's frames and the
 * app's chart rings never exceed their capacities. bench/long-run.ts checks
 * the same for one simulated hour with heap figures.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from '../../src/sim/api';
import { createSim } from '../../src/sim/index';
import type { LiveModelSim } from '../../src/sim/live';
import { SeriesBuffers } from '../../src/app/charts/series-buffer';
import { boundFrame, DEFAULT_LIMITS } from '../../src/worker/frame-bound';
import { retainedSize } from './retained-size';

/** Simulated time between frames at real-time speed (the worker posts ~30 a second). */
const FRAME_NS = 33e6;

function live(preset: string): LiveModelSim {
  const r = createSim(preset, {}, 1);
  if (!r.ok) throw new Error(r.error);
  return r.sim as LiveModelSim;
}

function runWithFrames(sim: LiveModelSim, untilNs: number, onFrame: (f: Frame) => void = () => {}): void {
  while (sim.nowNs < untilNs) {
    sim.runUntil(Math.min(untilNs, sim.nowNs + FRAME_NS));
    onFrame(boundFrame(sim.takeFrame(), DEFAULT_LIMITS));
  }
}

describe('bounded buffers over long runs', () => {
  // Queues and NIC rings breathe with TCP's sawtooth, so one instant says little:
  // compare the peak of an early window with the peak of a later, longer one.
  it.each([
    ['bench-wired', 14],
    ['xen-tsq-limit', 14],
    ['bench-wifi', 10],
  ] as const)(
    '%s: the peak of what the model holds does not grow from the first seconds to %i s',
    (id, endS) => {
      const sim = live(id);
      const buffers = new SeriesBuffers();
      const warmupNs = sim.currentScenario.warmupMs * 1e6;
      const splitNs = warmupNs + (endS * 1e9 - warmupNs) / 3;
      const peak = { early: 0, late: 0 };
      let largest = '';
      runWithFrames(sim, warmupNs, (f) => buffers.push(f, 1));
      for (let t = warmupNs + 5e8; t <= endS * 1e9; t += 5e8) {
        runWithFrames(sim, t, (f) => buffers.push(f, 1));
        const r = retainedSize(sim.current);
        if (t <= splitNs) peak.early = Math.max(peak.early, r.slots);
        else if (r.slots > peak.late) {
          peak.late = r.slots;
          largest = JSON.stringify(r.largest);
        }
      }
      console.log(
        `robustness/bounded: ${id} retained slots peak ${peak.early} (to ${(splitNs / 1e9).toFixed(1)} s) vs ${peak.late} (to ${endS} s)`,
      );
      expect(peak.late / peak.early, largest).toBeLessThan(1.15);
      expect(buffers.samples.length).toBeLessThanOrEqual(buffers.samples.capacity);
    },
  );

  it('the recorder caps samples that nobody takes (at 65 536 rows, the power of two above its 50 000 threshold)', () => {
    const r = createSim('xen-tsq-limit', { sampleIntervalUs: 100 }, 1);
    if (!r.ok) throw new Error(r.error);
    // 10 s untaken at 100 µs: 100 000 samples would be due.
    r.sim.runUntil(10e9);
    const f = r.sim.takeFrame();
    expect(f.tNs.length).toBeLessThanOrEqual(65_536);
    expect(f.tNs.length).toBeGreaterThanOrEqual(32_768);
    // The newest samples are the ones kept.
    expect(f.tNs[f.tNs.length - 1]).toBe(10e9);
    for (const col of Object.values(f.cols)) expect(col.length).toBe(f.tNs.length);
  });

  it('frames after bounding and the chart rings stay within their limits', () => {
    const sim = live('bench-wifi');
    const buffers = new SeriesBuffers();
    let maxFrameValues = 0;
    runWithFrames(sim, 3e9, (f) => {
      maxFrameValues = Math.max(
        maxFrameValues,
        f.tNs.length,
        f.aggT.length,
        f.pingT.length,
        f.throttled.length,
      );
      buffers.push(f, 1);
    });
    expect(maxFrameValues).toBeLessThanOrEqual(
      Math.max(...Object.values(DEFAULT_LIMITS).filter((v): v is number => typeof v === 'number')) * 2,
    );
    for (const ring of [buffers.samples, buffers.agg, buffers.ping, buffers.throttled])
      expect(ring.length).toBeLessThanOrEqual(ring.capacity);
    expect(buffers.changes.length).toBeLessThanOrEqual(256);
  });
});
