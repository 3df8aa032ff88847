import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Sim, type EventTarget } from '../../../engine/sim';
import { NS_PER_MS } from '../../../engine/time';
import type { Rng } from '../../../engine/rng';
import { Medium } from '../medium/medium';
import { AQL_DEFAULTS } from '../mac80211/mac80211-txq';
import { maxPsduBytesForAirtime, ppduDurationNs } from '../phy/phy';
import { dataSkb, ht, RadioRig } from './ath9k-test-helpers';
import type { Skb } from '../../skb';
import { TID_TO_AC, type PhyRate } from '../types';

const RATES: PhyRate[] = [ht(0), ht(3), ht(7), ht(7, 40, true), ht(15, 40, true), ht(12)];

interface Scenario {
  mode: 'itxq' | 'legacy';
  aggregation: boolean;
  bawSize: number;
  maxAmpduBytes: number;
  txopUs: number;
  fer: number;
  maxSwRetries: number;
  rateIdx: number[];
  airtimeFairness: boolean;
  aql: boolean;
  limitPkts: number;
  meanGapUs: number;
  packets: number;
  thrKbps: number;
  seed: number;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  mode: fc.constantFrom('itxq' as const, 'legacy' as const),
  aggregation: fc.boolean(),
  bawSize: fc.constantFrom(8, 16, 32, 64),
  maxAmpduBytes: fc.constantFrom(8191, 16383, 32767, 65535),
  txopUs: fc.constantFrom(1000, 2000, 4096),
  fer: fc.constantFrom(0, 0.05, 0.3, 0.6),
  maxSwRetries: fc.constantFrom(1, 3, 30),
  rateIdx: fc.array(fc.integer({ min: 0, max: RATES.length - 1 }), { minLength: 3, maxLength: 3 }),
  airtimeFairness: fc.boolean(),
  aql: fc.boolean(),
  limitPkts: fc.constantFrom(50, 8192),
  meanGapUs: fc.constantFrom(20, 200, 2000),
  packets: fc.integer({ min: 50, max: 400 }),
  thrKbps: fc.constantFrom(0, 2000, 20_000),
  seed: fc.integer({ min: 1, max: 1 << 30 }),
});

/** Random arrivals on two radios (AP 0 → stations 1, 2; station 1 → AP), checking conservation on the way. */
class Traffic implements EventTarget {
  sent = 0;
  constructor(
    private readonly sim: Sim,
    private readonly rng: Rng,
    private readonly rigs: RadioRig[],
    private readonly sc: Scenario,
  ) {}
  handleEvent(_k: number, _a: unknown, now: number): void {
    for (const r of this.rigs) {
      expect(r.accounted()).toBe(r.xmits);
      // In bytes: each frame in one layer, and the aggregate on the air in none of the queues (802.11 frame bytes, as mac80211 counts them).
      expect(r.unaccountedBytes()).toBe(r.ath.onAirFrames() > 0 ? r.lastTxBytes : 0);
      let perStation = 0;
      for (let d = 0; d < 3; d++) perStation += r.ath.bytesFor(d);
      expect(perStation).toBeLessThanOrEqual(r.ath.driverQueueBytes());
    }
    const fromAp = this.rng.next() < 0.8;
    const rig = fromAp ? this.rigs[0] : this.rigs[1];
    const dst = fromAp ? 1 + this.rng.int(2) : 0;
    const ip = this.rng.next() < 0.3 ? 52 + this.rng.int(100) : 1500;
    rig.xmit(dataSkb(rig.ath.node, dst, 10 * dst + this.rng.int(3), ip, this.rng.next() < 0.1 ? 6 : 0), now);
    if (++this.sent < this.sc.packets)
      this.sim.after(Math.round(this.rng.exp(this.sc.meanGapUs * 1000)) + 1, this, 0);
  }
}

function run(sc: Scenario) {
  const sim = new Sim(sc.seed);
  const medium = new Medium(sim, sim.rng.fork(1), { band: '5GHz' });
  const rateFor = (d: number) => RATES[sc.rateIdx[d]];
  const rigs = [0, 1].map(
    (node) =>
      new RadioRig(
        sim,
        sim.rng.fork(10 + node),
        medium,
        node,
        '5GHz',
        {
          mode: sc.mode,
          aggregation: sc.aggregation,
          bawSize: sc.bawSize,
          maxAmpduBytes: sc.maxAmpduBytes,
          txopUs: sc.txopUs,
          maxSwRetries: sc.maxSwRetries,
          hwMaxTries: 3,
          rateFor,
          frameErrorRate: () => sc.fer,
        },
        {
          airtimeFairness: sc.airtimeFairness,
          aql: sc.aql ? AQL_DEFAULTS : null,
          limitPkts: sc.limitPkts,
        },
      ),
  );
  // Rate control's expected throughput makes the AQL estimates bite (2 Mbit/s: ~6 ms per packet).
  for (const rig of rigs) for (let d = 0; d < 3; d++) rig.mac?.addStation(d, sc.thrKbps);
  const traffic = new Traffic(sim, sim.rng.fork(99), rigs, sc);
  sim.at(0, traffic, 0);
  sim.runUntil(60_000 * NS_PER_MS);
  // The v6.0 scheduler sets schedule_round to 0 while the AC is over its per-PHY AQL limit
  // (ieee80211_txq_schedule_start, 942741dae "add a per-PHY AQL limit"), and the next round is
  // 1 again: a txq last served in an earlier round 1 counts as served and waits for the
  // schedule after that, which a new frame or a completion brings. At quiescence nothing
  // comes, so the frame that would wake such a txq is stood in for by the wake itself.
  for (let kick = 0; kick < 3; kick++) {
    let woken = 0;
    for (const rig of rigs)
      for (let sta = 0; sta < 3; sta++)
        for (const txq of rig.mac?.txqsOf(sta) ?? [])
          if (txq !== null && txq.backlogPkts > 0) {
            rig.ath.wakeTxQueue(txq, sim.nowNs);
            woken++;
          }
    if (woken === 0) break;
    sim.runUntil(sim.nowNs + 60_000 * NS_PER_MS);
  }
  return { rigs, sim };
}

