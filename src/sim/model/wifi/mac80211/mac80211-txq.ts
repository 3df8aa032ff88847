/**
 * mac80211 intermediate software TX queues (iTXQ) of one radio,
 * net/mac80211/tx.c: ieee80211_subif_start_xmit → ieee80211_queue_skb →
 * ieee80211_txq_enqueue (fq_tin_enqueue) → schedule_and_wake_txq →
 * drv_wake_tx_queue; the driver pulls with ieee80211_txq_schedule_start /
 * ieee80211_next_txq / ieee80211_tx_dequeue / ieee80211_return_txq, and
 * reports back through ieee80211_tx_status and ieee80211_sta_register_airtime.
 *
 * One txq per station and TID (0..7); all share the radio's 4096-flow fq and
 * its CoDel state. Management and multicast txqs are not modelled: every
 * frame is unicast to a station (an unknown destination is added on first use).
 */
import type { Sim } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import { codelParams, codelStats, type CodelParams, type CodelStats } from '../../qdisc/codel';
import type { Skb } from '../../skb';
import { TID_TO_AC, type Ac } from '../types';
import { Fq, FqTin, wlanFrameBytes } from './mac80211-fq';
import { AirtimeScheduler, StationInfo, staCodelParams, txTimeEstimateUs } from './mac80211-airtime';
import type { Mac80211Hooks, Mac80211Options } from './mac80211-options';

export { AQL_DEFAULTS, mac80211Defaults, type Mac80211Hooks, type Mac80211Options } from './mac80211-options';

/** The driver ops mac80211 calls (struct ieee80211_ops.wake_tx_queue). */
export interface Mac80211Driver {
  wakeTxQueue(txq: Txq, nowNs: Ns): void;
}

/** struct txq_info: an fq_tin plus scheduling state and the driver's private area. */
export class Txq extends FqTin {
  readonly ac: Ac;
  /** On local->active_txqs[ac] (schedule_order not empty). */
  onActiveList = false;
  schedNext: Txq | null = null;
  scheduleRound = 0;
  /** drv_priv: the driver's per-TID state. */
  drv: unknown = null;

  constructor(
    fq: Fq,
    readonly station: StationInfo,
    readonly tid: number,
  ) {
    super(fq);
    this.ac = TID_TO_AC[tid & 7];
  }

  get sta(): number {
    return this.station.id;
  }
}

export interface Mac80211Stats {
  /** All packets mac80211 dropped in its queues (overflow + CoDel). */
  drops: number;
  codelDrops: number;
  ecnMarks: number;
}

const NO_TXQS: readonly (Txq | null)[] = [];

export class Mac80211 {
  readonly stats: Mac80211Stats = { drops: 0, codelDrops: 0, ecnMarks: 0 };
  private readonly fq: Fq;
  private readonly sched: AirtimeScheduler;
  private readonly stations = new Map<number, StationInfo>();
  private readonly globalParams: CodelParams;
  /** local->cstats, shared by every flow. */
  private readonly cstats: CodelStats = codelStats();
  private driver: Mac80211Driver | null = null;

  constructor(
    _sim: Sim,
    private readonly opts: Mac80211Options,
    private readonly hooks: Mac80211Hooks,
  ) {
    this.fq = new Fq(4096, opts.quantumBytes, opts.limitPkts, opts.memoryLimitBytes, hooks.drop);
    this.sched = new AirtimeScheduler(opts.airtimeFairness, opts.aql, opts.airtimeDrr);
    // codel_params_init leaves mtu at 0 for mac80211: CoDel judges until the flow is empty.
    this.globalParams = codelParams({
      targetNs: opts.codel.targetNs,
      intervalNs: opts.codel.intervalNs,
      ecn: opts.codel.ecn,
      mtuBytes: 0,
    });
  }

  /** Whether mac80211 runs the airtime DRR (NL80211_EXT_FEATURE_AIRTIME_FAIRNESS). */
  get airtimeFairness(): boolean {
    return this.opts.airtimeFairness;
  }

  /** Whether Airtime Queue Limits gate ieee80211_tx_dequeue. */
  get aqlEnabled(): boolean {
    return this.opts.aql !== null;
  }

  setDriver(d: Mac80211Driver): void {
    this.driver = d;
  }

  /** Station association; rate control's expected throughput feeds AQL estimates and slow-station CoDel. */
  addStation(sta: number, expectedThroughputKbps: number): void {
    let info = this.stations.get(sta);
    if (info === undefined) {
      info = new StationInfo(sta, expectedThroughputKbps);
      this.stations.set(sta, info);
    }
    info.expectedThroughputKbps = expectedThroughputKbps;
    // num_sta changed: rate control re-runs sta_update_codel_params for everyone within ~100 ms.
    for (const s of this.stations.values()) this.updateCodelParams(s);
  }

  /** rate_control_set_rates → sta_update_codel_params with a new expected throughput. */
  setExpectedThroughput(sta: number, kbps: number): void {
    const info = this.station(sta);
    info.expectedThroughputKbps = kbps;
    this.updateCodelParams(info);
  }

  /** The CoDel parameters a station's flows use now. */
  codelParamsFor(sta: number): CodelParams {
    return this.opts.slowStationCodel ? this.station(sta).cparams : this.globalParams;
  }

  /**
   * ieee80211_subif_start_xmit for skb.dst: pacing-shift update on the owner,
   * TID from skb.priority, fq_tin_enqueue, then schedule the txq and wake the driver.
   */
  xmit(skb: Skb, nowNs: Ns): void {
    const info = this.station(skb.dst);
    if (this.opts.txSkPacingShift !== null && skb.owner !== null) {
      skb.owner.pacingShiftUpdate(this.opts.txSkPacingShift);
    }
    const txq = this.txqFor(info, skb.priority & 7);
    skb.enqueueNs = nowNs;
    skb.txTimeEstUs = 0;
    this.fq.enqueue(txq, skb, nowNs);
    this.stats.drops = this.fq.stats.overlimitDrops + this.cstats.drops;
    this.sched.schedule(txq, true);
    this.driver?.wakeTxQueue(txq, nowNs);
  }

