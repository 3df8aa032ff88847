/** The per-step sampler: goodput over each step from the flows' counters, and a fresh start after a live change. */
import { describe, expect, it } from 'vitest';
import { StepSampler, stepSummary } from './step-sampler';

function sampler(maxSteps?: number) {
  let bytes = 0;
  const s = new StepSampler(
    200e6,
    1e9,
    [{ station: 0, deliveredBytes: () => bytes, cwndPkts: () => 10, srttMs: () => 2, pacingMbps: null }],
    ['receiver'],
    () => bytes,
    maxSteps,
  );
  return { s, add: (b: number) => (bytes += b) };
}

describe('StepSampler', () => {
  it('reports each step’s goodput in Mbit/s and the medians of the steps', () => {
    const { s, add } = sampler();
    s.begin(1e9);
    add(25_000); // 25 kB in 0.2 s = 1 Mbit/s
    s.sample(1.2e9);
    add(75_000);
    s.sample(1.4e9);
    s.ping(1.3e9, 4, 0);
    const st = s.series();
    expect(st.flows[0].goodputMbps).toEqual([1, 3]);
    expect(st.totalGoodputMbps).toEqual([1, 3]);
    expect(st.flows[0].pacingMbps).toBeNull();
    const m = stepSummary(st);
    expect([m.flows[0].goodputMbps, m.totalGoodputMbps, m.pingMs[0], m.stepMs]).toEqual([2, 2, 4, 200]);
  });

  it('starts afresh after a restart', () => {
    const { s, add } = sampler();
    s.begin(1e9);
    add(25_000);
    s.sample(1.2e9);
    s.restart(1.2e9);
    add(50_000);
    s.sample(1.4e9);
    expect(s.series().flows[0].goodputMbps).toEqual([2]);
  });

  it('keeps at most maxSteps steps and 2 × maxSteps ping replies, every other one once full', () => {
    const { s, add } = sampler(8);
    s.begin(1e9);
    for (let i = 1; i <= 20; i++) {
      add(25_000 * i); // step i: i Mbit/s
      s.sample(1e9 + i * 200e6);
      s.ping(1e9 + i * 200e6, i, 0);
      s.ping(1e9 + i * 200e6 + 1, i, 0);
    }
    const st = s.series();
    // Full at 8, thinned to every other one before steps 9, 13 and 17: 1, 9, 13, 15, then 17–20.
    expect(st.flows[0].goodputMbps).toEqual([1, 9, 13, 15, 17, 18, 19, 20]);
    expect(st.tNs.length).toBe(st.flows[0].goodputMbps.length);
    // 40 replies (two per step) against a bound of 16: halved before the 17th, the 25th and the 33rd.
    expect(st.pings[0].rttMs).toEqual([1, 5, 9, 11, 13, 14, 15, 16, 17, 17, 18, 18, 19, 19, 20, 20]);
    expect(st.pings[0].tNs.length).toBe(16);
  });
});
