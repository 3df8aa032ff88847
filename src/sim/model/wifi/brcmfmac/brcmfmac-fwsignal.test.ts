import { describe, expect, it } from 'vitest';
import { Skb } from '../../skb';
import {
  FIFO_AC_BE,
  FIFO_AC_BK,
  FIFO_AC_VI,
  tagFifo,
  tagMode,
  tagSlot,
  type FcMode,
} from './brcmfmac-config';
import { Fws, type FwsHost } from './brcmfmac-fwsignal';

function pkt(priority = 0): Skb {
  const s = new Skb();
  s.lenBytes = 1448;
  s.priority = priority;
  return s;
}

interface Harness {
  fws: Fws;
  sent: { skb: Skb; tag: number }[];
  freed: Skb[];
  lost: Skb[];
  flow: { stop: boolean; queued: number }[];
}

function harness(
  mode: FcMode,
  credits: number[],
  opts: { slots?: number; busOk?: () => boolean } = {},
): Harness {
  const h = { sent: [], freed: [], lost: [], flow: [] } as unknown as Harness;
  const host: FwsHost = {
    busTxdata: (skb, tag) => {
      if (opts.busOk && !opts.busOk()) return false;
      h.sent.push({ skb, tag });
      return true;
    },
    finalize: (skb) => h.freed.push(skb),
    lost: (skb) => h.lost.push(skb),
    netifFlow: (stop) => h.flow.push({ stop, queued: h.fws.queuedPkts }),
  };
  h.fws = new Fws(mode, credits, opts.slots ?? 1024, 128, 64, host, { creditsStalls: 0 });
  return h;
}

describe('brcmfmac fwsignal: credits', () => {
  it('commits one packet per credit, then holds the rest (fcmode 1)', () => {
    const h = harness(1, [0, 4, 0, 0]);
    for (let i = 0; i < 10; i++) h.fws.processSkb(pkt(), 0);
    expect(h.sent.length).toBe(4);
    expect(h.fws.queuedPkts).toBe(6);
    expect(h.fws.credit[FIFO_AC_BE]).toBe(0);
    expect(h.fws.hangerPkts).toBe(10); // queued packets hold a hanger slot too
    for (const { tag } of h.sent) {
      expect(tagMode(tag)).toBe(1);
      expect(tagFifo(tag)).toBe(FIFO_AC_BE);
    }
  });

  it('fcmode 1: each TXSTATUS returns one credit and frees the skb; fcmode 2: it only frees', () => {
    for (const mode of [1, 2] as const) {
      const h = harness(mode, [0, 4, 0, 0]);
      for (let i = 0; i < 10; i++) h.fws.processSkb(pkt(), 0);
      const first = h.sent[0];
      h.fws.txStatus(first.tag, 1000);
      expect(h.freed).toEqual([first.skb]);
      expect(h.fws.hangerPkts).toBe(9);
      if (mode === 1) {
        // credit back → the worker runs on the next schedule_deq
        expect(h.fws.credit[FIFO_AC_BE]).toBe(1);
        h.fws.runWorker(1000);
        expect(h.sent.length).toBe(5);
      } else {
        expect(h.fws.credit[FIFO_AC_BE]).toBe(0);
        h.fws.runWorker(1000);
        expect(h.sent.length).toBe(4);
        h.fws.creditBack(3 << 8); // FIFO_CREDITBACK: 3 for AC_BE
        expect(h.fws.credit[FIFO_AC_BE]).toBe(3);
        h.fws.runWorker(1000);
        expect(h.sent.length).toBe(7);
      }
    }
  });

  it('caps returned credits at the initial value', () => {
    const h = harness(2, [2, 4, 2, 2]);
    h.fws.creditBack(0x05050505);
    expect(Array.from(h.fws.credit)).toEqual([2, 4, 2, 2]);
  });

  it('AC_BE borrows from the lowest AC with credit, and repays BK first on return', () => {
    const h = harness(1, [2, 1, 3, 0]);
    for (let i = 0; i < 5; i++) h.fws.processSkb(pkt(0), 0);
    // 1 own credit, then borrow BK 2, then VI 2 (lender order BK, BE, VI, VO)
    expect(h.sent.length).toBe(5);
    expect(Array.from(h.fws.borrowed)).toEqual([2, 0, 2, 0]);
    expect(Array.from(h.fws.credit)).toEqual([0, 0, 1, 0]);
    // returns for BE go to the lenders, VO..BK order, while BK is owed
    h.fws.txStatus(h.sent[0].tag, 10);
    h.fws.txStatus(h.sent[1].tag, 10);
    expect(Array.from(h.fws.borrowed)).toEqual([2, 0, 0, 0]);
    expect(Array.from(h.fws.credit)).toEqual([0, 0, 3, 0]);
  });

  it('does not borrow within HZ/10 of non-BE traffic', () => {
    const h = harness(1, [5, 1, 0, 0]);
    h.fws.processSkb(pkt(1), 0); // priority 1 → AC_BK: defers borrowing
    for (let i = 0; i < 3; i++) h.fws.processSkb(pkt(0), 1000);
    expect(h.sent.length).toBe(2); // the BK packet and one BE packet on BE's own credit
    expect(h.fws.queuedOn(FIFO_AC_BE)).toBe(2);
    h.fws.runWorker(100_000_001);
    expect(h.sent.length).toBe(4);
    expect(h.fws.borrowed[FIFO_AC_BK]).toBe(2);
  });

  it('counts one stall per episode of queued packets without credit', () => {
    const h = harness(1, [0, 1, 0, 0]);
    const stats = (h.fws as unknown as { stats: { creditsStalls: number } }).stats;
    h.fws.processSkb(pkt(), 0);
    expect(stats.creditsStalls).toBe(0);
    h.fws.processSkb(pkt(), 0);
    h.fws.processSkb(pkt(), 0);
    expect(stats.creditsStalls).toBe(1);
    h.fws.txStatus(h.sent[0].tag, 5);
    h.fws.runWorker(5);
    expect(stats.creditsStalls).toBe(2); // got one credit, sent, stalled again
  });

  it('maps 802.1d priority to FIFOs as brcmf_fws_prio2fifo; the worker serves VO first', () => {
    let ok = false;
    const h = harness(1, [8, 8, 8, 8], { busOk: () => ok });
    for (let p = 0; p < 8; p++) h.fws.processSkb(pkt(p), 0);
    expect(h.sent.length).toBe(0); // every commit rolled back
    ok = true;
    h.fws.runWorker(1);
    expect(h.sent.map((s) => tagFifo(s.tag))).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
    expect(h.sent.map((s) => s.skb.priority)).toEqual([6, 7, 4, 5, 0, 3, 1, 2]);
    expect(tagFifo(h.sent[2].tag)).toBe(FIFO_AC_VI);
    expect(Array.from(h.fws.credit)).toEqual([6, 6, 6, 6]);
  });
});

