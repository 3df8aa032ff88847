import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../../../engine/time';
import { Skb, type SkbOwner } from '../../skb';
import type { Txq } from './mac80211-txq';
import { staCodelParams, txTimeEstimateUs } from './mac80211-airtime';
import { wlanFrameBytes } from './mac80211-fq';
import { AC } from '../types';
import { mkSkb, nextBe, setup } from './mac80211-testkit';

describe('mac80211 fq', () => {
  it('splits one station txq fairly between two flows (DRR, quantum 300)', () => {
    const { mac } = setup();
    mac.addStation(5, 50_000);
    for (let i = 0; i < 300; i++) {
      mac.xmit(mkSkb(5, 1, 1500), 0);
      mac.xmit(mkSkb(5, 2, 100), 0);
    }
    const txq = nextBe(mac);
    const bytes = [0, 0, 0];
    for (let i = 0; i < 200; i++) {
      const s = mac.txDequeue(txq, 0)!;
      bytes[s.flowId] += wlanFrameBytes(s);
    }
    // Byte fairness: the gap stays within one large packet plus one quantum.
    expect(Math.abs(bytes[1] - bytes[2])).toBeLessThanOrEqual(wlanFrameBytes(mkSkb(5, 1, 1500)) + 300);
    expect(bytes[1]).toBeGreaterThan(0);
  });

  it('gives a newly active flow priority over a backlogged one (new_flows first)', () => {
    const { mac } = setup();
    for (let i = 0; i < 50; i++) mac.xmit(mkSkb(5, 1), 0);
    const txq = nextBe(mac);
    mac.txDequeue(txq, 0);
    mac.txDequeue(txq, 0);
    mac.xmit(mkSkb(5, 9), 0);
    expect(mac.txDequeue(txq, 0)!.flowId).toBe(9);
  });

  it('drops from the fattest flow when over the packet limit', () => {
    const { mac, dropped } = setup({ limitPkts: 100 });
    for (let i = 0; i < 10; i++) mac.xmit(mkSkb(5, 2), 0);
    for (let i = 0; i < 150; i++) mac.xmit(mkSkb(5, 1), 0);
    expect(mac.backlogPkts()).toBe(100);
    expect(dropped.length).toBe(60);
    expect(dropped.every((s) => s.flowId === 1)).toBe(true);
    expect(mac.stats.drops).toBe(60);
  });

  it('drops on the memory limit using truesize', () => {
    const { mac, dropped } = setup({ memoryLimitBytes: 100 * 2344 });
    for (let i = 0; i < 120; i++) mac.xmit(mkSkb(5, 1), 0); // truesize 896 + 1448 = 2344
    expect(mac.backlogPkts()).toBe(100);
    expect(dropped.length).toBe(20);
  });
});

