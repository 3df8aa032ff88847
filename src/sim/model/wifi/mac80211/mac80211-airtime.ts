/**
 * mac80211 TXQ scheduling per AC: the active-txq lists, the airtime deficit
 * round robin of ieee80211_next_txq(), __ieee80211_schedule_txq() (return /
 * schedule), Airtime Queue Limits (ieee80211_txq_airtime_check,
 * ieee80211_sta_update_pending_airtime) and ieee80211_sta_register_airtime().
 * Mirrors net/mac80211/tx.c and sta_info.c of about v5.6–5.9 (the DRR form;
 * the 2021 virtual-time scheduler is not modelled).
 */
import type { Ns } from '../../../engine/time';
import type { CodelParams } from '../../qdisc/codel';
import { codelParams } from '../../qdisc/codel';
import { NS_PER_MS } from '../../../engine/time';
import type { Ac } from '../types';
import type { Txq } from './mac80211-txq';

/** IEEE80211_DEFAULT_AIRTIME_WEIGHT (include/net/cfg80211.h), µs added per DRR round. */
export const DEFAULT_AIRTIME_WEIGHT_US = 256;
/** STA_SLOW_THRESHOLD (net/mac80211/sta_info.c), kbit/s per associated station. */
export const STA_SLOW_THRESHOLD_KBPS = 6000;
/** IEEE80211_TX_TIME_EST_UNIT: tx_time_est is stored in 4 µs units in 10 bits. */
const TX_TIME_EST_UNIT_US = 4;
const TX_TIME_EST_MAX_UNITS = (1 << 10) - 1;

export interface AqlLimits {
  lowUs: number;
  highUs: number;
  thresholdUs: number;
}

/** Per-station state mac80211 keeps in struct sta_info. */
export class StationInfo {
  /** Rate control's expected throughput (kbit/s); 0 = unknown. */
  expectedThroughputKbps: number;
  /** sta->cparams (used when slow-station CoDel is on). */
  cparams: CodelParams = codelParams();
  /** sta->airtime[ac].deficit in µs. */
  readonly deficitUs = new Float64Array(4);
  /** sta->airtime[ac].aql_tx_pending in µs. */
  readonly aqlPendingUs = new Float64Array(4);
  /** sta->airtime[ac].tx_airtime, ns (for metrics). */
  readonly txAirtimeNs = new Float64Array(4);
  /** One txq per TID 0..7, created on first use. */
  readonly txqs: (Txq | null)[] = [null, null, null, null, null, null, null, null];

  constructor(
    readonly id: number,
    thrKbps: number,
  ) {
    this.expectedThroughputKbps = thrKbps;
  }
}

/**
 * sta_update_codel_params() (2016 – 2025, reverted by 4876376988081d63):
 * a station slower than 6 Mbit/s per associated station gets 50 ms / 300 ms,
 * ECN off; every other station the fixed 20 ms / 100 ms, ECN on.
 */
export function staCodelParams(thrKbps: number, numSta: number): CodelParams {
  if (thrKbps > 0 && thrKbps < STA_SLOW_THRESHOLD_KBPS * numSta) {
    return codelParams({ targetNs: 50 * NS_PER_MS, intervalNs: 300 * NS_PER_MS, ecn: false, mtuBytes: 0 });
  }
  return codelParams({ targetNs: 20 * NS_PER_MS, intervalNs: 100 * NS_PER_MS, ecn: true, mtuBytes: 0 });
}

/**
 * ieee80211_calc_expected_tx_airtime() stand-in: the frame's bits at the
 * station's expected throughput (which already amortises per-aggregate
 * overhead), rounded up to the 4 µs unit and capped as
 * ieee80211_info_set_tx_time_est() stores it; at least one unit.
 */
export function txTimeEstimateUs(frameBytes: number, thrKbps: number): number {
  const us = thrKbps > 0 ? (frameBytes * 8 * 1000) / thrKbps : 0;
  const units = Math.min(Math.max(1, Math.ceil(us / TX_TIME_EST_UNIT_US)), TX_TIME_EST_MAX_UNITS);
  return units * TX_TIME_EST_UNIT_US;
}

