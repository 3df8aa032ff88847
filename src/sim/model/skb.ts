/**
 * The socket buffer as the model sees it (include/linux/skbuff.h).
 * One Skb is one kernel skb: a GSO/TSO skb carries `segs` segments of at most
 * `gsoSizeBytes` payload each. `truesizeBytes` is what sk_wmem_alloc counts.
 */
import { preferDoubleFields, preferTaggedFields } from '../engine/double-fields';
import type { Ns } from '../engine/time';
import type { SkbTrace } from './skb-trace';
import { tcpSkbTruesizeOf, type TcpSkbHead } from './skb-truesize';

/** sk->sk_pacing_status (include/net/sock.h). */
export const PacingStatus = { NONE: 0, NEEDED: 1, FQ: 2 } as const;
export type PacingStatus = (typeof PacingStatus)[keyof typeof PacingStatus];

export const SkbKind = { DATA: 0, ACK: 1, PING_REQ: 2, PING_REPLY: 3, UDP: 4 } as const;
export type SkbKind = (typeof SkbKind)[keyof typeof SkbKind];

/** Ethernet 14 + IPv4 20 + TCP 20 + timestamps option 12. */
export const TCP_HDR_BYTES = 66;
/** Ethernet on-wire extra per frame: preamble+SFD 8, FCS 4, inter-frame gap 12. */
export const ETH_WIRE_OVERHEAD_BYTES = 24;
/** Payload per segment with a 1500-byte MTU and TCP timestamps. */
export const DEFAULT_MSS_BYTES = 1448;
/** IP payload bytes of a ping request/reply (64 + 8 ICMP + 20 IP, plus 14 Ethernet). */
export const PING_BYTES = 98;

/**
 * The socket that owns an skb (the destructor tcp_wfree / sock_wfree target).
 * Forwarded packets have no owner, so TSQ never sees them.
 */
export interface SkbOwner {
  readonly flowId: number;
  /** sk->sk_pacing_rate in bytes per second (Infinity until first set). */
  pacingRateBytesPerSec: number;
  sk_pacing_status: PacingStatus;
  /** sk->sk_pacing_shift; devices may change it (sk_pacing_shift_update). */
  sk_pacing_shift: number;
  /** Updates sk_pacing_shift as the kernel helper does, unless the user pinned it. */
  pacingShiftUpdate(shift: number): void;
  /** Called when the skb is freed (tcp_wfree). */
  onSkbFree(skb: Skb, nowNs: Ns): void;
  /** sk_wmem_alloc adjustment when software GSO replaces one skb by its segments. */
  chargeWmem(deltaBytes: number): void;
  /** What the owner's kernel charges a page-frag skb head (skb_segment's segments get the same). */
  readonly skbHeadTruesizeBytes?: number;
}

let nextSkbId = 1;

/** The SACK list of every skb that carries none: shared, so an skb costs no array (frozen, so it stays empty). */
const NO_SACK: readonly number[] = Object.freeze([]);

export class Skb {
  id = nextSkbId++;
  kind: SkbKind = SkbKind.DATA;
  /** Flow identity used for hashing in fq / fq_codel / mac80211 FQ. */
  flowId = 0;
  owner: SkbOwner | null = null;
  /** Destination node/station index (routing and per-station queues). */
  dst = 0;
  /** Source node/station index. */
  src = 0;
  /** skb->priority (0..15), mapped to pfifo_fast bands and WMM ACs. */
  priority = 0;

  /** TCP sequence number of the first payload byte (bytes, not wrapped). */
  seq = 0;
  /** Payload bytes in the whole skb (all segments). */
  lenBytes = 0;
  /** Number of segments (gso_segs); 1 for a non-GSO skb. */
  segs = 1;
  /** Payload per segment (gso_size / MSS). */
  gsoSizeBytes = DEFAULT_MSS_BYTES;
  /** Header bytes per segment at L2 (Ethernet+IP+TCP). */
  hdrBytes = TCP_HDR_BYTES;
  truesizeBytes = 0;