  scheduleStart(ac: Ac): void {
    this.sched.start(ac);
  }

  nextTxq(ac: Ac, _nowNs: Ns): Txq | null {
    return this.sched.next(ac);
  }

  /** ieee80211_return_txq(): back on the list if it still has packets, or if the driver holds some (force). */
  returnTxq(txq: Txq, _nowNs: Ns, force = false): void {
    this.sched.schedule(txq, force);
  }

  scheduleEnd(_ac: Ac): void {}

  /** ieee80211_tx_dequeue(): AQL gate, DRR + per-flow CoDel, then record the airtime estimate as pending. */
  txDequeue(txq: Txq, nowNs: Ns): Skb | null {
    if (!this.sched.airtimeCheck(txq)) return null;
    const params = this.opts.slowStationCodel ? txq.station.cparams : this.globalParams;
    const skb = this.fq.dequeue(txq, params, this.cstats, nowNs);
    this.stats.codelDrops = this.cstats.drops;
    this.stats.ecnMarks = this.cstats.ecnMarks;
    this.stats.drops = this.fq.stats.overlimitDrops + this.cstats.drops;
    if (skb !== null && this.opts.aql !== null) {
      const est = this.opts.txTimeEstimateUs
        ? this.opts.txTimeEstimateUs(wlanFrameBytes(skb), txq.sta)
        : txTimeEstimateUs(wlanFrameBytes(skb), txq.station.expectedThroughputKbps);
      skb.txTimeEstUs = est;
      this.sched.updatePending(txq.station, txq.ac, est, false);
    }
    return skb;
  }

  /** ieee80211_tx_status(): release the AQL estimate, optionally charge airtime, then free or drop. */
  txStatus(skb: Skb, acked: boolean, airtimeNs: Ns, nowNs: Ns): void {
    const ac = TID_TO_AC[skb.priority & 7];
    const info = this.stations.get(skb.dst);
    if (info !== undefined) {
      if (skb.txTimeEstUs > 0) this.sched.updatePending(info, ac, skb.txTimeEstUs, true);
      if (airtimeNs > 0) this.sched.registerAirtime(info, ac, airtimeNs);
    }
    skb.txTimeEstUs = 0;
    if (acked) this.hooks.free(skb, nowNs);
    else this.hooks.drop(skb, nowNs);
  }

  /**
   * Drops a frame's AQL charge early: the ath9k model calls this when a frame
   * goes back to its software retry queue, so AQL counts only airtime queued
   * in hardware (ath9k never enabled AQL; without this its retry_q could hold
   * every txq above the limits and nothing would be handed out again).
   */
  aqlRelease(skb: Skb): void {
    if (skb.txTimeEstUs <= 0) return;
    const info = this.stations.get(skb.dst);
    if (info !== undefined)
      this.sched.updatePending(info, TID_TO_AC[skb.priority & 7], skb.txTimeEstUs, true);
    skb.txTimeEstUs = 0;
  }

  /** ieee80211_sta_register_airtime() for the driver's per-aggregate airtime. */
  registerAirtime(sta: number, ac: Ac, airtimeNs: Ns): void {
    this.sched.registerAirtime(this.station(sta), ac, airtimeNs);
  }

  /** Airtime charged to a station so far (all ACs), ns. */
  stationAirtimeNs(sta: number): number {
    const a = this.station(sta).txAirtimeNs;
    return a[0] + a[1] + a[2] + a[3];
  }

  /** AQL pending airtime (µs) of a station, or of the radio. */
  aqlPendingUs(sta?: number): number {
    if (sta === undefined) return this.sched.totalPendingUs;
    const p = this.station(sta).aqlPendingUs;
    return p[0] + p[1] + p[2] + p[3];
  }

  backlogBytes(sta?: number): number {
    if (sta === undefined) return this.sumAll(true);
    return this.sumStation(this.stations.get(sta), true);
  }

  backlogPkts(sta?: number): number {
    if (sta === undefined) return this.fq.backlogPkts;
    return this.sumStation(this.stations.get(sta), false);
  }

  /** A station's txqs by TID (null where none was used yet); none for an unknown station. Read, not created. */
  txqsOf(sta: number): readonly (Txq | null)[] {
    return this.stations.get(sta)?.txqs ?? NO_TXQS;
  }

  /** The txq of a station and TID, created on first use (sta_info_alloc → ieee80211_txq_init). */
  txqFor(info: StationInfo, tid: number): Txq {
    let txq = info.txqs[tid];
    if (txq === null) {
      txq = new Txq(this.fq, info, tid);
      info.txqs[tid] = txq;
    }
    return txq;
  }

  station(sta: number): StationInfo {
    let info = this.stations.get(sta);
    if (info === undefined) {
      this.addStation(sta, 0);
      info = this.stations.get(sta)!;
    }
    return info;
  }

  private updateCodelParams(info: StationInfo): void {
    info.cparams = staCodelParams(info.expectedThroughputKbps, this.stations.size);
  }

  private sumStation(info: StationInfo | undefined, bytes: boolean): number {
    if (info === undefined) return 0;
    let n = 0;
    for (const t of info.txqs) if (t !== null) n += bytes ? t.backlogBytes : t.backlogPkts;
    return n;
  }

  private sumAll(bytes: boolean): number {
    let n = 0;
    for (const s of this.stations.values()) n += this.sumStation(s, bytes);
    return n;
  }
}
