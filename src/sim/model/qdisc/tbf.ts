/**
 * tbf, the token bucket filter (net/sched/sch_tbf.c): a rate bucket of depth
 * `buffer` ns and an optional peak-rate bucket of depth `mtu` ns, both kept
 * in ns of transmit time. tbf_dequeue peeks at the child's head (the child
 * dequeues it and tbf holds it, qdisc_peek_dequeued), refills by the time
 * since t_c, and sends only if both buckets stay ≥ 0 after paying
 * psched_l2t_ns for the packet; otherwise it arms the watchdog for
 * now + max(−toks, −ptoks) and counts an overlimit. A packet longer than
 * max_size is dropped, or segmented in software if it is a GSO skb whose
 * segments fit (tbf_segment). The child is a bfifo of tbf's byte limit
 * unless another qdisc is grafted.
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { gsoSegment } from '../skb-segment';
import { l2tNs, ratecfgPrecompute, t2lBytes, type LinkLayer, type RateCfg } from './psched';
import { emptyQdiscStats, type DropFn, type Qdisc, type QdiscStats } from './qdisc';
import { tcCalcXmittime } from './tc-rates';
import { psTicksToNs } from './psched';

/** The qdisc as tbf_change leaves it. */
export interface TbfParams {
  rate: RateCfg;
  /** null: no peak rate (tbf_peak_present false). */
  peak: RateCfg | null;
  bufferNs: Ns;
  mtuNs: Ns;
  /** Largest packet (qdisc_pkt_len) that can ever pass. */
  maxSizeBytes: number;
  /** tbf's byte limit (passed to the default bfifo child). */
  limitBytes: number;
}

/** `tc qdisc add … tbf rate R burst B (limit L | latency T) [peakrate P mtu M] [overhead O] [mpu U] [linklayer L]`. */
export interface TbfTcOptions {
  rateBytesPerSec: number;
  burstBytes: number;
  limitBytes: number;
  peakBytesPerSec?: number;
  /** Peak bucket depth (tc's mtu/minburst), required with a peak rate. */
  mtuBytes?: number;
  overheadBytes?: number;
  mpuBytes?: number;
  linklayer?: LinkLayer;
}

/**
 * tbf_parse_opt (tc/q_tbf.c, which sends TCA_TBF_BURST = burst and
 * TCA_TBF_PBURST = mtu) then tbf_change: with TCA_TBF_BURST the kernel takes
 * max_size = burst and buffer = psched_l2t_ns(rate, burst); with a peak
 * rate, max_size = min(max_size, pburst) and mtu = psched_l2t_ns(peak, pburst).
 */
export function tbfFromTc(o: TbfTcOptions): TbfParams {
  const spec = { overheadBytes: o.overheadBytes, mpuBytes: o.mpuBytes, linklayer: o.linklayer };
  const rate = ratecfgPrecompute({ rateBytesPerSec: o.rateBytesPerSec, ...spec });
  let maxSize = o.burstBytes;
  const bufferNs = l2tNs(rate, o.burstBytes);
  let peak: RateCfg | null = null;
  let mtuNs = 0;
  if (o.peakBytesPerSec && o.peakBytesPerSec > 0) {
    peak = ratecfgPrecompute({ rateBytesPerSec: o.peakBytesPerSec, ...spec });
    const pburst = o.mtuBytes ?? 0;
    maxSize = Math.min(maxSize, pburst);
    mtuNs = l2tNs(peak, pburst);
  }
  return { rate, peak, bufferNs, mtuNs, maxSizeBytes: maxSize, limitBytes: o.limitBytes };
}

/** tbf_change without TCA_TBF_BURST (an old tc): max_size from the buffer in ticks. */
export function tbfMaxSizeFromTicks(rate: RateCfg, burstBytes: number): number {
  return t2lBytes(rate, psTicksToNs(tcCalcXmittime(rate.rateBytesPerSec, burstBytes)));
}

export interface TbfOptions {
  /** The device has scatter-gather (segments built by tbf_segment keep frags). */
  sg?: boolean;
}

export class Tbf implements Qdisc {
  readonly kind = 'tbf' as const;
  readonly stats: QdiscStats = emptyQdiscStats();
  readonly child: Qdisc;
  tokens: Ns;
  ptokens: Ns;
  private tC: Ns = 0;
  /** The child's head, dequeued by peek and held (qdisc_peek_dequeued's gso_skb). */
  private peeked: Skb | null = null;
  private watchdogNs: Ns = -1;

  constructor(
    readonly p: TbfParams,
    makeChild: (drop: DropFn) => Qdisc,
    private readonly drop: DropFn,
    private readonly opts: TbfOptions = {},
  ) {
    this.child = makeChild((skb, now) => {
      this.stats.drops++;
      drop(skb, now);
    });
    this.tokens = p.bufferNs;
    this.ptokens = p.mtuNs;
  }

  get backlogBytes(): number {
    return this.child.backlogBytes + (this.peeked?.l2Bytes ?? 0);
  }

  get backlogPkts(): number {
    return this.child.backlogPkts + (this.peeked ? 1 : 0);
  }

  enqueue(skb: Skb, nowNs: Ns): void {
    if (skb.l2Bytes > this.p.maxSizeBytes) {
      if (skb.segs > 1 && segmentsFit(skb, this.p.maxSizeBytes)) {
        for (const s of gsoSegment(skb, this.opts.sg ?? true)) this.child.enqueue(s, nowNs);
        return;
      }
      this.stats.drops++;
      this.drop(skb, nowNs);
      return;
    }
    this.child.enqueue(skb, nowNs);
  }

  dequeue(nowNs: Ns): Skb | null {
    this.watchdogNs = -1;
    if (this.peeked === null) this.peeked = this.child.dequeue(nowNs);
    const skb = this.peeked;
    if (skb === null) return null;
    const len = skb.l2Bytes;
    let toks = Math.min(nowNs - this.tC, this.p.bufferNs);
    let ptoks = 0;
    if (this.p.peak) {
      ptoks = toks + this.ptokens;
      if (ptoks > this.p.mtuNs) ptoks = this.p.mtuNs;
      ptoks -= l2tNs(this.p.peak, len);
    }
    toks += this.tokens;
    if (toks > this.p.bufferNs) toks = this.p.bufferNs;
    toks -= l2tNs(this.p.rate, len);
    if (toks >= 0 && ptoks >= 0) {
      this.peeked = null;
      this.tC = nowNs;
      this.tokens = toks;
      this.ptokens = ptoks;
      this.stats.sentBytes += len;
      this.stats.sentPkts++;
      return skb;
    }
    this.watchdogNs = nowNs + Math.max(-toks, -ptoks);
    this.stats.overlimits++;
    return null;
  }

  nextWakeNs(): Ns {
    if (this.watchdogNs >= 0) return this.watchdogNs;
    return this.peeked ? -1 : this.child.nextWakeNs();
  }
}

/** skb_gso_validate_mac_len: every segment, with its headers, fits in max_size. */
function segmentsFit(skb: Skb, maxSizeBytes: number): boolean {
  return skb.segL2Bytes(0) <= maxSizeBytes;
}