describe('mac80211 CoDel', () => {
  /** Arrivals every 1 ms, service every 1.25 ms: the standing queue grows by 0.25 ms per packet. */
  function run(ecn: boolean) {
    const { mac } = setup({ codel: { targetNs: 20 * NS_PER_MS, intervalNs: 100 * NS_PER_MS, ecn } });
    let firstAboveNs = -1;
    let firstDropNs = -1;
    let lastDrops = 0;
    let txq: Txq | null = null;
    for (let t = 0; t <= 600 * NS_PER_MS; t += NS_PER_MS / 4) {
      if (t % NS_PER_MS === 0) {
        const skb = mkSkb(5, 1);
        skb.ect = true; // an ECN-capable flow: ecn decides between mark and drop
        mac.xmit(skb, t);
      }
      if (t % (1.25 * NS_PER_MS) === 0) {
        txq ??= nextBe(mac);
        const s = mac.txDequeue(txq, t);
        if (s !== null && t - s.enqueueNs >= 20 * NS_PER_MS && firstAboveNs < 0) firstAboveNs = t;
        if (mac.stats.codelDrops > lastDrops && firstDropNs < 0) firstDropNs = t;
        lastDrops = mac.stats.codelDrops;
      }
    }
    return { mac, firstAboveNs, firstDropNs };
  }

  it('starts dropping only after the sojourn stayed above 20 ms for 100 ms', () => {
    const { mac, firstAboveNs, firstDropNs } = run(false);
    expect(firstAboveNs).toBeGreaterThan(0);
    expect(mac.stats.codelDrops).toBeGreaterThan(0);
    expect(mac.stats.ecnMarks).toBe(0);
    // The packet that crossed 20 ms was served at firstAbove; the first drop comes one interval later.
    expect(firstDropNs).toBeGreaterThan(firstAboveNs + 100 * NS_PER_MS - 2 * NS_PER_MS);
    expect(firstDropNs).toBeLessThan(firstAboveNs + 100 * NS_PER_MS + 5 * NS_PER_MS);
  });

  it('marks ECN instead of dropping TCP data when ECN is on', () => {
    const { mac } = run(true);
    expect(mac.stats.ecnMarks).toBeGreaterThan(0);
    expect(mac.stats.codelDrops).toBe(0);
  });

  it('never drops while the sojourn stays below target', () => {
    const { mac } = setup({ codel: { targetNs: 20 * NS_PER_MS, intervalNs: 100 * NS_PER_MS, ecn: false } });
    let txq: Txq | null = null;
    for (let t = 0; t < 1000 * NS_PER_MS; t += NS_PER_MS) {
      mac.xmit(mkSkb(5, 1), t);
      txq ??= nextBe(mac);
      mac.txDequeue(txq, t + 19 * NS_PER_MS);
    }
    expect(mac.stats.codelDrops).toBe(0);
  });

  it('uses 50 ms / 300 ms / no ECN for a slow station only with the 2016–2025 override', () => {
    const { mac } = setup({ slowStationCodel: true });
    mac.addStation(1, 5000);
    mac.addStation(2, 50_000);
    // 5000 < 6000 · 2 stations: slow; 50000 is not.
    expect(mac.codelParamsFor(1)).toMatchObject({
      targetNs: 50 * NS_PER_MS,
      intervalNs: 300 * NS_PER_MS,
      ecn: false,
    });
    expect(mac.codelParamsFor(2)).toMatchObject({
      targetNs: 20 * NS_PER_MS,
      intervalNs: 100 * NS_PER_MS,
      ecn: true,
    });
    // 10000 < 6000 · 2 = 12000 is still slow; a third station raises the bar further.
    mac.setExpectedThroughput(2, 10_000);
    expect(mac.codelParamsFor(2).targetNs).toBe(50 * NS_PER_MS);
    expect(staCodelParams(0, 3).targetNs).toBe(20 * NS_PER_MS); // unknown throughput is never slow
    const { mac: reverted } = setup({ slowStationCodel: false });
    reverted.addStation(1, 5000);
    expect(reverted.codelParamsFor(1).targetNs).toBe(20 * NS_PER_MS);
  });
});

