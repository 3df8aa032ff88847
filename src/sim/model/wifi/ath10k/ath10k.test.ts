/** The ath10k HTT host side against what htt_tx.c, mac.c, txrx.c and htt_rx.c do. */
import { describe, expect, it } from 'vitest';
import { Skb, SkbKind } from '../../skb';
import { OffloadRig } from '../offload/offload-testkit';
import type { PhyRate } from '../types';
import { ath10kAirtimeEstimateUs, type Ath10k } from './ath10k';
import type { Ath10kChip } from './ath10k-options';

const VHT80_MCS9_2SS: PhyRate = { mode: 'vht', mcs: 9, nss: 2, widthMHz: 80, shortGi: true };

function rig(chip: Ath10kChip, over: { complUs?: number; aql?: boolean; fer?: number } = {}) {
  const r = new OffloadRig(
    {
      family: 'ath10k',
      config: {
        chip,
        fwTxComplDelayUs: over.complUs ?? 100,
        napiDelayUs: 50,
        peerMaxAmpduBytes: 1_048_575,
        peerMaxMpduBytes: 11454,
      },
      peers: 1,
      rates: [VHT80_MCS9_2SS],
      fer: [over.fer ?? 0],
      aql: over.aql ?? false,
      airtimeFairness: false,
    },
    1,
  );
  return { r, host: r.radios[0].driver as Ath10k, mac: r.radios[0].mac! };
}

