import { describe, expect, it } from 'vitest';
import { Sim } from '../../../engine/sim';
import { NS_PER_SEC } from '../../../engine/time';
import { Medium } from '../medium/medium';
import { ATH_MAX_QDEPTH } from './ath9k';
import { dataSkb, ht, ManualMedium, RadioRig, runTxop, scriptedRng } from './ath9k-test-helpers';
import type { Ath9kOptions } from './ath9k';
import type { Mac80211Options } from '../mac80211/mac80211-txq';
import type { PhyRate } from '../types';

/** 1500-byte IP packets: MPDU 1538 (26 QoS header + 8 LLC/SNAP + 4 FCS), subframe 4 + 1538 padded to 1544. */
const MPDU = 1538;
const SUB = 1544;
const LAST = 4 + MPDU;

/** ath_max_framelen(4096 µs) by hand: (4096 − 36 − 4·(Nss−1)) µs of symbols × bits/symbol − 22 PLCP bits, in bytes. */
function maxFramelen4096(bitsPerSymbol: number, nss: number, sgi: boolean): number {
  const usec = 4096 - (36 + 4 * (nss - 1));
  const symbols = sgi ? Math.floor((usec * 5 - 4) / 18) : Math.floor(usec / 4);
  return Math.min(Math.floor((symbols * bitsPerSymbol * nss - 22) / 8), 65532);
}

/** Subframes of 1538-byte MPDUs that fit in `limit` bytes (all but the last padded). */
function fits(limit: number): number {
  return Math.floor((limit - LAST) / SUB) + 1;
}

function manualRig(
  rate: PhyRate,
  athOver: Partial<Ath9kOptions> = {},
  macOver: Partial<Mac80211Options> = {},
) {
  const sim = new Sim(3);
  const medium = new ManualMedium();
  const rig = new RadioRig(
    sim,
    sim.rng.fork(1),
    medium,
    0,
    '5GHz',
    { rateFor: () => rate, ...athOver },
    macOver,
  );
  return { sim, medium, rig };
}

/** Queues `n` packets (the first two leave at once as single-frame aggregates), then sends `txops` exchanges. */
function sizesAfter(rate: PhyRate, n: number, txops: number, athOver: Partial<Ath9kOptions> = {}): number[] {
  const { sim, rig } = manualRig(rate, athOver);
  for (let i = 0; i < n; i++) rig.xmit(dataSkb(0, 1, 1), 0);
  for (let i = 0; i < txops && rig.ath.hasPending(); i++) runTxop(sim, rig.ath);
  return rig.txs.map((t) => t.n);
}

describe('ath9k aggregate formation', () => {
  it('caps MCS0 HT20 at the 4 ms airtime limit: two 1538-byte subframes', () => {
    const limit = maxFramelen4096(26, 1, false); // 3296
    expect(fits(limit)).toBe(2);
    const { sim, rig } = manualRig(ht(0));
    for (let i = 0; i < 40; i++) rig.xmit(dataSkb(0, 1, 1), 0);
    for (let i = 0; i < 8; i++) runTxop(sim, rig.ath);
    expect(rig.txs.slice(0, 2).map((t) => t.n)).toEqual([1, 1]);
    for (const t of rig.txs.slice(2)) {
      expect(t.n).toBe(2);
      expect(t.psduBytes).toBe(SUB + LAST);
      expect(t.psduBytes).toBeLessThanOrEqual(limit);
    }
  });

  it('stops at half the BAW (32) at MCS15 HT40 SGI', () => {
    expect(fits(maxFramelen4096(540, 2, true))).toBeGreaterThan(32);
    const sizes = sizesAfter(ht(15, 40, true), 200, 5);
    expect(sizes).toEqual([1, 1, 32, 32, 32]);
    expect(sizesAfter(ht(15, 40, true), 200, 4, { bawSize: 16 })).toEqual([1, 1, 8, 8]);
  });

  it('fills the airtime/byte limit at MCS7 HT20 (21 subframes) and respects a peer limit', () => {
    const limit = maxFramelen4096(260, 1, false); // 32984
    expect(fits(limit)).toBe(21);
    expect(sizesAfter(ht(7), 200, 4)).toEqual([1, 1, 21, 21]);
    expect(sizesAfter(ht(7), 200, 4, { maxAmpduBytes: 8191 })).toEqual([1, 1, fits(8191), fits(8191)]);
    expect(fits(8191)).toBe(5);
  });

  it('sizes the aggregate by what is queued when a hardware slot frees up', () => {
    for (const mode of ['itxq', 'legacy'] as const) {
      // Two go out alone while the queue is empty; 7 more wait behind the full hardware queue.
      expect(sizesAfter(ht(7), 9, 10, { mode })).toEqual([1, 1, 7]);
    }
  });

  it('sends every frame alone with aggregation off, up to 8 in the hardware queue', () => {
    const { sim, rig } = manualRig(ht(7), { aggregation: false });
    for (let i = 0; i < 20; i++) rig.xmit(dataSkb(0, 1, 1), 0);
    expect(rig.ath.hwDepth().depth).toBe(8);
    for (let i = 0; i < 20; i++) runTxop(sim, rig.ath);
    expect(rig.txs.every((t) => t.n === 1 && !t.isAggr && t.psduBytes === MPDU)).toBe(true);
    expect(rig.delivered.length).toBe(20);
  });
});

