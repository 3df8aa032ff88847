import { describe, expect, it } from 'vitest';
import { dataSkb, greedySource, inDriver, rig } from './brcmfmac-testkit';
import { SDIO_TXHI, SDIO_TXLOW } from './brcmfmac-config';

// Defaults: 50 MB/s, 40 µs per CMD53. One 1514-byte frame on the bus carries
// SDPCM 12 + glom ext 8 + BCDC 4 (+ PKTTAG 8 with fws) bytes of headers.
const writeOneNs = (withTag: boolean): number =>
  40_000 + Math.ceil(((1514 + 24 + (withTag ? 8 : 0)) * 1e9) / 50e6);
// A status read is padded to BRCMF_FIRSTREAD (64 bytes).
const READ_MIN_NS = 40_000 + Math.ceil((64 * 1e9) / 50e6);
const RX_ACK_NS = 10_000;
const STATUS_LATENCY_NS = 100_000;

describe('brcmfmac: when the host frees the skb', () => {
  it('fcmode 0 frees right when the bus write completes, before the air', () => {
    const r = rig({ fcMode: 0 });
    const skb = dataSkb();
    r.send(skb, 0);
    r.sim.runUntil(1e9);
    expect(writeOneNs(false)).toBe(70_760);
    expect(r.freedAt.get(skb)).toBe(70_760);
    expect(r.deliveredAt.get(skb)).toBe(r.txops[0].endNs);
    expect(r.txops[0].startNs).toBeGreaterThanOrEqual(70_760);
    expect(r.dev.hangerPkts()).toBe(0);
    expect(r.dev.stats.txStatus).toBe(0);
    expect(r.dev.stats.busReads).toBe(0); // no proptxstatus signals without fws
  });

  for (const mode of [1, 2] as const) {
    it(`fcmode ${mode} holds the skb in the hanger until its TXSTATUS is read`, () => {
      const r = rig({ fcMode: mode });
      const skb = dataSkb();
      r.send(skb, 0);
      expect(r.dev.hangerPkts()).toBe(1);
      r.sim.runUntil(writeOneNs(true));
      expect(r.dev.busQueuedPkts()).toBe(0);
      expect(r.dev.firmwarePkts()).toBe(1);
      expect(r.freedAt.has(skb)).toBe(false);
      expect(r.dev.hangerPkts()).toBe(1);
      r.sim.runUntil(1e9);
      const txop = r.txops[0];
      expect(r.deliveredAt.get(skb)).toBe(txop.endNs);
      expect(r.freedAt.get(skb)).toBe(txop.endNs + RX_ACK_NS + STATUS_LATENCY_NS + READ_MIN_NS);
      expect(r.dev.hangerPkts()).toBe(0);
      expect(r.dev.hangerBytes()).toBe(0);
      expect(r.dev.stats.txStatus).toBe(1);
    });
  }
});

describe('brcmfmac: credits gate what reaches the firmware', () => {
  // 8 BE credits (no lenders), 4-frame aggregates: two TXOPs per 8 packets.
  const over = (fcMode: 1 | 2) => ({
    fcMode,
    initialCredits: [0, 8, 0, 0] as [number, number, number, number],
    creditBackBatch: 8,
    firmware: { maxAmpduFrames: 4, txStatusBatch: 4 },
  });

  it('fcmode 1: the first status read returns credits and the next glom follows at once', () => {
    const r = rig(over(1));
    for (let i = 0; i < 20; i++) r.send(dataSkb(), 0);
    expect(r.dev.fwsQueuedPkts()).toBe(12);
    expect(r.dev.stats.creditsStalls).toBe(1);
    r.sim.runUntil(r.sim.nowNs);
    while (r.txops.length < 1) r.sim.runUntil(r.sim.nextEventNs());
    const read1 = r.txops[0].endNs + RX_ACK_NS + STATUS_LATENCY_NS + READ_MIN_NS;
    r.sim.runUntil(read1 - 1);
    expect(r.dev.stats.busTransfers).toBe(1);
    expect(r.dev.fws.credit[1]).toBe(0);
    r.sim.runUntil(read1);
    expect(r.dev.stats.txStatus).toBe(4);
    expect(r.dev.stats.busTransfers).toBe(2);
    expect(r.dev.fwsQueuedPkts()).toBe(8);
    r.sim.runUntil(1e9);
    expect(r.freedAt.size).toBe(20);
    expect(r.dev.fws.credit[1]).toBe(8);
  });

  it('fcmode 2: statuses free skbs but only the FIFO_CREDITBACK batch releases more', () => {
    const r = rig(over(2));
    for (let i = 0; i < 20; i++) r.send(dataSkb(), 0);
    while (r.txops.length < 2) r.sim.runUntil(r.sim.nextEventNs());
    const read1 = r.txops[0].endNs + RX_ACK_NS + STATUS_LATENCY_NS + READ_MIN_NS;
    const read2 = r.txops[1].endNs + RX_ACK_NS + STATUS_LATENCY_NS + READ_MIN_NS;
    expect(read2).toBeGreaterThan(read1);
    r.sim.runUntil(read1);
    expect(r.dev.stats.txStatus).toBe(4);
    expect(r.freedAt.size).toBe(4);
    expect(r.dev.stats.busTransfers).toBe(1); // freed, but no credit yet
    expect(r.dev.fws.credit[1]).toBe(0);
    r.sim.runUntil(read2 - 1);
    expect(r.dev.stats.busTransfers).toBe(1);
    r.sim.runUntil(read2);
    expect(r.dev.stats.busTransfers).toBe(2);
    expect(r.dev.fwsQueuedPkts()).toBe(4);
    r.sim.runUntil(1e9);
    expect(r.freedAt.size).toBe(20);
    expect(r.dev.fws.credit[1]).toBe(8); // the idle flush returned the last partial batch
  });
});

