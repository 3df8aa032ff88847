/**
 * Test fixtures for the ath9k / mac80211 models: rates, skbs, a hand-driven
 * medium, a scripted Rng, and a radio rig that records what it sent.
 * Pure TypeScript; used by ath9k*.test.ts only.
 */
import { wlanFrameBytes } from '../mac80211/mac80211-fq';
import type { Sim } from '../../../engine/sim';
import type { Rng } from '../../../engine/rng';
import type { Ns } from '../../../engine/time';
import { Skb, SkbKind } from '../../skb';
import { Ath9k, ath9kDefaults, type Ath9kMedium, type Ath9kOptions } from './ath9k';
import { Mac80211, mac80211Defaults, type Mac80211Options } from '../mac80211/mac80211-txq';
import type { Band, Contender, PhyRate } from '../types';

export function ht(mcs: number, widthMHz: 20 | 40 = 20, shortGi = false): PhyRate {
  return { mode: 'ht', mcs, nss: Math.floor(mcs / 8) + 1, widthMHz, shortGi };
}

/** A TCP data segment of `ipBytes` at IP level (Ethernet frame ipBytes + 14). */
export function dataSkb(src: number, dst: number, flowId: number, ipBytes = 1500, priority = 0): Skb {
  const s = new Skb();
  s.kind = SkbKind.DATA;
  s.src = src;
  s.dst = dst;
  s.flowId = flowId;
  s.priority = priority;
  s.hdrBytes = 66;
  s.lenBytes = ipBytes - 52;
  s.segs = 1;
  s.truesizeBytes = 896 + s.lenBytes;
  return s;
}

/** A medium the test drives by hand: startTxop / endTxop are called by the test. */
export class ManualMedium implements Ath9kMedium {
  c: Contender | null = null;
  kicks = 0;
  failures = 0;
  successes = 0;
  register(c: Contender): void {
    this.c = c;
  }
  kick(): void {
    this.kicks++;
  }
  reportFailure(): void {
    this.failures++;
  }
  reportSuccess(): void {
    this.successes++;
  }
}

/** An Rng whose next() replays `script`, then returns `rest`. */
export function scriptedRng(script: number[], rest = 0.99): Rng {
  return { next: () => (script.length > 0 ? script.shift()! : rest) } as unknown as Rng;
}

export interface TxLog {
  n: number;
  psduBytes: number;
  rate: PhyRate;
  dst: number;
  tid: number;
  seqs: number[];
  isAggr: boolean;
  atNs: Ns;
}

/** One radio (ath9k, plus mac80211 in iTXQ mode) with counters for what happened to every skb. */
export class RadioRig {
  readonly ath: Ath9k;
  readonly mac: Mac80211 | null;
  readonly txs: TxLog[] = [];
  readonly delivered: Skb[] = [];
  readonly freed: Skb[] = [];
  readonly dropped: Skb[] = [];
  xmits = 0;
  xmitBytes = 0;
  /** 802.11 frame bytes of the last transmission's frames (on the air until its end). */
  lastTxBytes = 0;
  /** Called for each freed skb (e.g. to refill a closed loop). */
  onFree: ((skb: Skb, nowNs: Ns) => void) | null = null;

  constructor(
    sim: Sim,
    rng: Rng,
    medium: Ath9kMedium,
    node: number,
    band: Band,
    athOver: Partial<Ath9kOptions>,
    macOver: Partial<Mac80211Options> | null,
    readonly logTx = true,
  ) {
    const opts = ath9kDefaults(node, band, () => ht(7), athOver);
    this.ath = new Ath9k(sim, rng, medium, opts, {
      deliver: (s) => this.delivered.push(s),
      free: (s, now) => this.free(s, now),
      onAggregate: () => {},
      onTx: (skbs, n, agg, now) => {
        this.lastTxBytes = 0;
        for (let i = 0; i < n; i++) this.lastTxBytes += wlanFrameBytes(skbs[i]);
        if (!this.logTx) return;
        const seqs: number[] = [];
        for (let i = 0; i < n; i++) seqs.push(skbs[i].seqno80211);
        this.txs.push({
          n,
          psduBytes: agg.psduBytes,
          rate: agg.rate!,
          dst: agg.dst,
          tid: agg.tid!.tidno,
          seqs,
          isAggr: agg.isAggr,
          atNs: now,
        });
      },
    });
    if (opts.mode === 'itxq') {
      this.mac = new Mac80211(sim, mac80211Defaults({ aql: null, ...(macOver ?? {}) }), {
        drop: (s) => this.dropped.push(s),
        free: (s, now) => this.free(s, now),
      });
      this.ath.attach(this.mac);
    } else {
      this.mac = null;
    }
  }

  private free(skb: Skb, now: Ns): void {
    this.freed.push(skb);
    this.onFree?.(skb, now);
  }

  xmit(skb: Skb, now: Ns): void {
    this.xmits++;
    this.xmitBytes += wlanFrameBytes(skb);
    if (this.mac !== null) this.mac.xmit(skb, now);
    else this.ath.xmit(skb, now);
  }

  /** Every skb handed in is freed, dropped, or still queued somewhere. */
  accounted(): number {
    const queued = (this.mac?.backlogPkts() ?? 0) + this.ath.driverQueueFrames();
    return this.freed.length + this.dropped.length + queued;
  }

  /**
   * Bytes handed in and not yet freed, dropped or queued above or in the
   * driver: 0, or the frames on the air (driverQueueBytes leaves those to the air layer).
   */
  unaccountedBytes(): number {
    let gone = 0;
    for (const s of this.freed) gone += wlanFrameBytes(s);
    for (const s of this.dropped) gone += wlanFrameBytes(s);
    return this.xmitBytes - gone - (this.mac?.backlogBytes() ?? 0) - this.ath.driverQueueBytes();
  }
}

/** Runs one exchange on a ManualMedium: TXOP, its end, and the TX status that follows. */
export function runTxop(sim: Sim, ath: Ath9k, collided = false, statusDelayNs = 50_000): { airtimeNs: Ns } {
  const { airtimeNs } = ath.startTxop(sim.nowNs);
  sim.runUntil(sim.nowNs + airtimeNs);
  ath.endTxop(sim.nowNs, collided);
  sim.runUntil(sim.nowNs + statusDelayNs);
  return { airtimeNs };
}
