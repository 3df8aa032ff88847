/**
 * What the medium counts: busy time, TXOPs, collisions, and the airtime each
 * node used — the channel-survey numbers (busy time, as mac80211 reports
 * from the driver's cycle counters in net/mac80211/cfg.c
 * ieee80211_dump_survey) and per-station airtime (sta->airtime in
 * net/mac80211/sta_info.c) as the model sees them, for metrics and tests.
 */
import { preferDoubleFields } from '../../../engine/double-fields';
import type { Ns } from '../../../engine/time';

export class MediumAirtime {
  /** Busy time of the busy periods that have ended. */
  busyTotalNs: Ns = 0;
  txops = 0;
  collisions = 0;
  collisionEvents = 0;
  /** Airtime per node, ns: doubles from the start, since the sums pass 2^31 within seconds. */
  private byNodeNs = new Float64Array(8);

  constructor() {
    // Busy time outgrows small integers during a run (see double-fields.ts).
    preferDoubleFields(this, ['busyTotalNs']);
  }

  addNode(node: number): void {
    if (node < this.byNodeNs.length) return;
    const a = new Float64Array(Math.max(node + 1, 2 * this.byNodeNs.length));
    a.set(this.byNodeNs);
    this.byNodeNs = a;
  }

  /** A transmission of `airtimeNs` by `node` started. */
  txop(node: number, airtimeNs: Ns, collided: boolean): void {
    this.txops++;
    if (collided) this.collisions++;
    this.addNode(node);
    this.byNodeNs[node] += airtimeNs;
  }

  ofNode(node: number): number {
    return this.byNodeNs[node] ?? 0;
  }
}
