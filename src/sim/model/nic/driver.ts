/**
 * What the qdisc layer sees of a device driver (ndo_start_xmit and the
 * netif_tx_stop_queue / netif_tx_wake_queue pair).
 */
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';

export interface TxDriver {
  /** netif_xmit_frozen_or_stopped(): the qdisc must not hand over more skbs. */
  queueStopped(): boolean;
  /** ndo_start_xmit: the driver takes ownership of the skb. */
  xmit(skb: Skb, nowNs: Ns): void;
  /** The driver calls fn when it wakes a stopped queue (TX completion). */
  setWake(fn: (nowNs: Ns) => void): void;
  /**
   * Of a router's NIC that takes pieces of trains (../skb-train.ts): the
   * bytes (BQL's view) and packets it takes before it stops its queue, as
   * one packet after another would find.
   */
  roomBytes?(): number;
  roomPkts?(): number;
}

/** Where a device hands a frame that reached the far end of its link. */
export type DeliverFn = (skb: Skb, nowNs: Ns) => void;