describe('ath9k retries and the block-ack BAW', () => {
  /**
   * 200 packets at MCS15 HT40 SGI: A=[0], B=[1], C=[2..33], D=[34..65].
   * C loses seq 5, 9 and 20; the BAW starts at 5 afterwards, so E may hold
   * the three retries plus new frames up to seq 68 only.
   */
  function scenario(mode: 'itxq' | 'legacy') {
    const sim = new Sim(3);
    const medium = new ManualMedium();
    const script: number[] = [];
    const rig = new RadioRig(
      sim,
      scriptedRng(script),
      medium,
      0,
      '5GHz',
      {
        mode,
        rateFor: () => ht(15, 40, true),
        frameErrorRate: () => 0.5,
      },
      null,
    );
    for (let i = 0; i < 200; i++) rig.xmit(dataSkb(0, 1, 1), 0);
    runTxop(sim, rig.ath); // A
    runTxop(sim, rig.ath); // B
    for (let i = 0; i < 32; i++) script.push([3, 7, 18].includes(i) ? 0 : 0.9);
    runTxop(sim, rig.ath); // C
    runTxop(sim, rig.ath); // D
    runTxop(sim, rig.ath); // E
    runTxop(sim, rig.ath); // F
    return { rig, medium };
  }

  it('requeues lost subframes in order and never steps over the BAW (legacy v4.8: peeked frames stay put)', () => {
    const { rig, medium } = scenario('legacy');
    const seqs = rig.txs.map((t) => t.seqs);
    expect(seqs[2]).toEqual(Array.from({ length: 32 }, (_, i) => 2 + i));
    expect(seqs[3]).toEqual(Array.from({ length: 32 }, (_, i) => 34 + i));
    expect(seqs[4]).toEqual([5, 9, 20, 66, 67, 68]);
    expect(medium.successes).toBe(6);
    expect(rig.ath.stats.swRetries).toBe(3);
  });

  it('v4.16+ iTXQ puts a frame it could not send at the retry_q tail, ahead of later retries', () => {
    const { rig } = scenario('itxq');
    expect(rig.txs[4].seqs).toEqual([66, 5, 9, 20, 67, 68]);
  });

  it('holds the BAW until the retries are acked, then moves on', () => {
    for (const mode of ['legacy', 'itxq'] as const) {
      const { rig } = scenario(mode);
      // D's completion frees a slot but seq 69 is outside [5, 69): nothing is formed until E is acked.
      expect(rig.txs[5].seqs).toEqual(Array.from({ length: 32 }, (_, i) => 69 + i));
      expect(rig.delivered.length).toBe(1 + 1 + 29 + 32 + 6 + 32);
      expect(new Set(rig.delivered.map((d) => d.seqno80211)).size).toBe(rig.delivered.length);
    }
  });

  it('gives up after maxSwRetries and slides the BAW (BAR)', () => {
    const sim = new Sim(3);
    const medium = new ManualMedium();
    const rig = new RadioRig(
      sim,
      scriptedRng([]),
      medium,
      0,
      '5GHz',
      {
        mode: 'legacy',
        rateFor: () => ht(7),
        maxSwRetries: 2,
      },
      null,
    );
    for (let i = 0; i < 30; i++) rig.xmit(dataSkb(0, 1, 1), 0);
    // Every exchange collides until the frames run out of retries.
    for (let i = 0; i < 40 && rig.ath.hasPending(); i++) runTxop(sim, rig.ath, true);
    expect(rig.ath.stats.drops).toBe(30);
    expect(rig.freed.length).toBe(30);
    expect(rig.delivered.length).toBe(0);
    expect(rig.ath.driverQueueFrames()).toBe(0);
    for (const t of rig.txs) expect(Math.max(...t.seqs) - Math.min(...t.seqs)).toBeLessThan(64);
  });
});

