/** The mt76 host side against tx.c, dma.c and mt7915/mac.c. */
import { describe, expect, it } from 'vitest';
import { OffloadRig } from '../offload/offload-testkit';
import type { PhyRate } from '../types';
import type { Mt76 } from './mt76';
import type { Mt76Chip } from './mt76-options';

const HE = (widthMHz: 80 | 160): PhyRate => ({
  mode: 'he',
  mcs: 11,
  nss: 2,
  widthMHz,
  shortGi: false,
  giNs: 800,
});
const VHT80_MCS9_2SS: PhyRate = { mode: 'vht', mcs: 9, nss: 2, widthMHz: 80, shortGi: true };

function rig(chip: Mt76Chip, rate: PhyRate, aql: boolean) {
  const r = new OffloadRig(
    {
      family: 'mt76',
      config: { chip, txFreeDelayUs: 100, napiDelayUs: 50, workerDelayUs: 20, peerMaxAmpduBytes: 6_500_631 },
      peers: 1,
      rates: [rate],
      fer: [0],
      aql,
      airtimeFairness: true,
    },
    1,
  );
  const host = r.radios[0].driver as Mt76;
  const frees: { n: number; atNs: number }[] = [];
  const txFree = host.txFree.bind(host);
  host.txFree = (skbs, acked, air, dst, now) => {
    frees.push({ n: skbs.length, atNs: now });
    txFree(skbs, acked, air, dst, now);
  };
  return { r, host, mac: r.radios[0].mac!, frees };
}

describe('mt76 TX path', () => {
  it('without AQL estimates a station keeps at most MT_MAX_NON_AQL_PKT (16) frames in the hardware', () => {
    const { r, host, mac } = rig('mt7915', HE(80), false);
    for (let i = 0; i < 500; i++) r.send(0, 1, 1500, 0, 0);
    // The TX worker runs 20 µs after mt76_wake_tx_queue and stops the burst at 16.
    r.sim.runUntil(30_000);
    expect(host.tokenCount).toBe(16);
    expect(mac.backlogPkts(1)).toBe(484);
    let most = 0;
    for (let t = 1; t <= 200; t++) {
      r.sim.runUntil(t * 100_000);
      most = Math.max(most, host.tokenCount);
    }
    expect(most).toBe(16);
    r.sim.runUntil(5_000_000_000);
    expect(r.settled()).toBe(500);
  });

  it('stops a burst when the ring has MT_TXQ_FREE_THR (32) descriptors left: 2016 on MT7915, 992 on MT7615', () => {
    const a = rig('mt7915', HE(160), true);
    for (let i = 0; i < 4000; i++) a.r.send(0, 1, 1500, 0, 0);
    a.r.sim.runUntil(30_000);
    expect(a.host.queued).toBe(2048 - 32);
    expect(a.host.stats.stoppedRing).toBe(1);
    // 4 µs of AQL estimate each at HE160 MCS11 2SS: the ring binds before the 12 ms limit.
    expect(a.mac.aqlPendingUs(1)).toBeLessThan(12_000);

    const b = rig('mt7615', VHT80_MCS9_2SS, true);
    for (let i = 0; i < 3000; i++) b.r.send(0, 1, 1500, 0, 0);
    b.r.sim.runUntil(30_000);
    expect(b.host.queued).toBe(1024 - 32);
  });

  it('with the ring cleaned, AQL holds the station at its 12 ms high limit (12 µs a frame at VHT80 MCS9 2SS)', () => {
    const { r, host, mac } = rig('mt7615', VHT80_MCS9_2SS, true);
    for (let i = 0; i < 3000; i++) r.send(0, 1, 1500, 0, 0);
    r.sim.runUntil(3_000_000);
    expect(mac.aqlPendingUs(1)).toBe(12_000);
    expect(host.tokenCount).toBe(1000);
    r.sim.runUntil(5_000_000_000);
    expect(r.settled()).toBe(3000);
  });

  it('reports an exchange in TX-free events of at most 1023 tokens (MT_TX_FREE_MSDU_CNT)', () => {
    const { r, frees } = rig('mt7915', HE(160), true);
    for (let i = 0; i < 4000; i++) r.send(0, 1, 1500, 0, 0);
    r.sim.runUntil(5_000_000_000);
    expect(r.settled()).toBe(4000);
    expect(Math.max(...frees.map((f) => f.n))).toBe(1023);
    // An exchange of more than 1023 MSDUs (5-MSDU A-MSDUs in a 5.484 ms PPDU) splits in two at once.
    const split = frees.findIndex((f, i) => f.n === 1023 && frees[i + 1]?.atNs === f.atNs);
    expect(split).toBeGreaterThanOrEqual(0);
    // A-MPDUs stay within the PPDU time limit and the 256 window.
    for (const a of r.aggregates) expect(a.nframes).toBeLessThanOrEqual(256);
  });
});