describe('ath10k HTT', () => {
  it('stops pushing at max_num_pending_tx (TARGET_TLV_NUM_MSDU_DESC = 1056 on QCA6174); the rest waits in mac80211', () => {
    // Completions take a second: nothing comes back while the host pushes.
    const { r, host, mac } = rig('qca6174', { complUs: 1_000_000 });
    for (let i = 0; i < 2000; i++) r.send(0, 1, 1500, 0, 0);
    expect(host.numPendingTx).toBe(1056);
    expect(host.stats.busy).toBeGreaterThan(0);
    expect(mac.backlogPkts(1)).toBe(2000 - 1056);
  });

  it('completes each exchange in one HTT tx_compl indication, whose MSDUs one NAPI poll frees together', () => {
    const { r, host } = rig('qca6174', { complUs: 100 });
    for (let i = 0; i < 1000; i++) r.send(0, 1, 1500, 0, 0);
    r.sim.runUntil(200_000_000);
    expect(r.settled()).toBe(1000);
    // The firmware sends what it holds as the first frames arrive, then full
    // aggregates: 64 subframes of 3-MSDU A-MSDUs = 192 MSDUs (under 255 a message).
    const sizes = r.aggregates.filter((a) => a.node === 0).map((a) => a.nframes);
    expect(Math.max(...sizes)).toBe(64);
    expect(sizes.slice(2, -1).every((n) => n === 64)).toBe(true);
    // One poll per indication (the driver's statuses, then push_pending).
    expect(host.stats.polls).toBe(sizes.length);
    // Each MSDU waits for its whole exchange, the firmware's 100 µs and the 50 µs to the poll.
    expect(host.completionUs.median()).toBeGreaterThan(2_000 + 150);
  });

  it('pushes again after completions only below half of max_num_pending_tx (ath10k_mac_tx_push_pending)', () => {
    const { r, host } = rig('qca6174', { complUs: 100 });
    for (let i = 0; i < 1500; i++) r.send(0, 1, 1500, 0, 0);
    expect(host.numPendingTx).toBe(1056);
    // The firmware works through its queue; polls that leave 1056 − k·192 ≥ 528
    // MSDUs pending push nothing, the first below 528 tops the firmware up to 1056.
    const { mac } = r.radios[0];
    const seen: number[] = [];
    let refilledAt = -1;
    for (let t = 1; t <= 400 && refilledAt < 0; t++) {
      r.sim.runUntil(t * 100_000);
      if (host.stats.pushed > 1056) {
        refilledAt = host.numPendingTx;
        expect(mac!.backlogPkts(1)).toBe(0);
      } else seen.push(host.numPendingTx);
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(528);
    // The refill moved the 444 frames mac80211 still held, onto fewer than 528 pending.
    expect(refilledAt - 444).toBeLessThan(528);
    expect(refilledAt - 444).toBeGreaterThanOrEqual(528 - 192);
    r.sim.runUntil(2_000_000_000);
    expect(r.settled()).toBe(1500);
  });

  it('with peer flow control (10.4 firmware, QCA9984) the host pushes nothing unasked: frames move on tx_fetch_ind', () => {
    const { r, host, mac } = rig('qca9984', { complUs: 100 });
    for (let i = 0; i < 1000; i++) r.send(0, 1, 1500, 0, 0);
    expect(host.pushPull).toBe(true);
    // Asked once for up to two A-MPDUs' worth (2 · 64 · 3 MSDUs), after the poll that carries the request.
    expect(host.numPendingTx).toBe(0);
    r.sim.runUntil(60_000);
    expect(host.stats.fetchInds).toBe(1);
    expect(host.numPendingTx).toBe(384);
    expect(mac.backlogPkts(1)).toBe(1000 - 384);
    r.sim.runUntil(2_000_000_000);
    expect(r.settled()).toBe(1000);
  });

  it('AQL holds a station to its high limit of estimated airtime in the driver', () => {
    const { r, host, mac } = rig('qca6174', { complUs: 1_000_000, aql: true });
    for (let i = 0; i < 2000; i++) r.send(0, 1, 1500, 0, 0);
    // 12 µs per 1534-byte frame at VHT80 MCS9 2SS (airtime-estimate.test.ts): 5000 µs / 12 → the
    // low limit is passed at 417 frames; with the radio below 24 ms the high limit (12 ms) allows 1000.
    expect(mac.aqlPendingUs(1)).toBeLessThanOrEqual(12_000 + 12);
    expect(host.numPendingTx).toBe(1000);
  });

  it("follows a frame's completion path step by step: push, PCIe, one PPDU, the indication 100 µs after it, the poll 50 µs later", () => {
    const { r, host } = rig('qca6174', { complUs: 100 });
    for (let i = 0; i < 3; i++) r.send(0, 1, 1500, 0, 0);
    // Push mode: ath10k_mac_tx_push_txq hands all three to HTT at once.
    expect(host.numPendingTx).toBe(3);
    expect(host.stats.pushed).toBe(3);
    r.sim.runUntil(50_000_000);
    // PCIe: ceil(1514 B / 500 MB/s) = 3028 ns each, so all three are in the firmware by 9.1 µs, before
    // the earliest access (AIFS = 16 + 3 · 9 = 43 µs): one PPDU carrying one 3-MSDU A-MSDU.
    const tx = r.txops.filter((t) => t.node === 0);
    expect(tx).toHaveLength(1);
    expect(tx[0].startNs).toBeGreaterThanOrEqual(43_000);
    expect(tx[0].nframes).toBe(1);
    // BlockAck at endNs; TX_COMPL_IND leaves the firmware 100 µs later; the NAPI poll runs 50 µs after
    // that and frees all three (ath10k_txrx_tx_unref → ieee80211_tx_status) in one pass.
    const freeAt = tx[0].endNs + 150_000;
    expect(r.order.filter((e) => e.what === 'free').map((e) => e.atNs)).toEqual([freeAt, freeAt, freeAt]);
    expect(host.completionUs.median()).toBe(freeAt / 1000);
    expect(host.stats.polls).toBe(1);
    expect(host.numPendingTx).toBe(0);
  });

  it('passes received MSDUs up before the TX statuses, 64 a poll; a poll whose leftovers fill the budget frees nothing', () => {
    const { r, host } = rig('qca6174', { complUs: 100 });
    r.send(0, 1, 1500, 0, 0);
    while (r.txops.length === 0) r.sim.runUntil(r.sim.nowNs + 10_000);
    const end = r.txops[0].endNs;
    // The TX_COMPL_IND is in txdone_fifo (end + 100 µs); its poll is due at end + 150 µs.
    r.sim.runUntil(end + 120_000);
    for (let i = 0; i < 200; i++) host.rxInd(rxFrame(1000 + i), 1, r.sim.nowNs);
    r.sim.runUntil(end + 200_000);
    const seq = r.order.map((e) => e.what);
    // Poll 1: 64 MSDUs up, then the TX status. Polls 2 and 3: 136 and 72 left over, 64 each, which ends
    // them at the budget (before any TX status). Poll 4: the last 8.
    expect(seq.indexOf('free')).toBe(64);
    expect(seq.filter((w) => w === 'up')).toHaveLength(200);
    expect(host.rx.stats.budgetExits).toBe(2);
    expect(host.stats.polls).toBe(4);
    expect(new Set(r.order.map((e) => e.atNs))).toEqual(new Set([end + 150_000]));
  });

  it('charges airtime from the last TX rate in 100 kbit/s units plus 16 µs (ath10k_mac_update_airtime)', () => {
    // (1534 + 38) · 8 · 10 / 8666 = 14.5 → 14, + 16.
    expect(ath10kAirtimeEstimateUs(1534, VHT80_MCS9_2SS)).toBe(30);
  });
});

/** A received frame (a TCP ACK from the AP), one MSDU. */
function rxFrame(id: number): Skb {
  const skb = new Skb();
  skb.id = id;
  skb.kind = SkbKind.ACK;
  skb.src = 1;
  skb.dst = 0;
  skb.hdrBytes = 66;
  return skb;
}
