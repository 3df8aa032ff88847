/**
 * Test scaffolding for the brcmfmac model (used by brcmfmac*.test.ts only):
 * a Sim + Medium + Brcmfmac with hooks that record what happened to every
 * skb, and a greedy source that keeps the netdev queue full.
 */
import { Sim } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import { Skb } from '../../skb';
import { Brcmfmac } from './brcmfmac';
import { brcmfmac43455Defaults, type BrcmfmacOptions } from './brcmfmac-config';
import { Medium } from '../medium/medium';
import type { TxopRecord } from '../types';

export interface OptionOverrides extends Partial<Omit<BrcmfmacOptions, 'bus' | 'firmware'>> {
  bus?: Partial<BrcmfmacOptions['bus']>;
  firmware?: Partial<BrcmfmacOptions['firmware']>;
}

export function options(over: OptionOverrides = {}): BrcmfmacOptions {
  const d = brcmfmac43455Defaults(0, 1);
  return { ...d, ...over, bus: { ...d.bus, ...over.bus }, firmware: { ...d.firmware, ...over.firmware } };
}

export function dataSkb(priority = 0, payloadBytes = 1448): Skb {
  const s = new Skb();
  s.lenBytes = payloadBytes;
  s.priority = priority;
  return s;
}

export interface Rig {
  sim: Sim;
  medium: Medium;
  dev: Brcmfmac;
  opts: BrcmfmacOptions;
  txops: TxopRecord[];
  aggs: { n: number; bytes: number; t: Ns }[];
  freedAt: Map<Skb, Ns>;
  freeCount: Map<Skb, number>;
  deliveredAt: Map<Skb, Ns>;
  deliverCount: Map<Skb, number>;
  dropped: Skb[];
  /** Frames from the air that reached the host over the bus, and when. */
  receivedAt: Map<Skb, Ns>;
  sent: Skb[];
  /** Event log for determinism checks: kind letter, skb id, time. */
  trace: string[];
  /** xmit, recording the skb. */
  send(skb: Skb, nowNs: Ns): void;
}

export function rig(over: OptionOverrides = {}, seed = 1): Rig {
  const sim = new Sim(seed);
  const txops: TxopRecord[] = [];
  const medium = new Medium(sim, sim.rng.fork(1), { band: '5GHz', onTxop: (r) => txops.push(r) });
  const opts = options(over);
  const r = {
    sim,
    medium,
    opts,
    txops,
    aggs: [],
    freedAt: new Map(),
    freeCount: new Map(),
    deliveredAt: new Map(),
    deliverCount: new Map(),
    dropped: [],
    receivedAt: new Map(),
    sent: [],
    trace: [],
  } as unknown as Rig;
  r.dev = new Brcmfmac(sim, sim.rng.fork(2), medium, opts, {
    deliver: (skb, t) => {
      r.deliveredAt.set(skb, t);
      r.deliverCount.set(skb, (r.deliverCount.get(skb) ?? 0) + 1);
      r.trace.push(`d${skb.id - r.sent[0].id}@${t}`);
    },
    free: (skb, t) => {
      r.freedAt.set(skb, t);
      r.freeCount.set(skb, (r.freeCount.get(skb) ?? 0) + 1);
      r.trace.push(`f${skb.id - r.sent[0].id}@${t}`);
    },
    drop: (skb, t) => {
      r.dropped.push(skb);
      r.trace.push(`x${skb.id - r.sent[0].id}@${t}`);
    },
    onAggregate: (n, bytes, _dst, t) => r.aggs.push({ n, bytes, t }),
    receive: (skb, t) => r.receivedAt.set(skb, t),
  });
  r.send = (skb, t) => {
    r.sent.push(skb);
    r.dev.xmit(skb, t);
  };
  return r;
}

/** Keeps the device fed while its queue runs, up to `limit` skbs; returns the count sent. */
export function greedySource(r: Rig, limit = Infinity): { count: () => number } {
  let n = 0;
  const fill = (t: Ns): void => {
    while (!r.dev.queueStopped() && n < limit) {
      r.send(dataSkb(), t);
      n++;
    }
  };
  r.dev.setWake(fill);
  fill(r.sim.nowNs);
  return { count: () => n };
}

/** Every stage's packet count: what conservation compares xmit against. */
export function inDriver(r: Rig): number {
  return r.dev.fwsQueuedPkts() + r.dev.busQueuedPkts() + r.dev.firmwarePkts();
}
