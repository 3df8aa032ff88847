/**
 * The TSQ budget's terms (what the summary and the lessons show) recombine
 * into exactly the limit tcp_small_queue_check uses, in every era; and a
 * running model's summary reports them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSim } from '../../index';
import { ERAS, ERA_IDS } from '../../scenario/eras';
import { PacingStatus } from '../skb';
import { tsqBudgetTerms, tsqLimitBytes, type TsqInputs } from './tsq';

const inputs = fc.record<TsqInputs>({
  skbTruesizeBytes: fc.integer({ min: 768, max: 200_000 }),
  pacingRateBytesPerSec: fc.oneof(fc.constant(Infinity), fc.double({ min: 1e3, max: 1e10, noNaN: true })),
  sk_pacing_shift: fc.integer({ min: 0, max: 31 }),
  sk_pacing_status: fc.constantFrom(PacingStatus.NONE, PacingStatus.NEEDED, PacingStatus.FQ),
  limitOutputBytes: fc.integer({ min: 1, max: 1 << 26 }),
  txDelayUs: fc.constantFrom(0, 0, 100, 5000),
  factor: fc.constant(0 as const),
});

describe('tsqBudgetTerms', () => {
  it('recombine into tsqLimitBytes for new data', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ERA_IDS), inputs, (id, x) => {
        const era = ERAS[id].kernel;
        const t = tsqBudgetTerms(era, x);
        let limit = t.dynamic ? Math.max(t.twiceTruesizeBytes, t.pacingTermBytes) : t.capBytes;
        if (t.dynamic && t.capApplies) limit = Math.min(limit, t.capBytes);
        expect(limit + t.txDelayBytes).toBe(tsqLimitBytes(era, x));
      }),
    );
  });
});

describe('the summary’s TSQ budget', () => {
  it('names the terms of the limit the sender used last', () => {
    const r = createSim('first-tsq', { era: '6.6', 'link.rateBps': 100e6, warmupMs: 500 }, 1);
    if (!r.ok) throw new Error(r.error);
    r.sim.runUntil(1.5e9);
    const b = r.sim.summary().tsqBudget!;
    expect(b.dynamic).toBe(true);
    const max = Math.max(b.twiceTruesizeBytes, b.pacingTermBytes);
    expect(b.limitBytes).toBe(b.capApplies ? Math.min(max, b.capBytes) : max);
    expect(b.pacingRateBps).toBeGreaterThan(50e6);
    expect(b.pacingTermBytes).toBe(Math.floor(b.pacingRateBps / 8 / 2 ** b.pacingShift));
    expect(b.ceilingBps).toBeGreaterThan(0);
  });

  it('is the sysctl alone in Linux 3.6', () => {
    const r = createSim('first-tsq', {}, 1);
    if (!r.ok) throw new Error(r.error);
    r.sim.runUntil(0.5e9);
    const b = r.sim.summary().tsqBudget!;
    expect(b.dynamic).toBe(false);
    expect(b.limitBytes).toBe(b.capBytes);
    expect(b.pacingTermBytes).toBeNaN();
  });
});
