import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EventTarget } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import { dataSkb, inDriver, rig, type OptionOverrides, type Rig } from './brcmfmac-testkit';

interface Burst {
  atUs: number;
  count: number;
  priority: number;
}
interface ModeChange {
  atUs: number;
  mode: 0 | 1 | 2;
}
interface Plan {
  over: OptionOverrides;
  bursts: Burst[];
  modes: ModeChange[];
  /** Honour queueStopped (a qdisc does) or push regardless. */
  polite: boolean;
}

const EV_BURST = 1;
const EV_MODE = 2;
const EV_CHECK = 3;
const CHECK_EVERY_NS = 50_000;
const TRAFFIC_END_NS = 30_000_000;

/** Drives a plan through the rig and checks the invariants as it goes. */
class Driver implements EventTarget {
  violations: string[] = [];
  constructor(
    private readonly r: Rig,
    private readonly plan: Plan,
  ) {
    plan.bursts.forEach((b, i) => r.sim.at(b.atUs * 1000, this, EV_BURST, i));
    plan.modes.forEach((m, i) => r.sim.at(m.atUs * 1000, this, EV_MODE, i));
    r.sim.at(0, this, EV_CHECK);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    const r = this.r;
    if (kind === EV_BURST) {
      const b = this.plan.bursts[arg as number];
      for (let i = 0; i < b.count; i++) {
        if (this.plan.polite && r.dev.queueStopped()) break;
        r.send(dataSkb(b.priority), nowNs);
      }
    } else if (kind === EV_MODE) {
      r.dev.setFcMode(this.plan.modes[arg as number].mode, nowNs);
    } else {
      this.check(nowNs);
      if (nowNs < TRAFFIC_END_NS + 5_000_000) r.sim.at(nowNs + CHECK_EVERY_NS, this, EV_CHECK);
    }
  }

  check(nowNs: Ns): void {
    const r = this.r;
    const s = r.dev.stats;
    const fail = (msg: string): void => {
      if (this.violations.length < 5) this.violations.push(`${nowNs}: ${msg}`);
    };
    if (s.xmitPkts !== s.delivered + s.dropped + inDriver(r)) {
      fail(`conservation ${s.xmitPkts} != ${s.delivered} + ${s.dropped} + ${inDriver(r)}`);
    }
    if (r.dev.hangerPkts() > r.opts.hangerSlots) fail(`hanger ${r.dev.hangerPkts()}`);
    const fws = r.dev.fws;
    for (let f = 0; f < 4; f++) {
      if (fws.credit[f] < 0 || fws.credit[f] > fws.initCredit[f]) fail(`credit[${f}] = ${fws.credit[f]}`);
    }
    if (s.freed > s.xmitPkts) fail('freed more than sent');
  }
}

function runPlan(plan: Plan, seed: number): { r: Rig; d: Driver } {
  const r = rig(plan.over, seed);
  const d = new Driver(r, plan);
  r.sim.runUntil(TRAFFIC_END_NS);
  // Drain: fcmode 0 sends whatever credits still hold back (a lender whose
  // loan is never repaid — brcmf_fws_return_credits only repays while BK is
  // owed — can starve its own AC for good, as in the driver).
  r.dev.setFcMode(0, r.sim.nowNs);
  r.sim.runUntil(TRAFFIC_END_NS + 10_000_000_000);
  d.check(r.sim.nowNs);
  return { r, d };
}

const credit = fc.integer({ min: 1, max: 24 });
const planArb: fc.Arbitrary<Plan> = fc.record({
  over: fc.record({
    fcMode: fc.constantFrom(0 as const, 1 as const, 2 as const),
    frameErrorRate: fc.constantFrom(0, 0.05, 0.3, 0.9),
    initialCredits: fc.tuple(credit, credit, credit, credit),
    creditBackBatch: fc.integer({ min: 1, max: 30 }),
    hangerSlots: fc.integer({ min: 2, max: 80 }),
    fwsQueueHigh: fc.integer({ min: 8, max: 128 }),
    fwsQueueLow: fc.integer({ min: 0, max: 7 }),
    bus: fc.record({
      maxPktsPerTransfer: fc.integer({ min: 1, max: 32 }),
      halfDuplex: fc.boolean(),
      perTransferOverheadNs: fc.integer({ min: 0, max: 80_000 }),
    }),
    firmware: fc.record({
      maxAmpduFrames: fc.integer({ min: 1, max: 64 }),
      queuePkts: fc.integer({ min: 1, max: 160 }),
      txStatusBatch: fc.integer({ min: 1, max: 16 }),
      rxAckDelayNs: fc.constantFrom(0, 10_000, 200_000),
      txStatusLatencyNs: fc.integer({ min: 0, max: 500_000 }),
    }),
  }),
  bursts: fc.array(
    fc.record({
      atUs: fc.integer({ min: 0, max: TRAFFIC_END_NS / 1000 }),
      count: fc.integer({ min: 1, max: 300 }),
      priority: fc.integer({ min: 0, max: 7 }),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  modes: fc.array(
    fc.record({
      atUs: fc.integer({ min: 0, max: TRAFFIC_END_NS / 1000 }),
      mode: fc.constantFrom(0 as const, 1 as const, 2 as const),
    }),
    { maxLength: 4 },
  ),
  polite: fc.boolean(),
});

describe('brcmfmac: invariants (property)', () => {
  it('conserves packets, bounds the hanger and credits, frees every skb exactly once', () => {
    fc.assert(
      fc.property(planArb, fc.integer({ min: 1, max: 1_000_000 }), (plan, seed) => {
        const { r, d } = runPlan(plan, seed);
        expect(d.violations).toEqual([]);
        const s = r.dev.stats;
        expect(inDriver(r)).toBe(0);
        expect(r.dev.hangerPkts()).toBe(0);
        expect(s.delivered + s.dropped).toBe(s.xmitPkts);
        expect(s.freed).toBe(s.xmitPkts);
        expect(r.freeCount.size).toBe(r.sent.length);
        for (const c of r.freeCount.values()) expect(c).toBe(1);
        for (const c of r.deliverCount.values()) expect(c).toBe(1);
        for (const skb of r.dropped) expect(r.deliverCount.has(skb)).toBe(false);
      }),
      { numRuns: 60, seed: 20240607 },
    );
  });
});

describe('brcmfmac: determinism', () => {
  const plan: Plan = {
    over: { fcMode: 2, frameErrorRate: 0.6, firmware: { maxAmpduFrames: 32 } },
    bursts: [
      { atUs: 0, count: 200, priority: 0 },
      { atUs: 3000, count: 150, priority: 5 },
      { atUs: 9000, count: 300, priority: 0 },
    ],
    modes: [{ atUs: 6000, mode: 1 }],
    polite: true,
  };

  it('repeats the same run for the same seed and differs for another', () => {
    const a = runPlan(plan, 42).r;
    const b = runPlan(plan, 42).r;
    const c = runPlan(plan, 43).r;
    expect(a.dropped.length).toBeGreaterThan(0); // the Rng matters in this run
    expect(b.trace).toEqual(a.trace);
    expect(c.trace).not.toEqual(a.trace);
  });
});