  /** Earliest departure time (skb->tstamp, EDT); 0 means unset. */
  tstampNs: Ns = 0;
  /** When TCP handed it to the IP layer (for RTT samples and latency). */
  xmitNs: Ns = 0;
  /** Set by each queue on enqueue (CoDel sojourn times). */
  enqueueNs: Ns = 0;
  /** Ping identity / creation time (ping RTT = reply arrival − createdNs). */
  createdNs: Ns = 0;
  /**
   * When its last bit reaches the far end, for a segment handed over ahead of
   * that (a router's burst, ./nic/wired-nic.ts burstArrivals); 0: on arrival.
   */
  arriveNs: Ns = 0;
  isRetransmit = false;
  /** TCP flags of a connection set-up segment (SYN, SYN-ACK, the third ACK: ./tcp/handshake.ts); 0 otherwise. */
  tcpFlags = 0;
  /**
   * ECN-capable transport (ECT in the IP header). The modelled TCP senders
   * never negotiate ECN (net.ipv4.tcp_ecn = 2: an active opener does not
   * request it), so their data is not ECT and an AQM drops it.
   */
  ect = false;
  ecnCE = false;

  /** ACK fields: cumulative ack (next expected byte) and up to 3 SACK blocks [start,end). */
  ackSeq = 0;
  sack: readonly number[] = NO_SACK;
  /**
   * ACK: the timestamp it echoes (TSecr = ts_recent, RFC 7323): the send time
   * (xmitNs) of the data that last reached the receiver in order, or as a
   * duplicate; 0 if none. Lets the sender tell an ACK of an original from one
   * of its retransmission (tcp_packet_delayed). Data: the creation time of
   * the newest ACK the sender had processed (its ts_recent), from which the
   * receiver measures its RTT (tcp_rcv_rtt_measure_ts).
   */
  tsEcrNs: Ns = 0;
  /** Receiver-side: number of data segments this ACK acknowledges (for GRO/delack stats). */
  ackedSegs = 0;
  /**
   * ACK: the receive window it advertises, in bytes as the sender reads it
   * (the 16-bit field shifted by the window scale, tcp_select_window).
   * Data: unused; a data skb's tsEcrNs is the timestamp it echoes back.
   */
  windowBytes = 0;

  /** 802.11: software retries so far, and per-MPDU sequence number. */
  retries = 0;
  seqno80211 = 0;
  /** mac80211 AQL: airtime estimate (µs) charged at dequeue, released at TX status (ieee80211_tx_info.tx_time_est). */
  txTimeEstUs = 0;
  /**
   * minstrel_ht made this frame a rate-control probe (IEEE80211_TX_CTL_RATE_CTRL_PROBE,
   * a flag of its tx info): the sample rate's index until the driver sends it; -1 otherwise.
   */
  rcProbeIndex = -1;
  /** The per-skb probe's trace, when this skb is one it samples (./skb-trace.ts); null otherwise. */
  trace: SkbTrace | null = null;
  /** 802.11 on reception: the next packet of the A-MSDU this one heads (the receiver splits it after reordering). */
  amsduNext: Skb | null = null;
  /** A pooled skb's holders still to let go of it (./skb-pool.ts); 0 for an skb not from a pool. */
  holds = 0;

  /**
   * Back to a new skb's state, under a new id, as `new Skb()` would give it
   * (a pooled skb taken again, ./skb-pool.ts). Every field above is set here.
   */
  reset(): void {
    this.id = nextSkbId++;
    this.kind = SkbKind.DATA;
    this.flowId = 0;
    this.owner = null;
    this.dst = 0;
    this.src = 0;
    this.priority = 0;
    this.seq = 0;
    this.lenBytes = 0;
    this.segs = 1;
    this.gsoSizeBytes = DEFAULT_MSS_BYTES;
    this.hdrBytes = TCP_HDR_BYTES;
    this.truesizeBytes = 0;
    this.tstampNs = 0;
    this.xmitNs = 0;
    this.enqueueNs = 0;
    this.createdNs = 0;
    this.arriveNs = 0;
    this.isRetransmit = false;
    this.tcpFlags = 0;
    this.ect = false;
    this.ecnCE = false;
    this.ackSeq = 0;
    this.sack = NO_SACK;
    this.tsEcrNs = 0;
    this.ackedSegs = 0;
    this.windowBytes = 0;
    this.retries = 0;
    this.seqno80211 = 0;
    this.txTimeEstUs = 0;
    this.rcProbeIndex = -1;
    this.trace = null;
    this.amsduNext = null;
    this.holds = 0;
  }

