/** The summary's series means are the means of the very samples the frames carry, from the measurement's start. */
import { describe, expect, it } from 'vitest';
import { createSim } from '../index';

describe('Summary.seriesMeans', () => {
  it('is the mean of each series’ samples since the warm-up ended', () => {
    const r = createSim('first-tsq', { warmupMs: 400 }, 1);
    if (!r.ok) throw new Error(r.error);
    r.sim.runUntil(1.2e9);
    const f = r.sim.takeFrame();
    const means = r.sim.summary().seriesMeans!;
    for (const key of ['occ.qdisc', 'tsq.wmem', 'tcp.cwnd']) {
      const xs = [...f.cols[key]].filter((_, i) => f.tNs[i] > 400e6);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      expect(means[key]).toBeCloseTo(mean, 6);
    }
  });

  it('restarts with the measurement at a knob change', () => {
    const r = createSim('first-tsq', { warmupMs: 200, 'tcp.tcp_limit_output_bytes': '64M' }, 1, [
      { atUs: 600_000, key: 'tcp.tcp_limit_output_bytes', value: 131072 },
    ]);
    if (!r.ok) throw new Error(r.error);
    r.sim.runUntil(599e6);
    const before = r.sim.summary().seriesMeans!['occ.qdisc'];
    r.sim.runUntil(1.5e9);
    const after = r.sim.summary().seriesMeans!['occ.qdisc'];
    expect(after).toBeLessThan(before / 4);
  });
});
