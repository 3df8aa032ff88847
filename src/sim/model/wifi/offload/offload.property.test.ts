/**
 * Property tests of the firmware- and hardware-aggregating drivers (ath10k,
 * mt76) on a shared medium: every frame handed to a radio is freed or dropped
 * exactly once, delivered once if acknowledged and never otherwise; no
 * A-MPDU passes its subframe, window, length or PPDU-time limit; TXOPs never
 * overlap except when they collide; the drivers' own limits hold throughout.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventTarget } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import type { Ath10k } from '../ath10k/ath10k';
import { ATH10K_CHIPS } from '../ath10k/ath10k-options';
import type { Mt76 } from '../mt76/mt76';
import { MT76_CHIPS } from '../mt76/mt76-options';
import { ppduDurationNs } from '../phy/phy';
import { PPDU_MAX_US, vhtHeTxTimeNs } from '../phy/vht-he';
import type { PhyRate } from '../types';
import { OffloadRig, type OffloadFamily } from './offload-testkit';

const vhtRate = fc
  .record({
    mcs: fc.integer({ min: 0, max: 8 }),
    nss: fc.integer({ min: 1, max: 2 }),
    widthMHz: fc.constantFrom(20 as const, 40 as const, 80 as const),
    shortGi: fc.boolean(),
  })
  .map((r): PhyRate => ({ mode: 'vht', ...r }));
const htRate = fc
  .record({ mcs: fc.integer({ min: 0, max: 15 }), widthMHz: fc.constantFrom(20 as const, 40 as const) })
  .map((r): PhyRate => ({
    mode: 'ht',
    mcs: r.mcs,
    nss: Math.floor(r.mcs / 8) + 1,
    widthMHz: r.widthMHz,
    shortGi: false,
  }));
const heRate = fc
  .record({
    mcs: fc.integer({ min: 0, max: 11 }),
    nss: fc.integer({ min: 1, max: 2 }),
    widthMHz: fc.constantFrom(20 as const, 40 as const, 80 as const, 160 as const),
  })
  .map((r): PhyRate => ({ mode: 'he', ...r, shortGi: false, giNs: 800, heLtf: 2 }));

interface Burst {
  atUs: number;
  from: number;
  dst: number;
  count: number;
  ipBytes: number;
  priority: number;
}

const planArb = fc
  .record({
    family: fc.constantFrom<OffloadFamily>('ath10k', 'mt76'),
    chip10k: fc.constantFrom('qca6174' as const, 'qca988x' as const, 'qca9984' as const),
    peers: fc.integer({ min: 1, max: 3 }),
    aql: fc.boolean(),
    atf: fc.boolean(),
    complUs: fc.integer({ min: 0, max: 2000 }),
    peerMaxAmpdu: fc.constantFrom(8191, 65535, 1_048_575),
    fer: fc.array(fc.double({ min: 0, max: 0.6, noNaN: true }), { minLength: 3, maxLength: 3 }),
    seed: fc.integer({ min: 1, max: 1e6 }),
  })
  .chain((p) =>
    fc.record({
      p: fc.constant(p),
      rates: fc.array(p.family === 'ath10k' ? fc.oneof(vhtRate, htRate) : fc.oneof(heRate, vhtRate), {
        minLength: 3,
        maxLength: 3,
      }),
      bursts: fc.array(
        fc.record({
          atUs: fc.integer({ min: 0, max: 30_000 }),
          from: fc.integer({ min: 0, max: p.peers }),
          dst: fc.integer({ min: 1, max: p.peers }),
          count: fc.integer({ min: 1, max: 400 }),
          ipBytes: fc.constantFrom(64, 576, 1500, 1500),
          priority: fc.constantFrom(0, 0, 0, 5),
        }),
        { minLength: 1, maxLength: 12 },
      ),
    }),
  );

const EV_BURST = 1;
const EV_CHECK = 2;

/** Sends the bursts and checks the driver's own limits every 100 µs. */
class Plan implements EventTarget {
  violations: string[] = [];
  constructor(
    private readonly rig: OffloadRig,
    private readonly bursts: Burst[],
    private readonly limits: (rig: OffloadRig) => string | null,
  ) {
    bursts.forEach((b, i) => rig.sim.at(b.atUs * 1000, this, EV_BURST, i));
    rig.sim.at(0, this, EV_CHECK);
  }
  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_BURST) {
      const b = this.bursts[arg as number];
      // A peer sends to node 0; node 0 to the burst's station.
      const dst = b.from === 0 ? b.dst : 0;
      for (let i = 0; i < b.count; i++) this.rig.send(b.from, dst, b.ipBytes, b.priority, nowNs);
      return;
    }
    const v = this.limits(this.rig);
    if (v && this.violations.length < 3) this.violations.push(`${nowNs}: ${v}`);
    if (nowNs < 40_000_000) this.rig.sim.at(nowNs + 100_000, this, EV_CHECK);
  }
}

