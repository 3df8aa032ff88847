import { describe, expect, it } from 'vitest';
import { SchedSampler } from './sched-sampler';

/** A sampler fed from a script of (time ms, cpu ns, run-queue wait ns) readings. */
function scripted(rows: [number, number, number][]): SchedSampler {
  let i = 0;
  let at = 0;
  const s = new SchedSampler(
    0,
    () => {
      const [t, cpu, wait] = rows[i++];
      at = t;
      return `${cpu} ${wait} 7\n`;
    },
    () => at,
  );
  rows.forEach(() => s.sample());
  return s;
}

describe('SchedSampler.split', () => {
  it('splits a task into CPU, run-queue wait and the rest, interpolating between samples', () => {
    // 0–10 ms on the CPU, 10–30 ms waiting for a core, 30–40 ms asleep.
    const s = scripted([
      [0, 0, 0],
      [10, 10e6, 0],
      [20, 10e6, 10e6],
      [30, 10e6, 20e6],
      [40, 10e6, 20e6],
    ]);
    expect(s.split(0, 40)).toEqual({ cpuMs: 10, waitMs: 20, otherMs: 10 });
    const mid = s.split(5, 20)!;
    expect(mid.cpuMs).toBeCloseTo(5);
    expect(mid.waitMs).toBeCloseTo(15);
    expect(mid.otherMs).toBeCloseTo(0);
    expect(s.cpuNsSampled()).toBe(10e6);
  });

  it('has no answer outside the sampled span, and skips unreadable readings', () => {
    const s = scripted([
      [0, 0, 0],
      [10, 5e6, 1e6],
    ]);
    expect(s.split(-1, 5)).toBeNull();
    expect(s.split(5, 6)).toBeNull();
    const bad = new SchedSampler(
      0,
      () => 'garbage',
      () => 0,
    );
    expect(bad.sample()).toBe(false);
    const gone = new SchedSampler(0, () => {
      throw new Error('ENOENT');
    });
    expect(gone.start()).toBe(false);
  });
});