describe('brcmfmac: netdev flow control', () => {
  it('fcmode 0 stops at the bus TXHI and wakes below TXLOW', () => {
    const r = rig({ fcMode: 0 });
    let wakes = 0;
    let queuedAtWake = -1;
    for (let i = 0; i < SDIO_TXHI - 1; i++) r.send(dataSkb(), 0);
    expect(r.dev.queueStopped()).toBe(false);
    r.send(dataSkb(), 0);
    expect(r.dev.queueStopped()).toBe(true);
    expect(r.dev.busQueuedPkts()).toBe(SDIO_TXHI);
    r.dev.setWake(() => {
      wakes++;
      queuedAtWake = r.dev.busQueuedPkts();
    });
    r.sim.runUntil(1e9);
    expect(wakes).toBe(1);
    expect(queuedAtWake).toBeLessThan(SDIO_TXLOW);
    expect(queuedAtWake).toBeGreaterThanOrEqual(SDIO_TXLOW - 32);
  });

  it('fcmode 1 stops when the fws queue reaches 128 and wakes at 64', () => {
    const r = rig({ fcMode: 1 });
    const queuedAtWake: number[] = [];
    let n = 0;
    while (!r.dev.queueStopped()) {
      r.send(dataSkb(), 0);
      n++;
    }
    // 39 own BE credits + 36 borrowed (BK 9, VI 18, VO 9), then 128 queued
    expect(n).toBe(39 + 36 + 128);
    expect(r.dev.fwsQueuedPkts()).toBe(128);
    expect(r.dev.hangerPkts()).toBe(n);
    r.dev.setWake((t) => {
      queuedAtWake.push(r.dev.fwsQueuedPkts());
      while (!r.dev.queueStopped() && n < 600) {
        r.send(dataSkb(), t);
        n++;
      }
    });
    r.sim.runUntil(2e9);
    expect(queuedAtWake.length).toBeGreaterThan(0);
    for (const q of queuedAtWake) expect(q).toBeLessThanOrEqual(64);
    expect(r.freedAt.size).toBe(600);
    expect(inDriver(r)).toBe(0);
  });
});

describe('brcmfmac: live fcmode change', () => {
  it('skbs already in the hanger still complete through TXSTATUS after switching to 0', () => {
    const r = rig({ fcMode: 1 });
    for (let i = 0; i < 150; i++) r.send(dataSkb(), 0);
    r.sim.runUntil(500_000);
    const inHanger = r.dev.hangerPkts();
    expect(inHanger).toBeGreaterThan(0);
    r.dev.setFcMode(0, r.sim.nowNs);
    expect(r.dev.fwsQueuedPkts()).toBe(0);
    for (let i = 0; i < 50; i++) r.send(dataSkb(), r.sim.nowNs);
    r.sim.runUntil(1e9);
    expect(r.dev.hangerPkts()).toBe(0);
    expect(r.freedAt.size).toBe(200);
    for (const c of r.freeCount.values()) expect(c).toBe(1);
    expect(r.deliveredAt.size).toBe(200);
    expect(r.dev.stats.txStatus).toBeGreaterThan(0);
    expect(r.dev.stats.txStatus).toBeLessThan(200);
  });
});

describe('brcmfmac: saturated MAC throughput', () => {
  it('VHT80 MCS9 SGI 1SS with 64-frame A-MPDUs is within 2% of the analytic value', () => {
    // Fast bus and a deep pool so every TXOP finds 64 frames queued.
    const r = rig({
      fcMode: 0,
      bus: { bytesPerSec: 1e12, perTransferOverheadNs: 0, maxPktsPerTransfer: 64 },
      firmware: { queuePkts: 512 },
    });
    greedySource(r);
    const t0 = 100e6;
    const t1 = 600e6;
    r.sim.runUntil(t0);
    const before = r.deliveredAt.size;
    r.sim.runUntil(t1);
    const ipBytes = (r.deliveredAt.size - before) * 1500;
    for (const a of r.aggs.slice(10)) expect(a.n).toBe(64);
    // Hand calculation: MPDU 1500 + 38; subframe 4 + 1538 padded to 1544, last 1542.
    const psdu = 63 * 1544 + 1542;
    const nsym = Math.ceil((psdu * 8 + 22) / 1560); // 390 Mbit/s × 4 µs = 1560 bits/symbol
    const ppduUs = Math.floor((nsym * 18 + 4) / 5) + 40; // short GI symbols + VHT 1SS preamble
    // AIFS[BE] 43 µs + mean backoff 7.5 slots + PPDU + SIFS 16 + BlockAck 32 µs
    const cycleUs = 43 + 7.5 * 9 + ppduUs + 16 + 32;
    const analyticBps = (64 * 1500 * 8) / (cycleUs * 1e-6);
    const measuredBps = (ipBytes * 8) / ((t1 - t0) * 1e-9);
    expect(analyticBps / 1e6).toBeCloseTo(379.3, 0);
    expect(Math.abs(measuredBps / analyticBps - 1)).toBeLessThan(0.02);
  });
});