describe('mac80211 scheduling', () => {
  /** Serve one txq per round, charging `usPerPkt[sta]` of airtime per packet, `burst` packets per visit. */
  function drr(fair: boolean, rounds: number) {
    const { mac } = setup({ airtimeFairness: fair, memoryLimitBytes: 16 << 20 });
    for (const sta of [1, 2]) for (let i = 0; i < 3000; i++) mac.xmit(mkSkb(sta, sta), 0);
    const usPerPkt = [0, 1000, 100];
    const pkts = [0, 0, 0];
    for (let r = 0; r < rounds; r++) {
      mac.scheduleStart(AC.BE);
      for (let txq = mac.nextTxq(AC.BE, 0); txq !== null; txq = mac.nextTxq(AC.BE, 0)) {
        for (let k = 0; k < 4; k++) {
          if (mac.txDequeue(txq, 0) === null) break;
          pkts[txq.sta]++;
          mac.registerAirtime(txq.sta, AC.BE, usPerPkt[txq.sta] * 1000);
        }
        mac.returnTxq(txq, 0);
      }
    }
    // Both stay backlogged throughout, so the split is the scheduler's doing.
    expect(mac.backlogPkts(1)).toBeGreaterThan(0);
    expect(mac.backlogPkts(2)).toBeGreaterThan(0);
    return { a: mac.stationAirtimeNs(1), b: mac.stationAirtimeNs(2), pkts };
  }

  it('airtime DRR equalises airtime between a slow and a fast station', () => {
    const { a, b } = drr(true, 400);
    expect(a / b).toBeGreaterThan(0.85);
    expect(a / b).toBeLessThan(1.15);
  });

  it('without airtime fairness the slow station takes airtime in proportion to its packet cost', () => {
    const { a, b, pkts } = drr(false, 400);
    expect(pkts[1]).toBe(pkts[2]);
    expect(a / b).toBeCloseTo(10, 5);
  });

  it('serves each txq at most once per scheduling round', () => {
    const { mac } = setup({ airtimeFairness: false });
    mac.xmit(mkSkb(1, 1), 0);
    mac.xmit(mkSkb(2, 2), 0);
    mac.scheduleStart(AC.BE);
    const a = mac.nextTxq(AC.BE, 0)!;
    mac.returnTxq(a, 0);
    const b = mac.nextTxq(AC.BE, 0)!;
    mac.returnTxq(b, 0);
    expect([a.sta, b.sta].sort()).toEqual([1, 2]);
    expect(mac.nextTxq(AC.BE, 0)).toBeNull();
  });

  it('AQL: a station stops at the high limit, others at the low limit once the radio is over its threshold', () => {
    const { mac, freed } = setup({ aql: { lowUs: 5000, highUs: 12000, thresholdUs: 24000 } });
    for (const sta of [1, 2, 3]) {
      mac.addStation(sta, 10_000);
      for (let i = 0; i < 50; i++) mac.xmit(mkSkb(sta, sta), 0);
    }
    const est = txTimeEstimateUs(wlanFrameBytes(mkSkb(1, 1)), 10_000);
    expect(est).toBe(4 * Math.ceil((1534 * 8) / 10 / 4)); // 1534 bytes at 10 Mbit/s = 1227.2 µs → 1228
    const txqs = new Map<number, Txq>();
    mac.scheduleStart(AC.BE);
    for (let t = mac.nextTxq(AC.BE, 0); t !== null; t = mac.nextTxq(AC.BE, 0)) txqs.set(t.sta, t);
    const pull = (sta: number): Skb[] => {
      const out: Skb[] = [];
      for (let s = mac.txDequeue(txqs.get(sta)!, 0); s !== null; s = mac.txDequeue(txqs.get(sta)!, 0))
        out.push(s);
      return out;
    };
    const s1 = pull(1);
    expect(s1.length).toBe(Math.ceil(12000 / est)); // 10: below high while the radio is below 24 ms
    expect(pull(2).length).toBe(10); // total 23332 µs < 24000 before the 10th
    expect(pull(3).length).toBe(Math.ceil(5000 / est)); // over threshold: only up to the low limit (5)
    expect(mac.aqlPendingUs()).toBe(est * 25);
    mac.txStatus(s1[0], true, 0, 0);
    expect(freed.length).toBe(1);
    expect(mac.aqlPendingUs(1)).toBe(est * 9);
    expect(pull(1).length).toBe(0); // total still above the threshold and station 1 above low
  });

  it('updates the sender socket pacing shift on xmit to a station', () => {
    const shifts: number[] = [];
    const owner = { pacingShiftUpdate: (s: number) => shifts.push(s) } as unknown as SkbOwner;
    const { mac } = setup({ txSkPacingShift: 8 });
    const skb = mkSkb(1, 1);
    skb.owner = owner;
    mac.xmit(skb, 0);
    expect(shifts).toEqual([8]);
    const { mac: old } = setup({ txSkPacingShift: null });
    old.xmit(skb, 0);
    expect(shifts).toEqual([8]);
  });

  it('maps priority to TID and AC (ping priority 0 shares BE; 6 goes to VO)', () => {
    const { mac } = setup();
    const vo = mkSkb(1, 1);
    vo.priority = 6;
    mac.xmit(vo, 0);
    mac.xmit(mkSkb(1, 2), 0);
    mac.scheduleStart(AC.VO);
    const t = mac.nextTxq(AC.VO, 0)!;
    expect(t.tid).toBe(6);
    expect(mac.txDequeue(t, 0)).toBe(vo);
    expect(nextBe(mac).tid).toBe(0);
  });
});
