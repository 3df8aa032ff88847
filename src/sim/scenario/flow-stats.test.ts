/** Per-flow (ss -tinm) and per-qdisc (tc -s qdisc) summaries, and BBR v1 at 100 Mbit/s. */
import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../engine/time';
import { buildModel, runScenario } from '../run';
import { findPreset } from './presets/index';
import { applyOverrides } from './validate';

const run = (preset: string, set: Record<string, string>, ms: number) =>
  runScenario(applyOverrides(findPreset(preset)!.scenario(), set), 1, ms).summary;

describe('summary per flow and per qdisc', () => {
  it('one entry per flow, whose goodputs add up to the total, and one per qdisc', () => {
    const s = run('bench-wired', { 'tcp.flows': '3', warmupMs: '1000' }, 3000);
    expect(s.flows.map((f) => f.flow)).toEqual([0, 1, 2]);
    const sum = s.flows.reduce((a, f) => a + f.goodputBps, 0);
    expect(Math.abs(sum - s.goodputBps) / s.goodputBps).toBeLessThan(1e-9);
    expect(s.qdiscs.map((q) => q.name)).toEqual(['sender: pfifo_fast', 'router: fq_codel']);
    for (const f of s.flows) {
      expect(f.srttMs.p10).toBeLessThanOrEqual(f.srttMs.median);
      expect(f.srttMs.median).toBeLessThanOrEqual(f.srttMs.p90);
      expect(f.minRttMs).toBeGreaterThan(20); // 2 × (0.1 + 10) ms of propagation at least
      expect(f.minRttMs).toBeLessThanOrEqual(f.srttMs.p10);
      expect(f.cwndPkts.median).toBeGreaterThan(10);
      expect(f.deliveryRateBps.median).toBeGreaterThan(0);
      expect(f.deliveryRateBps.median).toBeLessThan(100e6);
    }
    // the bottleneck queue is in the router's fq_codel, not in the sender's qdisc
    expect(s.qdiscs[1].backlogPkts.p90).toBeGreaterThan(0);
    expect(s.qdiscs[1].backlogBytes.median).toBeGreaterThanOrEqual(s.qdiscs[1].backlogPkts.median * 66);
  });

  it('skmem t is the truesize below TCP, as ss shows it', () => {
    const s = run('xen-tsq-limit', {}, 1300);
    const f = s.flows[0];
    // TSQ-bound: skmem t sits near the 128 KB limit of 4.1
    expect(f.skmemTBytes.median).toBeGreaterThan(64 * 1024);
    expect(f.skmemTBytes.p90).toBeLessThanOrEqual(131_072 + 70_000);
    expect(f.throttledFraction).toBeCloseTo(s.throttledFraction, 6);
  });

  it('no pacing rate before 3.12', () => {
    const s = run('first-tsq', { warmupMs: '500' }, 1000);
    expect(Number.isNaN(s.flows[0].pacingRateBps.median)).toBe(true);
  });
});

describe('BBR v1 at 100 Mbit/s on a LAN', () => {
  // From 5.18 the min_rtt bonus makes TCP's skbs near 64 KB while bbr_tso_segs_goal still
  // budgets ~1 ms skbs: BBR's cwnd (2 BDP + 3 goals, rounded even) then limits the flight,
  // and a small queue waits below TCP. Before the bonus, pacing sets the pace.
  const scene = (era: '5.4' | '6.6') =>
    applyOverrides(findPreset('fec-tso-rtt-log')!.scenario(), {
      'tcp.cc': 'bbr',
      era,
      'kernel.hz': 'null',
      'link.completion': '{"kind":"immediate","delayNs":5000}',
      'link.ringSlots': '256',
      'link.bql': 'true',
      warmupMs: '1000',
    });
  const cwndLimitedShare = (era: '5.4' | '6.6') => {
    const m = buildModel(scene(era), 1, false);
    let limited = 0;
    for (let t = 1000; t < 3000; t++) {
      m.sim.runUntil(t * NS_PER_MS);
      if (m.senders[0].isCwndLimited) limited++;
    }
    return limited / 2000;
  };

  it('6.6: cwnd-limited most of the time, with a small queue below TCP and the link nearly full', () => {
    expect(cwndLimitedShare('6.6')).toBeGreaterThan(0.6);
    const s = runScenario(scene('6.6'), 1, 3000).summary;
    const f = s.flows[0];
    expect(f.skmemTBytes.median).toBeGreaterThan(10_000);
    expect(f.skmemTBytes.median).toBeLessThan(4 * 66_000);
    expect(s.goodputBps).toBeGreaterThan(85e6);
  });

  // The SYN's RTT seeds BBR's min_rtt (bbr_init: tcp_min_rtt), a little below what the data
  // sees, so BBR's cwnd is a little smaller than a data-seeded one: about a fifth of the time
  // cwnd rather than pacing holds the flight.
  it('5.4 (no bonus): paced, mostly not cwnd-limited', () => {
    expect(cwndLimitedShare('5.4')).toBeLessThan(0.25);
  });
});
