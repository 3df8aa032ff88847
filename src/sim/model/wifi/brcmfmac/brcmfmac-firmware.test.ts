import { describe, expect, it } from 'vitest';
import { Sim } from '../../../engine/sim';
import type { Skb } from '../../skb';
import { FW_AMPDU_RETRY_LIMIT, NO_TAG, makeTag } from './brcmfmac-config';
import { BrcmfFirmware } from './brcmfmac-firmware';
import { dataSkb, options, type OptionOverrides } from './brcmfmac-testkit';

function fwRig(over: OptionOverrides = {}) {
  const sim = new Sim(7);
  const delivered: Skb[] = [];
  const dropped: Skb[] = [];
  let failures = 0;
  const fw = new BrcmfFirmware(
    sim,
    sim.rng.fork(3),
    options(over),
    {
      deliver: (s) => delivered.push(s),
      free: () => undefined,
      drop: (s) => dropped.push(s),
      onAggregate: () => undefined,
    },
    {
      kickMedium: () => undefined,
      reportFailure: () => failures++,
      busKick: () => undefined,
      busKickAt: () => undefined,
    },
  );
  const fill = (n: number, tag = NO_TAG): Skb[] => {
    const out: Skb[] = [];
    for (let i = 0; i < n; i++) {
      const s = dataSkb();
      fw.receive(s, tag);
      out.push(s);
    }
    return out;
  };
  return { sim, fw, delivered, dropped, fill, failures: () => failures };
}

// 1514-byte Ethernet frames: MPDU 1500 + 38 = 1538; subframe 4 + 1538, padded
// to 1544 unless last (1542).
const psduOf = (n: number): number => (n - 1) * 1544 + 1542;

describe('brcmfmac firmware: A-MPDU formation', () => {
  it('takes 64 frames (the BAW) when more are queued', () => {
    const { fw, fill } = fwRig();
    fill(100);
    const { airtimeNs, record } = fw.startTxop(0);
    expect(record.nframes).toBe(64);
    expect(record.bytes).toBe(psduOf(64));
    // 507 short-GI symbols (1826 µs) + 40 µs VHT preamble + SIFS 16 + BlockAck 32
    expect(airtimeNs).toBe((1826 + 40 + 16 + 32) * 1000);
    expect(fw.queuedPkts).toBe(36);
    expect(fw.held).toBe(100);
  });

  it('takes all that is queued when below the limits', () => {
    const { fw, fill } = fwRig();
    fill(5);
    expect(fw.startTxop(0).record.nframes).toBe(5);
  });

  it('stops at the byte limit', () => {
    const { fw, fill } = fwRig({ firmware: { maxAmpduBytes: 20_000 } });
    fill(100);
    const { record } = fw.startTxop(0);
    expect(record.nframes).toBe(12); // 12 → 18526 bytes, 13 → 20070
    expect(record.bytes).toBe(psduOf(12));
  });

  it('stops at the airtime limit', () => {
    const { fw, fill } = fwRig({ firmware: { maxAirtimeUs: 500 } });
    fill(100);
    // (500 − 40) µs → floor((460·5 − 4)/18) = 127 symbols × 1560 bits − 22 = 24762 bytes:
    // 16 frames are 24702 bytes, 17 would be 26246
    const { record } = fw.startTxop(0);
    expect(record.nframes).toBe(16);
    expect(record.bytes).toBe(psduOf(16));
  });

  it('always sends at least one frame', () => {
    const { fw, fill } = fwRig({ firmware: { maxAmpduBytes: 100 } });
    fill(3);
    expect(fw.startTxop(0).record.nframes).toBe(1);
  });

  it('is not pending while a TXOP or its BlockAck handling is outstanding', () => {
    const { sim, fw, fill } = fwRig();
    fill(3);
    expect(fw.hasPending()).toBe(true);
    fw.startTxop(0);
    fill(3);
    expect(fw.hasPending()).toBe(false);
    fw.endTxop(100_000, false);
    expect(fw.hasPending()).toBe(false);
    sim.runUntil(110_000); // rxAckDelayNs
    expect(fw.hasPending()).toBe(true);
    expect(fw.held).toBe(3);
  });
});

describe('brcmfmac firmware: retries, BAW and signals', () => {
  it('requeues failed frames at the head in order and tosses them after the retry limit', () => {
    const { sim, fw, fill, delivered, dropped, failures } = fwRig();
    const skbs = fill(70);
    let t = 0;
    for (let attempt = 0; attempt <= FW_AMPDU_RETRY_LIMIT; attempt++) {
      const { record } = fw.startTxop(t);
      expect(record.nframes).toBe(64);
      fw.endTxop(t + 1000, true); // collided: no BlockAck
      t += 20_000;
      sim.runUntil(t);
      if (attempt < FW_AMPDU_RETRY_LIMIT) expect(skbs[0].retries).toBe(attempt + 1);
    }
    expect(failures()).toBe(0); // a collision is the medium's to count
    expect(dropped).toEqual(skbs.slice(0, 64));
    expect(delivered.length).toBe(0);
    expect(fw.held).toBe(6);
    // The BAW moved past the tossed frames: the last 6 go next.
    const { record } = fw.startTxop(t);
    expect(record.nframes).toBe(6);
    fw.endTxop(t + 1000, false);
    expect(delivered).toEqual(skbs.slice(64));
  });

  it('new frames never pass the BAW while an old one is outstanding', () => {
    const { sim, fw, fill } = fwRig({ frameErrorRate: 0 });
    const skbs = fill(130);
    fw.startTxop(0);
    fw.endTxop(1000, false);
    sim.runUntil(20_000);
    // all 64 acked: BAW [64, 128)
    expect(fw.startTxop(20_000).record.nframes).toBe(64);
    expect(skbs[64].seqno80211).toBe(64);
  });

  it('reports a failure when every MPDU is lost without a collision', () => {
    const { fw, fill, failures } = fwRig({ frameErrorRate: 1 });
    fill(4);
    fw.startTxop(0);
    fw.endTxop(1000, false);
    expect(failures()).toBe(1);
  });

  it('signals one TXSTATUS per tagged packet; FIFO_CREDITBACK per batch, the rest when idle', () => {
    const { sim, fw } = fwRig({ creditBackBatch: 3, firmware: { txStatusLatencyNs: 5000 } });
    for (let i = 0; i < 7; i++) fw.receive(dataSkb(), makeTag(i + 1, 2, 1));
    fw.receive(dataSkb(), NO_TAG);
    fw.startTxop(0);
    fw.endTxop(1000, false);
    sim.runUntil(11_000);
    expect(fw.statuses.length).toBe(7);
    expect(fw.statuses.headReadyNs()).toBe(16_000);
    const counts: number[] = [];
    while (fw.creditBacks.length > 0) counts.push((fw.creditBacks.shift() >>> 8) & 0xff);
    expect(counts).toEqual([3, 3, 1]); // two full batches, then the idle flush
  });
});
