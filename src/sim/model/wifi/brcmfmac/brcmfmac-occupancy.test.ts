import { describe, expect, it } from 'vitest';
import type { EventTarget } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import { greedySource, dataSkb, rig, type Rig } from './brcmfmac-testkit';

// One 1514-byte frame: bus write 40 µs + 1546 bytes at 50 MB/s (with PKTTAG).
const WRITE_NS = 40_000 + Math.ceil((1546 * 1e9) / 50e6);
const RX_ACK_NS = 10_000;

const layers = (r: Rig) => ({
  host: r.dev.hostQueuedBytes(),
  dongle: r.dev.dongleBytes(),
  pending: r.dev.statusPendingBytes(),
});

/** Runs in 1 µs steps until `done`. */
function stepUntil(r: Rig, done: () => boolean): void {
  while (!done()) r.sim.runUntil(r.sim.nowNs + 1_000);
}

describe('brcmfmac occupancy: each byte in one layer', () => {
  it('fcmode 1: one skb goes host → dongle → air → dongle (BlockAck handling) → TX status → freed', () => {
    const r = rig({ fcMode: 1 });
    const skb = dataSkb();
    r.send(skb, 0);
    expect(skb.l2Bytes).toBe(1514);
    expect(layers(r)).toEqual({ host: 1514, dongle: 0, pending: 0 });
    r.sim.runUntil(WRITE_NS);
    expect(layers(r)).toEqual({ host: 0, dongle: 1514, pending: 0 });
    stepUntil(r, () => r.txops.length > 0);
    // On the air: the air layer has it, no queue does (the hanger still does).
    expect(r.sim.nowNs).toBeLessThan(r.txops[0].endNs);
    expect(layers(r)).toEqual({ host: 0, dongle: 0, pending: 0 });
    expect(r.dev.hangerBytes()).toBe(1514);
    const endNs = r.txops[0].endNs;
    r.sim.runUntil(endNs + RX_ACK_NS / 2);
    expect(layers(r)).toEqual({ host: 0, dongle: 1514, pending: 0 });
    r.sim.runUntil(endNs + RX_ACK_NS);
    expect(layers(r)).toEqual({ host: 0, dongle: 0, pending: 1514 });
    stepUntil(r, () => r.freedAt.has(skb));
    expect(layers(r)).toEqual({ host: 0, dongle: 0, pending: 0 });
    expect(r.dev.hangerBytes()).toBe(0);
  });

  it('fcmode 0: nothing waits for a TX status; the dongle still holds its copy until the air', () => {
    const r = rig({ fcMode: 0 });
    r.send(dataSkb(), 0);
    stepUntil(r, () => r.dev.busQueuedPkts() === 0);
    expect(layers(r)).toEqual({ host: 0, dongle: 1514, pending: 0 });
    expect(r.dev.hangerBytes()).toBe(0);
  });

  for (const fcMode of [0, 1, 2] as const)
    it(`fcmode ${fcMode} under load: layers never negative, never more than the hanger holds, all zero when drained`, () => {
      const r = rig({ fcMode });
      const src = greedySource(r, 3000);
      let samples = 0;
      let pendingSeen = 0;
      const probe: EventTarget = {
        handleEvent(_k: number, _a: unknown, nowNs: Ns) {
          const l = layers(r);
          if (r.dev.hangerBytes() + l.host + l.dongle > 0) samples++;
          expect(l.host).toBeGreaterThanOrEqual(0);
          expect(l.dongle).toBeGreaterThanOrEqual(0);
          expect(l.pending).toBeGreaterThanOrEqual(0);
          // Every skb here is 1514 bytes: the layers count whole skbs.
          expect(l.host).toBe((r.dev.fwsQueuedPkts() + r.dev.busQueuedPkts()) * 1514);
          expect(l.pending % 1514).toBe(0);
          if (fcMode === 0) expect(l.pending).toBe(0);
          else expect(l.host + l.dongle + l.pending).toBeLessThanOrEqual(r.dev.hangerBytes());
          if (l.pending > 0) pendingSeen++;
          if (nowNs < 0.5e9) r.sim.after(37_000, probe, 0);
        },
      };
      r.sim.after(37_000, probe, 0);
      r.sim.runUntil(1e9);
      expect(src.count()).toBe(3000);
      expect(samples).toBeGreaterThan(1000); // busy samples
      if (fcMode !== 0) expect(pendingSeen).toBeGreaterThan(samples / 4);
      expect(layers(r)).toEqual({ host: 0, dongle: 0, pending: 0 });
      expect(r.dev.hangerBytes()).toBe(0);
    });
});