describe('brcmfmac fwsignal: hanger and watermarks', () => {
  it('uses distinct hanger slots and drops when none is free', () => {
    const h = harness(1, [0, 0, 0, 0], { slots: 8 });
    for (let i = 0; i < 10; i++) h.fws.processSkb(pkt(), 0);
    expect(h.fws.hangerPkts).toBe(8);
    expect(h.lost.length).toBe(2);
    expect(h.freed.length).toBe(2);
    expect(h.freed).toEqual(h.lost);
  });

  it('stops the netdev at 128 queued and wakes it at 64', () => {
    const h = harness(1, [0, 0, 0, 0]);
    for (let i = 0; i < 127; i++) h.fws.processSkb(pkt(), 0);
    expect(h.flow).toEqual([]);
    h.fws.processSkb(pkt(), 0);
    expect(h.flow).toEqual([{ stop: true, queued: 128 }]);
    // fcmode 0 now: the worker sends everything uncredited, dequeuing one by one
    h.fws.setMode(0, 10);
    expect(h.flow).toEqual([
      { stop: true, queued: 128 },
      { stop: false, queued: 64 },
    ]);
    expect(h.fws.queuedPkts).toBe(0);
    expect(h.fws.hangerPkts).toBe(0); // popped from the hanger before the bus
    expect(h.sent.every((s) => s.tag === -1)).toBe(true);
  });

  it('rolls a refused commit back to the queue head and returns its credit', () => {
    let ok = false;
    const h = harness(1, [0, 3, 0, 0], { busOk: () => ok });
    const a = pkt();
    h.fws.processSkb(a, 0);
    expect(h.sent.length).toBe(0);
    expect(h.fws.credit[FIFO_AC_BE]).toBe(3);
    ok = true;
    h.fws.runWorker(1);
    expect(h.sent[0].skb).toBe(a);
    expect(tagSlot(h.sent[0].tag)).toBeGreaterThan(0);
  });
});
