/**
 * The device layer: qdisc run while the driver accepts, software GSO
 * (skb_gso_segment with the truesize moved to the segments) and the qdisc
 * watchdog for paced flows.
 */
import { describe, expect, it } from 'vitest';
import { Sim } from '../../engine/sim';
import { us, type Ns } from '../../engine/time';
import { Cpu, ZERO_COSTS, type CpuCosts } from '../cpu/cpu';
import { Fq } from '../qdisc/fq';
import { Pfifo } from '../qdisc/pfifo';
import type { Qdisc } from '../qdisc/qdisc';
import { mkOwner, mkSkb } from '../qdisc/test-helpers';
import type { Skb, SkbOwner } from '../skb';
import { DevQueue } from './dev-queue';
import type { TxDriver } from './driver';

class FakeDriver implements TxDriver {
  sent: { t: Ns; skb: Skb }[] = [];
  stopped = false;
  wake: (nowNs: Ns) => void = () => {};
  queueStopped(): boolean {
    return this.stopped;
  }
  xmit(skb: Skb, nowNs: Ns): void {
    this.sent.push({ t: nowNs, skb });
  }
  setWake(fn: (nowNs: Ns) => void): void {
    this.wake = fn;
  }
}

function ownerWithCharges(): { owner: SkbOwner; charges: number[] } {
  const charges: number[] = [];
  const owner = mkOwner(7, 1e6);
  owner.chargeWmem = (d: number) => charges.push(d);
  return { owner, charges };
}

function rig(
  qdisc: Qdisc,
  opts: { softwareGso?: boolean; sg?: boolean; costs?: Partial<CpuCosts>; cpu?: boolean } = {},
) {
  const sim = new Sim(1);
  const drv = new FakeDriver();
  const cpu = opts.cpu ? new Cpu(sim) : null;
  const dev = new DevQueue(sim, qdisc, drv, {
    softwareGso: opts.softwareGso ?? false,
    sg: opts.sg ?? true,
    cpu,
    costs: { ...ZERO_COSTS, ...opts.costs },
  });
  return { sim, drv, dev };
}

/** 2 full segments + one of 1000 B: 3896 B payload. */
function gsoSkb(owner: SkbOwner, truesize: number): Skb {
  const skb = mkSkb({
    lenBytes: 2 * 1448 + 1000,
    segs: 3,
    seq: 5000,
    owner,
    truesizeBytes: truesize,
    tstampNs: 777,
  });
  skb.isRetransmit = true;
  return skb;
}

