/** The ath10k HTT host side against what htt_tx.c, mac.c, txrx.c and htt_rx.c do. */
import { describe, expect, it } from 'vitest';
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

  it('charges airtime from the last TX rate in 100 kbit/s units plus 16 µs (ath10k_mac_update_airtime)', () => {
    // (1534 + 38) · 8 · 10 / 8666 = 14.5 → 14, + 16.
    expect(ath10kAirtimeEstimateUs(1534, VHT80_MCS9_2SS)).toBe(30);
  });
});
