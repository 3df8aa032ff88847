/**
 * mac80211 TXQ scheduling per AC: the active-txq lists, the airtime deficit
 * round robin of ieee80211_next_txq(), __ieee80211_schedule_txq() (return /
 * schedule), Airtime Queue Limits (ieee80211_txq_airtime_check,
 * ieee80211_sta_update_pending_airtime) and ieee80211_sta_register_airtime().
 * Mirrors net/mac80211/tx.c and sta_info.c in two forms (`AirtimeDrrForm`):
 * - 'v5.1': the DRR as ath9k moved onto it (v5.1, 2019; AQL from v5.5);
 * - 'v6.0': the DRR Felix Fietkau restored in v6.0 (942741dabcb4, June 2022,
 *   reverting the v5.14 virtual-time scheduler 2433647bc8d9, which no era
 *   of this model falls in), with two changes of that series:
 *   9c1be3cde004 (a station's deficit counts minus its aql_tx_pending,
 *   ieee80211_sta_deficit) and 8e4bac067105 (per-PHY AQL limit: with more
 *   pending airtime on the AC than (active txqs − 1) · low / 2 + high,
 *   ieee80211_txq_schedule_start sets schedule_round to 0 and
 *   ieee80211_next_txq hands out nothing). Not modelled from that series:
 *   8ccc07028cb7 (empty txqs kept on the list for 100 ms) and c77bfab92371
 *   (deficit charged only to stations active within the last 100 ms), which
 *   only differ from the above for stations that go idle.
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

/** Which ieee80211_next_txq: the v5.1 DRR or the v6.0 one (see the header). */
export type AirtimeDrrForm = 'v5.1' | 'v6.0';

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
  /** local->aql_ac_pending_airtime[ac] (v6.0), µs. */
  readonly acPendingUs = new Float64Array(4);

  constructor(
    private readonly airtimeFairness: boolean,
    private readonly aql: AqlLimits | null,
    private readonly form: AirtimeDrrForm = 'v5.1',
    /** sta->airtime_weight: IEEE80211_DEFAULT_AIRTIME_WEIGHT unless `iw ... airtime_weight` set one. */
    private readonly weightUs: number = DEFAULT_AIRTIME_WEIGHT_US,
  ) {}

  /**
   * ieee80211_txq_schedule_start(): a new round; each txq is served at most
   * once per round. v6.0 with AQL: round 0 (nothing handed out) while the
   * AC's pending airtime is over the per-PHY limit.
   */
  start(ac: Ac): void {
    if (this.form === 'v6.0' && !this.phyAirtimeCheck(ac)) {
      this.round[ac] = 0;
      return;
    }
    this.round[ac]++;
    // v6.0 keeps 0 for "nothing this round": the u16 counter skips it on wrapping.
    if (this.form === 'v6.0' && this.round[ac] === 0x10000) this.round[ac] = 1;
  }

  /** ieee80211_txq_schedule_airtime_check() (v6.0): the AC's pending airtime below the per-PHY limit. */
  phyAirtimeCheck(ac: Ac): boolean {
    const aql = this.aql;
    if (aql === null) return true;
    let numTxq = 0;
    for (let t = this.active[ac].head; t !== null; t = t.schedNext) numTxq++;
    // u32 arithmetic in the kernel: (0 − 1) · low / 2 wraps to a huge limit on an empty list.
    const limitUs = numTxq === 0 ? Infinity : ((numTxq - 1) * aql.lowUs) / 2 + aql.highUs;
    return this.acPendingUs[ac] < limitUs;
  }

  /** The deficit ieee80211_next_txq compares with 0: v6.0 subtracts the station's AQL pending airtime. */
  private deficitOf(sta: StationInfo, ac: Ac): number {
    if (!this.airtimeFairness) return 0;
    const d = sta.deficitUs[ac];
    return this.form === 'v6.0' ? d - sta.aqlPendingUs[ac] : d;
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
    if (this.form === 'v6.0' && this.round[ac] === 0) return null;
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
      const deficit = this.deficitOf(sta, ac);
      if (deficit < 0) sta.deficitUs[ac] += this.weightUs;
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
      this.acPendingUs[ac] = Math.max(0, this.acPendingUs[ac] - us);
      this.totalPendingUs = Math.max(0, this.totalPendingUs - us);
    } else {
      sta.aqlPendingUs[ac] += us;
      this.acPendingUs[ac] += us;
      this.totalPendingUs += us;
    }
  }

  /** ieee80211_sta_register_airtime(): charge the station's deficit. */
  registerAirtime(sta: StationInfo, ac: Ac, airtimeNs: Ns): void {
    sta.txAirtimeNs[ac] += airtimeNs;
    sta.deficitUs[ac] -= airtimeNs / 1000;
  }
}