describe('firmware and hardware aggregation (property)', () => {
  it('conserves frames, keeps every A-MPDU within its limits and the air free of overlaps', () => {
    fc.assert(
      fc.property(planArb, ({ p, rates, bursts }) => {
        const ath10k = p.family === 'ath10k';
        const config = ath10k
          ? {
              chip: p.chip10k,
              fwTxComplDelayUs: p.complUs,
              napiDelayUs: 50,
              peerMaxAmpduBytes: p.peerMaxAmpdu,
              peerMaxMpduBytes: 11454 as const,
            }
          : {
              chip: 'mt7915' as const,
              txFreeDelayUs: p.complUs,
              napiDelayUs: 50,
              workerDelayUs: 20,
              peerMaxAmpduBytes: p.peerMaxAmpdu,
            };
        const rig = new OffloadRig(
          { family: p.family, config, peers: p.peers, rates, fer: p.fer, aql: p.aql, airtimeFairness: p.atf },
          p.seed,
        );
        const window = ath10k ? 64 : MT76_CHIPS.mt7915.baWindow;
        const limits = (r: OffloadRig): string | null => {
          for (const radio of r.radios) {
            if (ath10k) {
              const h = radio.driver as Ath10k;
              if (h.numPendingTx < 0 || h.numPendingTx > ATH10K_CHIPS[p.chip10k].maxPendingTx)
                return `num_pending_tx ${h.numPendingTx}`;
            } else {
              const h = radio.driver as Mt76;
              if (h.tokenCount < 0 || h.tokenCount > MT76_CHIPS.mt7915.tokenSize)
                return `tokens ${h.tokenCount}`;
              if (h.queued < 0 || h.queued > MT76_CHIPS.mt7915.ringSize) return `ring ${h.queued}`;
            }
          }
          return null;
        };
        const plan = new Plan(rig, bursts, limits);
        rig.sim.runUntil(5_000_000_000);
        expect(plan.violations).toEqual([]);

        // Every frame settled once; acknowledged ones delivered once, the rest never.
        expect(rig.settled()).toBe(rig.sent.length);
        for (const s of rig.sent) {
          expect(rig.freed.has(s.id) && rig.dropped.has(s.id)).toBe(false);
          expect(rig.delivered.get(s.id) ?? 0).toBe(rig.freed.has(s.id) ? 1 : 0);
        }

        // Limits of each A-MPDU: subframes, window, length, PPDU time.
        for (const a of rig.aggregates) {
          expect(a.nframes).toBeLessThanOrEqual(window);
          if (ath10k) expect(a.nframes).toBeLessThanOrEqual(64);
          if (a.nframes === 1) continue;
          const rate = rates[Math.max(0, (a.node === 0 ? a.dst : a.node) - 1)];
          const maxBytes = rate.mode === 'ht' ? Math.min(65_535, p.peerMaxAmpdu) : p.peerMaxAmpdu;
          expect(a.bytes).toBeLessThanOrEqual(maxBytes);
          const ppdu =
            rate.mode === 'ht'
              ? ppduDurationNs(a.bytes, rate)
              : vhtHeTxTimeNs(a.bytes, rate, { nominalPaddingUs: ath10k ? 0 : 16 });
          expect(ppdu).toBeLessThanOrEqual(PPDU_MAX_US * 1000);
        }

        // The air: TXOPs start in order and never overlap unless they start together (a collision).
        const t = rig.txops;
        for (let i = 1; i < t.length; i++) {
          expect(t[i].startNs).toBeGreaterThanOrEqual(t[i - 1].startNs);
          if (t[i].startNs === t[i - 1].startNs) expect(t[i].collided && t[i - 1].collided).toBe(true);
          else {
            let end = 0;
            for (let j = i - 1; j >= 0 && t[j].startNs === t[i - 1].startNs; j--)
              end = Math.max(end, t[j].endNs);
            expect(t[i].startNs).toBeGreaterThanOrEqual(end);
          }
        }
      }),
      { numRuns: 120, seed: 23 },
    );
  });
});