describe('ath9k on the shared medium', () => {
  it('a saturated txq at MCS7 HT20 reaches 21-frame aggregates and the analytical MAC throughput', () => {
    const sim = new Sim(11);
    const medium = new Medium(sim, sim.rng.fork(2), { band: '5GHz' });
    const rig = new RadioRig(
      sim,
      sim.rng.fork(3),
      medium,
      0,
      '5GHz',
      { rateFor: () => ht(7) },
      {
        codel: { targetNs: 10 * NS_PER_SEC, intervalNs: 10 * NS_PER_SEC, ecn: true },
        memoryLimitBytes: 16 << 20,
      },
    );
    rig.onFree = (_s, now) => rig.xmit(dataSkb(0, 1, 1), now); // closed loop keeps 2000 queued
    for (let i = 0; i < 2000; i++) rig.xmit(dataSkb(0, 1, 1), 0);
    sim.runUntil(NS_PER_SEC / 10);
    const d0 = rig.delivered.length;
    sim.runUntil(NS_PER_SEC / 10 + NS_PER_SEC);
    const mbps = ((rig.delivered.length - d0) * 1500 * 8) / 1e6;

    const steady = rig.txs.filter((t) => t.atNs > NS_PER_SEC / 10);
    expect(steady.every((t) => t.n === 21)).toBe(true);
    // PPDU: ceil((8·PSDU + 22) / 260) symbols of 4 µs + 36 µs preamble; + SIFS 16 + BlockAck 32 at 24 Mbit/s;
    // then AIFS (16 + 3·9) and a mean backoff of 7.5 slots of 9 µs.
    const psdu = 20 * SUB + LAST;
    const ppduUs = Math.ceil((8 * psdu + 22) / 260) * 4 + 36;
    const cycleUs = ppduUs + 16 + 32 + 16 + 3 * 9 + 7.5 * 9;
    const expected = (21 * 1500 * 8) / cycleUs;
    expect(mbps / expected).toBeGreaterThan(0.97);
    expect(mbps / expected).toBeLessThan(1.03);
  });

  function fairness(airtimeFairness: boolean) {
    const sim = new Sim(5);
    const medium = new Medium(sim, sim.rng.fork(2), { band: '5GHz' });
    const rates = [ht(7), ht(0), ht(15, 40, true)];
    const rig = new RadioRig(
      sim,
      sim.rng.fork(3),
      medium,
      0,
      '5GHz',
      { rateFor: (d) => rates[d] },
      {
        airtimeFairness,
        codel: { targetNs: 10 * NS_PER_SEC, intervalNs: 10 * NS_PER_SEC, ecn: true },
      },
    );
    rig.mac!.addStation(1, 5000);
    rig.mac!.addStation(2, 200_000);
    rig.onFree = (s, now) => rig.xmit(dataSkb(0, s.dst, s.dst), now);
    for (let i = 0; i < 300; i++) for (const sta of [1, 2]) rig.xmit(dataSkb(0, sta, sta), 0);
    sim.runUntil(2 * NS_PER_SEC);
    return rig.mac!.stationAirtimeNs(1) / rig.mac!.stationAirtimeNs(2);
  }

  it('airtime fairness gives a slow and a fast backlogged station about equal airtime', () => {
    const fair = fairness(true);
    expect(fair).toBeGreaterThan(0.8);
    expect(fair).toBeLessThan(1.25);
    // ath9k's own round robin (v4.14–v5.0, airtime off) alternates aggregates: 2 × 1538 B at MCS0
    // (3840 µs) against 32 at MCS15 HT40 SGI (1358 µs), so airtime splits about 2.8 : 1.
    const slowUs = Math.ceil((8 * (SUB + LAST) + 22) / 26) * 4 + 36;
    const fastUs = Math.floor((Math.ceil((8 * (31 * SUB + LAST) + 22) / 1080) * 18 + 4) / 5) + 40;
    const unfair = fairness(false);
    expect(unfair / (slowUs / fastUs)).toBeGreaterThan(0.9);
    expect(unfair / (slowUs / fastUs)).toBeLessThan(1.1);
  });

  it('legacy mode stops the netdev queue past txq_max_pending and wakes it below', () => {
    const sim = new Sim(9);
    const medium = new Medium(sim, sim.rng.fork(2), { band: '5GHz' });
    const rig = new RadioRig(
      sim,
      sim.rng.fork(3),
      medium,
      0,
      '5GHz',
      { mode: 'legacy', rateFor: () => ht(7) },
      null,
    );
    const total = 1000;
    let sent = 0;
    let wakes = 0;
    let maxHeld = 0;
    const pump = (now: number): void => {
      while (sent < total && !rig.ath.queueStopped()) {
        rig.xmit(dataSkb(0, 1, 1), now);
        sent++;
        maxHeld = Math.max(maxHeld, rig.ath.driverQueueFrames());
      }
    };
    rig.ath.setWake((now) => {
      wakes++;
      expect(rig.ath.driverQueueFrames()).toBeLessThan(ATH_MAX_QDEPTH);
      pump(now);
    });
    pump(0);
    // ++pending_frames > 123 stops the queue: the 124th frame is taken, then no more.
    expect(sent).toBe(ATH_MAX_QDEPTH + 1);
    expect(rig.ath.queueStopped()).toBe(true);
    sim.runUntil(NS_PER_SEC);
    expect(sent).toBe(total);
    expect(wakes).toBeGreaterThan(5);
    expect(maxHeld).toBe(ATH_MAX_QDEPTH + 1);
    expect(rig.freed.length).toBe(total);
    expect(rig.delivered.length).toBe(total);
    expect(rig.ath.queueStopped()).toBe(false);
  });
});
