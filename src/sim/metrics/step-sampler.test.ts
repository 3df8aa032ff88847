/** The per-step sampler: goodput over each step from the flows' counters, and a fresh start after a live change. */
import { describe, expect, it } from 'vitest';
import { StepSampler, stepSummary } from './step-sampler';

function sampler() {
  let bytes = 0;
  const s = new StepSampler(
    200e6,
    1e9,
    [{ station: 0, deliveredBytes: () => bytes, cwndPkts: () => 10, srttMs: () => 2, pacingMbps: null }],
    ['receiver'],
    () => bytes,
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
});
