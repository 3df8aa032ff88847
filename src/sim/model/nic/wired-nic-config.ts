/** How a wired NIC (./wired-nic.ts) is set up: its link, ring, completion model and what it hands the far end. */
import type { Ns } from '../../engine/time';
import type { Cpu } from '../cpu/cpu';
import type { CompletionModel } from './tx-reclaim';

export type WireDelivery = 'train' | 'segments' | 'segments-together' | 'trains' | 'gso';

export interface WiredNicConfig {
  rateBps: number;
  propagationNs: Ns;
  /** TX ring size in skbs (one descriptor per skb; a TSO skb's several are not modelled). */
  ringSlots: number;
  bql: boolean;
  completion: CompletionModel;
  /**
   * Deliver a TSO skb as one train (GRO-friendly), or as one packet per segment
   * (forwarding): each when its own last bit arrives ('segments', an event per
   * segment) or all of them when the first one's does ('segments-together', one
   * event per skb; in the far end's queue, where they become visible, each is its
   * own packet again), or as the same event's one train of them ('trains', to
   * a router whose qdisc takes trains: ../skb-train.ts), or forwarded whole
   * ('gso': a router whose receive path merges the TSO burst into one GSO skb
   * again, GRO, when its last bit is in).
   */
  deliverAs: WireDelivery;
  /** CPU that runs the completion (napi TX clean); null: not modelled. */
  cpu: Cpu | null;
  perCompletionNs: number;
  /**
   * The coarse path of a forwarding NIC (the scenario's granularity 'skb'; 0:
   * off): consecutive segments of one GSO skb queued in its ring go on the
   * wire as one event while their wire bytes stay under this many, and are
   * cleaned together at the last one's end. Each still reaches the far end at
   * its own last bit ('train' delivery).
   */
  burstBytes?: number;
  /**
   * The far end takes a burst's segments together when the first arrives,
   * each stamped with its own arrival (Skb.arriveNs): a GRO receiver reached
   * without a queue or delay of its own between, which holds each until then.
   */
  burstArrivals?: boolean;
  /**
   * A router's NIC, whose skbs may be pieces of trains (../skb-train.ts): a
   * descriptor, a packet sent and a completion per segment, as on the
   * per-segment path.
   */
  perSegment?: boolean;
}
