/**
 * A rig for the drivers that aggregate in firmware or hardware (ath10k,
 * mt76): the main radio (node 0) and one radio per peer of the same family,
 * built through the registry on one medium, with every frame, free, drop,
 * aggregate and TXOP recorded. Tests only.
 */
import { linkLoss } from '../phy/link-error';
import { Sim } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import { ZERO_COSTS } from '../../cpu/cpu';
import { Skb, SkbKind } from '../../skb';
import type { WifiRadio } from '../driver';
import { createRadio, type WifiDriverConfigs } from '../drivers';
import { AQL_DEFAULTS } from '../mac80211/mac80211-options';
import { Medium } from '../medium/medium';
import type { PhyRate, TxopRecord } from '../types';

export type OffloadFamily = 'ath10k' | 'mt76';

export interface OffloadRigOptions<F extends OffloadFamily> {
  family: F;
  config: WifiDriverConfigs[F];
  peers: number;
  rates: PhyRate[];
  fer: number[];
  aql: boolean;
  airtimeFairness: boolean;
}

export interface AggregateSeen {
  node: number;
  nframes: number;
  bytes: number;
  dst: number;
  atNs: Ns;
}

export class OffloadRig {
  readonly sim: Sim;
  readonly medium: Medium;
  readonly radios: WifiRadio[] = [];
  readonly txops: TxopRecord[] = [];
  readonly aggregates: AggregateSeen[] = [];
  /** Per skb id: times delivered, freed (acked) or dropped. */
  readonly delivered = new Map<number, number>();
  readonly freed = new Set<number>();
  readonly dropped = new Set<number>();
  readonly sent: Skb[] = [];
  /** Frees and frames a driver passed up itself (RadioHooks.receive), in the order they happened. */
  readonly order: { what: 'free' | 'up'; id: number; atNs: Ns }[] = [];

  constructor(
    readonly o: OffloadRigOptions<OffloadFamily>,
    seed: number,
  ) {
    this.sim = new Sim(seed);
    this.medium = new Medium(this.sim, this.sim.rng.fork(3), {
      band: '5GHz',
      collisions: true,
      onTxop: (r) => this.txops.push({ ...r }),
    });
    const nodes = o.peers + 1;
    for (let node = 0; node < nodes; node++) {
      const peers = node === 0 ? Array.from({ length: o.peers }, (_, i) => i + 1) : [0];
      // Node 0 reaches peer p at rates[p − 1]; each peer answers at its own rate.
      const rateTo = (dst: number) => o.rates[Math.max(0, (node === 0 ? dst : node) - 1)];
      const fer = (dst: number) => o.fer[Math.max(0, (node === 0 ? dst : node) - 1)];
      this.radios[node] = createRadio(
        o.family,
        {
          sim: this.sim,
          medium: this.medium,
          node,
          peers,
          band: '5GHz',
          rateTo,
          frameErrorRate: fer,
          loss: (dst) => linkLoss(null, fer(dst)),
          rateControl: () => 'fixed',
          erpProtection: false,
          mac80211: {
            slowStationCodel: false,
            airtimeFairness: o.airtimeFairness,
            aql: o.aql ? AQL_DEFAULTS : null,
            txSkPacingShift: 7,
            airtimeDrr: 'v6.0',
          },
          cpu: null,
          costs: ZERO_COSTS,
          hooks: {
            deliver: (skb) => {
              for (let s: Skb | null = skb; s !== null; s = s.amsduNext)
                this.delivered.set(s.id, (this.delivered.get(s.id) ?? 0) + 1);
            },
            free: (skb, now) => {
              this.freed.add(skb.id);
              this.order.push({ what: 'free', id: skb.id, atNs: now });
            },
            drop: (skb) => this.dropped.add(skb.id),
            onAggregate: (nframes, bytes, dst, now) =>
              this.aggregates.push({ node, nframes, bytes, dst, atNs: now }),
            receive: (_txNode, skb, now) => this.order.push({ what: 'up', id: skb.id, atNs: now }),
          },
          forkRng: (salt) => this.sim.rng.fork(salt),
        },
        o.config as never,
      );
    }
  }

  /** A 1500-byte IP packet (or a smaller one) from node `from` to `dst`. */
  send(from: number, dst: number, ipBytes: number, priority: number, nowNs: Ns): void {
    const skb = new Skb();
    skb.kind = SkbKind.DATA;
    skb.src = from;
    skb.dst = dst;
    skb.priority = priority;
    skb.segs = 1;
    skb.lenBytes = ipBytes - 52;
    skb.hdrBytes = 66;
    skb.truesizeBytes = ipBytes + 896;
    skb.flowId = dst;
    this.sent.push(skb);
    this.radios[from].netdev.xmit(skb, nowNs);
  }

  /** Skbs whose fate is settled: freed after an acknowledgement or dropped. */
  settled(): number {
    return this.freed.size + this.dropped.size;
  }
}
