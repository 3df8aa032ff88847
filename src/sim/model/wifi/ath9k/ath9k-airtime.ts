/**
 * ath9k's own airtime fairness, v4.11 to v5.0 (63fefa050477, "ath9k:
 * Introduce airtime fairness scheduling between stations"; ath9k moved onto
 * mac80211's scheduler in v5.1): per AC, struct ath_acq's two TID lists
 * acq_new and acq_old, and per station (struct ath_node) an airtime deficit
 * per AC, drivers/net/wireless/ath/ath9k/xmit.c and ath9k.h:
 * - ath_tx_queue_tid(): a TID on no list goes to the tail of acq_new;
 * - ath_txq_schedule() takes the head of acq_new, else of acq_old; a head
 *   whose station's deficit is ≤ 0 gets ATH_AIRTIME_QUANTUM (300 µs) and
 *   moves to acq_old's tail; an empty head leaves (to acq_old if it came
 *   from acq_new and acq_old is not empty); otherwise it sends
 *   (ath_tx_sched_aggr) and keeps its place until the hardware queue is full;
 * - ath_tx_count_airtime() at TX status subtracts the airtime used (with
 *   AIRTIME_USE_TX) and puts the TID back on acq_new if the deficit fell to
 *   ≤ 0; ath_tx_node_init() starts each deficit at one quantum.
 * sc->airtime_flags defaults to AIRTIME_USE_TX | AIRTIME_USE_RX; the RX half
 * (ath_rx_count_airtime charging a station for what it sent) is not counted
 * here: the stations' uplink in these scenes is TCP ACKs.
 */
import type { Ac } from '../types';
import type { AthTid } from './ath9k-tid';

/** ATH_AIRTIME_QUANTUM (ath9k.h), µs. */
export const ATH_AIRTIME_QUANTUM_US = 300;

const NONE = 0;
const NEW = 1;
const OLD = 2;

/** struct ath_acq of one AC. */
class Acq {
  readonly acqNew: AthTid[] = [];
  readonly acqOld: AthTid[] = [];
}

export class AthAirtime {
  private readonly acqs = [new Acq(), new Acq(), new Acq(), new Acq()];
  /** an->airtime_deficit[ac] per station, µs. */
  private readonly deficits = new Map<number, Float64Array>();
  /** Which list each TID is on (tid->list empty or not, and which). */
  private readonly where = new Map<AthTid, number>();

  /** ath_tx_queue_tid(). */
  queueTid(tid: AthTid): void {
    if ((this.where.get(tid) ?? NONE) !== NONE) return;
    this.acqs[tid.ac].acqNew.push(tid);
    this.where.set(tid, NEW);
  }

  deficitUs(dst: number, ac: Ac): number {
    return this.deficitsOf(dst)[ac];
  }

  /** ath_tx_count_airtime(): charge the station; a TID out of credit goes back on a list for its quantum. */
  countAirtime(tid: AthTid, airtimeUs: number): void {
    const d = this.deficitsOf(tid.dst);
    d[tid.ac] -= airtimeUs;
    if (d[tid.ac] <= 0) this.queueTid(tid);
  }

  /**
   * ath_txq_schedule()'s loop for one AC: `send` is ath_tx_sched_aggr,
   * true when it queued something in hardware.
   */
  schedule(ac: Ac, hasBuffered: (tid: AthTid) => boolean, send: (tid: AthTid) => boolean): void {
    const acq = this.acqs[ac];
    for (;;) {
      const fromNew = acq.acqNew.length > 0;
      const list = fromNew ? acq.acqNew : acq.acqOld;
      if (list.length === 0) return;
      const tid = list[0];
      const d = this.deficitsOf(tid.dst);
      if (d[ac] <= 0) {
        d[ac] += ATH_AIRTIME_QUANTUM_US;
        this.toOld(list, tid);
        continue;
      }
      if (!hasBuffered(tid)) {
        if (fromNew && acq.acqOld.length > 0) this.toOld(list, tid);
        else {
          list.shift();
          this.where.set(tid, NONE);
        }
        continue;
      }
      if (!send(tid)) return;
    }
  }

  private toOld(list: AthTid[], tid: AthTid): void {
    list.shift();
    this.acqs[tid.ac].acqOld.push(tid);
    this.where.set(tid, OLD);
  }

  private deficitsOf(dst: number): Float64Array {
    let d = this.deficits.get(dst);
    if (d === undefined) {
      d = new Float64Array(4).fill(ATH_AIRTIME_QUANTUM_US);
      this.deficits.set(dst, d);
    }
    return d;
  }
}