describe('DevQueue software GSO', () => {
  it('splits into segs skbs and charges the SG truesize delta to the owner', () => {
    const { sim, drv, dev } = rig(new Pfifo({}, () => {}), { softwareGso: true, sg: true });
    const { owner, charges } = ownerWithCharges();
    // tcpSkbTruesize(3896, sg) = 896 + 3896 = 4792
    dev.xmit(gsoSkb(owner, 4792), 0);
    sim.runUntil(us(1));
    expect(drv.sent.map(({ skb }) => [skb.seq, skb.lenBytes, skb.segs, skb.truesizeBytes])).toEqual([
      [5000, 1448, 1, 2344],
      [6448, 1448, 1, 2344],
      [7896, 1000, 1, 1896],
    ]);
    // 2344 + 2344 + 1896 − 4792: the extra 896 B of sk_buff + shinfo per new skb
    expect(charges).toEqual([1792]);
    for (const { skb } of drv.sent) {
      expect([skb.owner, skb.flowId, skb.tstampNs, skb.isRetransmit, skb.hdrBytes]).toEqual([
        owner,
        0,
        777,
        true,
        66,
      ]);
    }
    expect(dev.gsoSegments).toBe(3);
  });

  it('without SG builds linear segments in kmalloc size classes', () => {
    const { sim, drv, dev } = rig(new Pfifo({}, () => {}), { softwareGso: true, sg: false });
    const { owner, charges } = ownerWithCharges();
    dev.xmit(gsoSkb(owner, 4792), 0);
    sim.runUntil(us(1));
    // head 64 + 66 + 1448 + 320 = 1898 → 2048, + sk_buff 256; the 1000 B one also fits 2048
    expect(drv.sent.map(({ skb }) => skb.truesizeBytes)).toEqual([2304, 2304, 2304]);
    expect(charges).toEqual([3 * 2304 - 4792]);
  });

  it('charges the segmentation work to the CPU before the segments reach the driver', () => {
    const costs = { perGsoSegmentNs: 500, perSegmentXmitNs: 300, perByteGsoCopyNs: 0.25 };
    const lin = rig(new Pfifo({}, () => {}), { softwareGso: true, sg: false, cpu: true, costs });
    lin.dev.xmit(gsoSkb(ownerWithCharges().owner, 4792), 0);
    lin.sim.runUntil(us(100));
    // 3 · (500 + 300) + 3896 · 0.25 = 2400 + 974
    expect(lin.drv.sent.map((s) => s.t)).toEqual([3374, 3374, 3374]);
    const sg = rig(new Pfifo({}, () => {}), { softwareGso: true, sg: true, cpu: true, costs });
    sg.dev.xmit(gsoSkb(ownerWithCharges().owner, 4792), 0);
    sg.sim.runUntil(us(100));
    expect(sg.drv.sent.map((s) => s.t)).toEqual([2400, 2400, 2400]);
  });

  it('passes GSO skbs through when the device segments (TSO), and single segments always', () => {
    const { drv, dev } = rig(new Pfifo({}, () => {}), { softwareGso: false });
    const { owner, charges } = ownerWithCharges();
    const big = gsoSkb(owner, 4792);
    dev.xmit(big, 0);
    expect(drv.sent.map((s) => s.skb)).toEqual([big]);
    expect(charges).toEqual([]);
    const soft = rig(new Pfifo({}, () => {}), { softwareGso: true });
    const one = mkSkb();
    soft.dev.xmit(one, 0);
    expect(soft.drv.sent.map((s) => s.skb)).toEqual([one]);
    expect(soft.dev.gsoSegments).toBe(0);
  });
});

describe('DevQueue driver flow control', () => {
  it('leaves skbs in the qdisc while the driver is stopped and drains on wake', () => {
    const q = new Pfifo({}, () => {});
    const { drv, dev } = rig(q);
    drv.stopped = true;
    dev.xmit(mkSkb({ seq: 1 }), 0);
    dev.xmit(mkSkb({ seq: 2 }), 0);
    expect(drv.sent).toEqual([]);
    expect(q.backlogPkts).toBe(2);
    drv.stopped = false;
    drv.wake(500);
    expect(drv.sent.map((s) => [s.t, s.skb.seq])).toEqual([
      [500, 1],
      [500, 2],
    ]);
    expect(q.backlogPkts).toBe(0);
  });
});

describe('DevQueue watchdog', () => {
  it('re-runs fq when a paced flow becomes eligible', () => {
    const fq = new Fq({ edt: true }, () => {});
    const { sim, drv, dev } = rig(fq);
    const owner = mkOwner(1, 1e6);
    dev.xmit(mkSkb({ flowId: 1, owner, tstampNs: us(50), seq: 1 }), 0);
    expect(drv.sent).toEqual([]);
    sim.runUntil(us(50) - 1);
    expect(drv.sent).toEqual([]);
    sim.runUntil(us(200));
    expect(drv.sent.map((s) => [s.t, s.skb.seq])).toEqual([[us(50), 1]]);
    expect(dev.watchdogFires).toBe(1);
  });

  it('re-arms for an earlier skb, and adds timer latency and softirq cost with a CPU', () => {
    const fq = new Fq({ edt: true }, () => {});
    const { sim, drv, dev } = rig(fq, { cpu: true, costs: { timerLatencyNs: 2000, perTimerNs: 1000 } });
    dev.xmit(mkSkb({ flowId: 1, owner: mkOwner(1, 1e6), tstampNs: us(80), seq: 1 }), 0);
    dev.xmit(mkSkb({ flowId: 2, owner: mkOwner(2, 1e6), tstampNs: us(30), seq: 2 }), 0);
    sim.runUntil(us(500));
    // each expiry: + 2 µs hrtimer latency + 1 µs softirq work
    expect(drv.sent.map((s) => [s.t, s.skb.seq])).toEqual([
      [us(33), 2],
      [us(83), 1],
    ]);
    expect(dev.watchdogFires).toBe(2);
  });
});