describe('ath9k invariants (property)', () => {
  it('aggregates respect the byte, airtime, half-BAW and BAW limits; every packet is accounted for', () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const { rigs } = run(sc);
        for (const rig of rigs) {
          for (const t of rig.txs) {
            if (!sc.aggregation) {
              expect(t.n).toBe(1);
              continue;
            }
            expect(t.n).toBeLessThanOrEqual(sc.bawSize / 2);
            // Sequence numbers of one aggregate lie inside one BAW.
            const s0 = t.seqs[0];
            const offs = t.seqs.map((s) => ((((s - s0) & 4095) + 2048) & 4095) - 2048);
            expect(Math.max(...offs) - Math.min(...offs)).toBeLessThan(sc.bawSize);
            if (t.n > 1) {
              // VO / VI aggregates are sized for their own EDCA TXOP (1504 / 3008 µs).
              const txop = [1504, 3008, sc.txopUs, sc.txopUs][TID_TO_AC[t.tid]];
              expect(t.psduBytes).toBeLessThanOrEqual(
                Math.min(65535, sc.maxAmpduBytes, maxPsduBytesForAirtime(t.rate, txop)),
              );
              expect(ppduDurationNs(t.psduBytes, t.rate)).toBeLessThanOrEqual(txop * 1000);
            }
          }
          // Quiescent at the end: everything handed in was freed or dropped exactly once.
          expect(rig.accounted()).toBe(rig.xmits);
          expect(rig.freed.length + rig.dropped.length).toBe(rig.xmits);
          expect(new Set([...rig.freed, ...rig.dropped]).size).toBe(rig.xmits);
          const ids = new Set<Skb>(rig.delivered);
          expect(ids.size).toBe(rig.delivered.length);
          // Delivered = freed after a successful TX status (legacy frees given-up frames too).
          expect(rig.delivered.length).toBe(rig.freed.length - (rig.mac === null ? rig.ath.stats.drops : 0));
          for (const d of rig.delivered) expect(ids.has(d)).toBe(true);
          expect(rig.ath.driverQueueFrames()).toBe(0);
          expect(rig.ath.driverQueueBytes()).toBe(0);
          expect(rig.unaccountedBytes()).toBe(0);
          expect(rig.mac?.aqlPendingUs() ?? 0).toBe(0);
          expect(rig.ath.hwDepth().depth).toBe(0);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('frames lost from one aggregate are retransmitted in their original order (legacy retry_q)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.constantFrom(0.1, 0.4),
        fc.constantFrom(0, 2),
        (seed, fer, r) => {
          const sc: Scenario = {
            mode: 'legacy',
            aggregation: true,
            bawSize: 64,
            maxAmpduBytes: 65535,
            txopUs: 4096,
            fer,
            maxSwRetries: 30,
            rateIdx: [r, r, 4],
            airtimeFairness: false,
            aql: false,
            limitPkts: 8192,
            meanGapUs: 20,
            packets: 300,
            thrKbps: 0,
            seed,
          };
          const { rigs } = run(sc);
          const ap = rigs[0];
          // Global position of every transmission of every (station, seq).
          const positions = new Map<string, number[]>();
          let pos = 0;
          for (const t of ap.txs) {
            for (const s of t.seqs) {
              const key = `${t.dst}:${t.tid}:${s}`;
              const list = positions.get(key) ?? [];
              list.push(pos++);
              positions.set(key, list);
            }
          }
          let checked = 0;
          pos = 0;
          for (const t of ap.txs) {
            let prevNext = -1;
            for (const s of t.seqs) {
              const p = pos++;
              const list = positions.get(`${t.dst}:${t.tid}:${s}`)!;
              const next = list.find((q) => q > p);
              if (next === undefined) continue; // acked (or given up) here
              expect(next).toBeGreaterThan(prevNext);
              prevNext = next;
              checked++;
            }
          }
          if (fer >= 0.4) expect(checked).toBeGreaterThan(0);
          expect(ap.delivered.length + ap.ath.stats.drops).toBe(ap.freed.length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