  /** L2 bytes of all segments (what a wired link serialises, without preamble/IFG). */
  get l2Bytes(): number {
    return this.lenBytes + this.segs * this.hdrBytes;
  }

  /** L2 bytes of one segment of this skb. */
  segL2Bytes(i: number): number {
    const last = this.lenBytes - (this.segs - 1) * this.gsoSizeBytes;
    return (i < this.segs - 1 ? this.gsoSizeBytes : last) + this.hdrBytes;
  }
}

// Timestamps and sequence numbers outgrow small integers early in a run. Double
// fields: each costs a box when the skb is made, written in place after that,
// where a tagged field allocates a new box at every store of a large number.
// A pooled skb (a router's segment, ./skb-pool.ts) is made once and stores
// these on every trip: at 10 Gbit/s, tagged, those boxes were most of what a
// run allocated and the young collections took 17 % of its CPU; a one-trip skb
// costs about the same either way (see double-fields.ts).
preferDoubleFields(new Skb(), [
  'tstampNs',
  'xmitNs',
  'enqueueNs',
  'createdNs',
  'arriveNs',
  'seq',
  'ackSeq',
  'tsEcrNs',
]);
// The lengths are small integers, but some arithmetic hands them over as heap
// numbers; a Smi field would turn double at that first store, in mid-run, and
// take every optimised function that touches an skb with it.
preferTaggedFields(new Skb(), [
  'lenBytes',
  'truesizeBytes',
  // Each ACK's SACK blocks are an array of its own kind: one field type for all from the start.
  'sack',
]);
nextSkbId = 1;

/**
 * skb->truesize for a TCP transmit skb of `payloadBytes`, in the era's
 * allocator (`head`; ./skb-truesize.ts has the struct sizes and generations).
 */
export function tcpSkbTruesize(
  payloadBytes: number,
  sg: boolean,
  head: TcpSkbHead = 'small-head-cache',
): number {
  return tcpSkbTruesizeOf(payloadBytes, sg, head);
}

/**
 * Truesize of a linear segment built by skb_segment without scatter-gather:
 * NET_SKB_PAD 64 + headers + payload + skb_shared_info 320, in a kmalloc
 * size class, plus struct sk_buff.
 */
export function linearSegmentTruesize(payloadBytes: number, hdrBytes: number): number {
  const head = 64 + hdrBytes + payloadBytes + 320;
  let pow = 512;
  while (pow < head) pow *= 2;
  return pow + 256;
}

/** Truesize of a small control skb (ACK, ping): SKB_TRUESIZE of a 512-byte kmalloc. */
export const SMALL_SKB_TRUESIZE = 768;

/**
 * `next` is the segment after `prev` of one GSO skb that a forwarding node
 * received as separate packets: one flow, contiguous, stamped by the same
 * transmit. What a router's coarse path may move as one burst (../scenario/wired-router.ts).
 */
export function continuesSegment(prev: Skb, next: Skb): boolean {
  return (
    prev.kind === SkbKind.DATA && continuesFrom(next, prev.flowId, prev.seq + prev.lenBytes, prev.xmitNs)
  );
}

/** continuesSegment with the previous segment given by value: its flow, where it ended, its transmit. */
export function continuesFrom(next: Skb, flowId: number, endSeq: number, xmitNs: Ns): boolean {
  return (
    next.kind === SkbKind.DATA && next.flowId === flowId && next.xmitNs === xmitNs && next.seq === endSeq
  );
}
