/**
 * A measurement outside the five reference threads: the commit that
 * introduced TSQ (46d3ceabd8d9, Linux 3.6, tg3/ixgbe, pfifo_fast, one
 * netperf). Its message reports the queueing below one bulk sender as
 * "< 1ms on Gbit (instead of 50ms with TSO)" and "< 8ms on 100Mbit (instead
 * of 132 ms)", and "4 MBytes backlogged in qdisc" before. The scene is the
 * first-tsq preset (the plain wired host with the 3.6 era and pfifo_fast);
 * nothing is fitted to these figures (docs/cross-checks.md has the table).
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/sim/run';
import { runCheck } from './run-check';
import { firstTsq } from '../../src/sim/scenario/presets/first-tsq';
import type { Scenario } from '../../src/sim/scenario/scenario';

function scene(rateBps: number, limitBytes: number | null): Scenario {
  const sc = firstTsq.scenario();
  sc.link = { ...sc.link, rateBps };
  sc.tcp = { ...sc.tcp, tcp_limit_output_bytes: limitBytes };
  return sc;
}

describe('cross-check: the first TSQ commit (46d3ceabd8d9)', () => {
  // The runs are the cross-check's definition (src/sim/scenario/cross-checks.ts), as the Experiments view shows it.
  const { runs, figures: f } = runCheck('first-tsq-commit');

  it('keeps the queueing below one bulk sender under 1 ms on Gbit, tens of ms without it', () => {
    expect(f['1 Gbit/s, TSQ']).toBeLessThan(1);
    // "4 MBytes backlogged in qdisc": 2.5–5 MB at 1 Gbit/s is 20–40 ms.
    expect(f['1 Gbit/s, no TSQ']).toBeGreaterThan(20);
    expect(f['1 Gbit/s, no TSQ']).toBeLessThan(40);
    // "Without reduction of nominal bandwidth"
    expect(runs.gbit_tsq.goodputBps).toBeGreaterThan(0.98 * runs.gbit_none.goodputBps);
  });

  it('keeps it near 8 ms on 100 Mbit, two 64 KB TSO skbs, where the qdisc held hundreds of ms', () => {
    // 1.5 skbs of 45 × 1538 wire bytes on average ahead of a ping: 8.3 ms.
    expect(f['100 Mbit/s, TSQ']).toBeGreaterThan(6);
    expect(f['100 Mbit/s, TSQ']).toBeLessThan(10);
    expect(f['100 Mbit/s, no TSQ']).toBeGreaterThan(100);
    expect(runs.fast_tsq.goodputBps).toBeGreaterThan(0.98 * runs.fast_none.goodputBps);
  });

  it('sizes TSO skbs to half the limit: 40000 bytes makes 20000-byte skbs', () => {
    const skbSegs = (era: Scenario['era']): number => {
      const sc = scene(1e9, 40_000);
      sc.era = era;
      sc.durationMs = 500;
      sc.warmupMs = 0;
      const { model } = runScenario(sc, 1, 0);
      const sender = model.senders[0];
      let most = 0;
      const send = sender.send.bind(sender);
      sender.send = (seq, len, segs, truesize, retrans, nowNs) => {
        most = Math.max(most, segs);
        send(seq, len, segs, truesize, retrans, nowNs);
      };
      model.sim.runUntil(500e6);
      return most;
    };
    // 20000 / 1448 = 13.8 → 13 MSS; from v3.19 the limit no longer sizes skbs.
    expect(skbSegs('3.6')).toBe(13);
    expect(skbSegs('4.1')).toBeGreaterThan(13);
  });
});
