/**
 * Per-skb hops, as a probe: a sampled skb carries an SkbTrace (skb.trace),
 * and each layer it passes records a hop there — the moment the skb moves
 * from one stage of the transmit path to the next (tcp_write_xmit, qdisc
 * enqueue and dequeue, the driver, its hardware or firmware queue, the wire
 * or the air, TX status, the free that runs tcp_wfree, the TSQ refill that
 * free causes). An skb without a trace costs each layer one null test.
 * The sink that stores the hops is in ../metrics/skb-tracer.ts.
 */
import type { Ns } from '../engine/time';

/** Hop kinds, in the order a TCP skb meets them (stable codes: frames and trace files carry them). */
export const Hop = {
  /** tcp_write_xmit → tcp_transmit_skb: the skb is built and charged to sk_wmem_alloc. */
  XMIT: 0,
  /** dev_queue_xmit: into the qdisc. */
  QDISC_ENQ: 1,
  /** qdisc_restart: out of the qdisc, on its way to the driver. */
  QDISC_DEQ: 2,
  /** validate_xmit_skb: software GSO splits it into segments (each traced on as a segment). */
  GSO: 3,
  /** ndo_start_xmit: the driver (NIC ring, netfront, mac80211 TXQ, brcmfmac fws queue and bus) takes it. */
  DRIVER: 4,
  /** Into the driver's hardware or firmware queue (ath9k TID and hardware queue, the brcmfmac dongle). */
  HW_QUEUE: 5,
  /** Its transmission starts: serialisation on the wire, or the TXOP that carries it on the air. */
  WIRE: 6,
  /** The transmission is over (the air's block ack); the driver still holds it until TX status. */
  WIRE_END: 7,
  /** TX status on its way back to the host (brcmfmac fwsignal: the hanger waits for it). */
  TX_STATUS: 8,
  /** TX completion: the driver frees it (dev_kfree_skb / ieee80211_tx_status). */
  TX_DONE: 9,
  /** tcp_wfree: sk_wmem_alloc drops by its truesize. */
  WFREE: 10,
  /** The TSQ handler (tasklet or BH work) that this free scheduled runs tcp_write_xmit again. */
  TSQ_REFILL: 11,
  /** Dropped on the way (qdisc, mac80211, a driver giving up). */
  DROP: 12,
  /** The TCP receiver gets it. */
  RX: 13,
  /** The firmware is done with it and signals nothing (brcmfmac without flow control: the host freed it at the bus write). */
  FW_RELEASE: 14,
} as const;
export type Hop = (typeof Hop)[keyof typeof Hop];

/** What a reader calls each hop kind (index = code). */
export const HOP_NAMES: readonly string[] = [
  'tcp_write_xmit',
  'qdisc enqueue',
  'qdisc dequeue',
  'GSO segment',
  'driver',
  'hardware / firmware queue',
  'on the wire / air',
  'sent, awaiting TX status',
  'TX status on its way back',
  'TX completion',
  'tcp_wfree',
  'TSQ refill',
  'dropped',
  'received',
  'released by the firmware',
];

/** Where hops are stored; one per model (../metrics/skb-tracer.ts). */
export interface SkbTraceSink {
  hop(t: SkbTrace, kind: Hop, site: object | null, nowNs: Ns): void;
  /** Traces for the segments an skb is split into (software GSO, a forwarding NIC). */
  segment(t: SkbTrace, index: number): SkbTrace;
}

/** The trace a sampled skb (or one of its segments) carries. */
export class SkbTrace {
  constructor(
    readonly sink: SkbTraceSink,
    /** The traced skb's number in this run. */
    readonly id: number,
    /** Segment index, or -1 for the skb as TCP built it. */
    readonly seg: number,
  ) {}

  hop(kind: Hop, site: object | null, nowNs: Ns): void {
    this.sink.hop(this, kind, site, nowNs);
  }

  /** The trace segment `index` of this skb carries. */
  segment(index: number): SkbTrace {
    return this.sink.segment(this, index);
  }
}
