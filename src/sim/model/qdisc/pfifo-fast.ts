/**
 * pfifo_fast, the default root qdisc (net/sched/sch_generic.c).
 * Three bands chosen by skb->priority through prio2band; band 0 is always
 * served first. Since v4.16 ("net: sched: make pfifo_fast lockless") each
 * band is its own skb_array ring of dev->tx_queue_len entries; before that
 * the limit was the qdisc's total qlen (option `perBandLimit: false`).
 * Limits count skbs, so one GSO skb takes one slot. Overflow is tail drop.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';
import { SkbRing } from './skb-ring';

/** include/linux/netdevice.h / pkt_sched.h: DEFAULT_TX_QUEUE_LEN, applied in alloc_netdev. */
export const DEFAULT_TX_QUEUE_LEN = 1000;

/** sch_default_prio2band (sch_generic.c), indexed by skb->priority & TC_PRIO_MAX. */
export const PRIO2BAND: readonly number[] = [1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1];

export const PFIFO_FAST_BANDS = 3;

export interface PfifoFastOptions {
  /** dev->tx_queue_len: packets per band (default 1000). */
  txqueuelen?: number;
  /** true (v4.16+): each band holds txqueuelen; false: the whole qdisc does. */
  perBandLimit?: boolean;
}

export class PfifoFast implements Qdisc {
  readonly kind = 'pfifo_fast' as const;
  readonly stats: QdiscStats = emptyQdiscStats();
  readonly limitPkts: number;
  readonly perBandLimit: boolean;
  private readonly bands: SkbRing[] = [];
  private bytes = 0;
  private pkts = 0;
  /** Per-band backlog in packets (for charts). */
  readonly bandPkts = [0, 0, 0];

  constructor(
    opts: PfifoFastOptions,
    private readonly drop: DropFn,
  ) {
    this.limitPkts = opts.txqueuelen ?? DEFAULT_TX_QUEUE_LEN;
    this.perBandLimit = opts.perBandLimit ?? true;
    for (let i = 0; i < PFIFO_FAST_BANDS; i++) this.bands.push(new SkbRing(64));
  }

  get backlogBytes(): number {
    return this.bytes;
  }

  get backlogPkts(): number {
    return this.pkts;
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    const band = PRIO2BAND[skb.priority & 15];
    const used = this.perBandLimit ? this.bands[band].length : this.pkts;
    if (used >= this.limitPkts) {
      // qdisc_drop_cpu(): tail drop of the arriving skb
      this.stats.drops++;
      this.drop(skb, nowNs);
      return;
    }
    skb.enqueueNs = nowNs;
    this.bands[band].push(skb);
    this.bandPkts[band]++;
    this.bytes += skb.l2Bytes;
    this.pkts++;
  }

  dequeue(_nowNs: Ns): Skb | null {
    for (let band = 0; band < PFIFO_FAST_BANDS; band++) {
      const skb = this.bands[band].shift();
      if (skb !== null) {
        this.bandPkts[band]--;
        const len = skb.l2Bytes;
        this.bytes -= len;
        this.pkts--;
        this.stats.sentBytes += len;
        this.stats.sentPkts++;
        return skb;
      }
    }
    return null;
  }

  nextWakeNs(): Ns {
    return -1;
  }
}