/** local->active_txqs[ac] as a singly linked list (only head/tail operations are needed). */
class ActiveList {
  head: Txq | null = null;
  tail: Txq | null = null;
}

export class AirtimeScheduler {
  private readonly active = [new ActiveList(), new ActiveList(), new ActiveList(), new ActiveList()];
  /** local->schedule_round[ac]. */
  private readonly round = [0, 0, 0, 0];
  /** local->aql_total_pending_airtime, µs. */
  totalPendingUs = 0;

  constructor(
    private readonly airtimeFairness: boolean,
    private readonly aql: AqlLimits | null,
  ) {}

  /** ieee80211_txq_schedule_start(): a new round; each txq is served at most once per round. */
  start(ac: Ac): void {
    this.round[ac]++;
  }

  /**
   * __ieee80211_schedule_txq(): put an idle txq on its AC's list if it has
   * packets (or the driver forces it). With airtime fairness a station txq
   * goes to the head so that only a negative deficit moves it back.
   */
  schedule(txq: Txq, force: boolean): void {
    if (txq.onActiveList || (!force && txq.backlogPkts === 0)) return;
    const l = this.active[txq.ac];
    txq.onActiveList = true;
    if (this.airtimeFairness) {
      txq.schedNext = l.head;
      l.head = txq;
      if (l.tail === null) l.tail = txq;
    } else {
      txq.schedNext = null;
      if (l.tail === null) l.head = txq;
      else l.tail.schedNext = txq;
      l.tail = txq;
    }
  }

  /** ieee80211_next_txq(): the DRR pick; null when every listed txq was served this round or is AQL-limited. */
  next(ac: Ac): Txq | null {
    const l = this.active[ac];
    let head: Txq | null = null;
    let foundEligible = false;
    for (;;) {
      const txq = l.head;
      if (txq === null) return null;
      if (txq === head) {
        if (!foundEligible) return null;
        foundEligible = false;
      }
      if (head === null) head = txq;
      const sta = txq.station;
      const aqlOk = this.airtimeCheck(txq);
      if (aqlOk) foundEligible = true;
      const deficit = this.airtimeFairness ? sta.deficitUs[ac] : 0;
      if (deficit < 0) sta.deficitUs[ac] += DEFAULT_AIRTIME_WEIGHT_US;
      if (deficit < 0 || !aqlOk) {
        if (l.head !== l.tail) {
          l.head = txq.schedNext;
          txq.schedNext = null;
          l.tail!.schedNext = txq;
          l.tail = txq;
        }
        continue;
      }
      if (txq.scheduleRound === this.round[ac]) return null;
      l.head = txq.schedNext;
      if (l.head === null) l.tail = null;
      txq.schedNext = null;
      txq.onActiveList = false;
      txq.scheduleRound = this.round[ac];
      return txq;
    }
  }

  /** ieee80211_txq_airtime_check(): below the low limit, or below high while the radio is below its threshold. */
  airtimeCheck(txq: Txq): boolean {
    const aql = this.aql;
    if (aql === null) return true;
    const pending = txq.station.aqlPendingUs[txq.ac];
    if (pending < aql.lowUs) return true;
    return this.totalPendingUs < aql.thresholdUs && pending < aql.highUs;
  }

  /** ieee80211_sta_update_pending_airtime(). */
  updatePending(sta: StationInfo, ac: Ac, us: number, completed: boolean): void {
    if (completed) {
      sta.aqlPendingUs[ac] = Math.max(0, sta.aqlPendingUs[ac] - us);
      this.totalPendingUs = Math.max(0, this.totalPendingUs - us);
    } else {
      sta.aqlPendingUs[ac] += us;
      this.totalPendingUs += us;
    }
  }

  /** ieee80211_sta_register_airtime(): charge the station's deficit. */
  registerAirtime(sta: StationInfo, ac: Ac, airtimeNs: Ns): void {
    sta.txAirtimeNs[ac] += airtimeNs;
    sta.deficitUs[ac] -= airtimeNs / 1000;
  }
}
