/**
 * Airtime as mac80211's airtime accounting charges it (net/mac80211/sta_info.c,
 * ieee80211_sta_register_airtime): per (transmitter, receiver) pair and in
 * total, from the medium's TXOP records; and what the sending radio (node 0)
 * has on the air until its TXOP ends.
 */
import type { Ns } from '../engine/time';
import type { TxopRecord } from '../model/wifi/types';

export class AirtimeAccount {
  private readonly byPair = new Map<number, number>();
  private totalNs = 0;
  /** The sending radio's (node 0) latest TXOP: its frames are on the air until it ends. */
  private air0 = { endNs: 0, bytes: 0 };

  onTxop(r: TxopRecord): void {
    if (r.node === 0) {
      this.air0.endNs = r.endNs;
      this.air0.bytes = r.bytes;
    }
    const d = r.endNs - r.startNs;
    this.totalNs += d;
    const key = r.node * 1024 + (r.peer + 1);
    this.byPair.set(key, (this.byPair.get(key) ?? 0) + d);
  }

  /** Airtime of every TXOP so far. */
  busyNs(): number {
    return this.totalNs;
  }

  /** Bytes node 0 has on the air at `nowNs` (its A-MPDU or frame, until the block ack ends the TXOP). */
  onAirBytes(nowNs: Ns): number {
    return nowNs < this.air0.endNs ? this.air0.bytes : 0;
  }

  /** Airtime spent sending from `node` to `peer`. */
  ns(node: number, peer: number): number {
    return this.byPair.get(node * 1024 + (peer + 1)) ?? 0;
  }
}
