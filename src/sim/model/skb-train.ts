/**
 * What a router makes of the packets it receives of a sender's GSO skb: its
 * segments, each a packet of its own (a router without GRO); the skb
 * whole (one whose GRO merged them again); or a train.
 *
 * A train is the segments of one GSO skb held as one skb (a router's coarse
 * path, ../scenario/wired-router.ts). A qdisc that takes trains
 * (./qdisc/fq-codel.ts) counts, limits and judges them packet by packet, but
 * keeps the run of them as one entry and hands the NIC as many at once as
 * one of its bursts carries. Segments are split off the front as they
 * leave: a piece is the same kind of skb, of the segments that left
 * together. Every segment but a GSO skb's last is gsoSizeBytes of payload,
 * so a train's or a piece's per-segment sizes follow from its length
 * (Skb.segL2Bytes). Trains and pieces come from the pool (./skb-pool.ts)
 * and are held as a forwarded segment is.
 */
import { continuesSegment, Skb } from './skb';
import { SEGMENT_HOLDERS, SPARE_SKBS } from './skb-pool';

/** The truesize of a router's copy of a segment of `payloadBytes` (wired-nic's segmentOf). */
export const segmentTruesize = (payloadBytes: number): number => payloadBytes + 896;

/** What a router's copy of a packet of `skb` carries (wired-nic's segmentOf), less its length. */
function copyHeader(to: Skb, from: Skb): void {
  to.kind = from.kind;
  to.flowId = from.flowId;
  to.dst = from.dst;
  to.src = from.src;
  to.priority = from.priority;
  to.gsoSizeBytes = from.gsoSizeBytes;
  to.hdrBytes = from.hdrBytes;
  to.xmitNs = from.xmitNs;
  to.tsEcrNs = from.tsEcrNs;
  to.windowBytes = from.windowBytes;
  to.createdNs = from.createdNs;
  to.ackSeq = from.ackSeq;
  to.sack = from.sack;
  to.tcpFlags = from.tcpFlags;
}

/** Segment `i` of `skb` as a packet of the router's own (into `s`, a new skb by default). */
export function segmentOf(skb: Skb, i: number, s = new Skb()): Skb {
  copyHeader(s, skb);
  s.seq = skb.seq + i * skb.gsoSizeBytes;
  s.lenBytes = skb.segL2Bytes(i) - skb.hdrBytes;
  s.truesizeBytes = segmentTruesize(s.lenBytes);
  if (skb.trace !== null) s.trace = skb.trace.segment(i);
  return s;
}

/** The forwarded GSO skb: the sender's stays with its socket until freed, the router gets its own. */
export function wholeCopy(skb: Skb): Skb {
  const s = segmentOf(skb, 0);
  s.lenBytes = skb.lenBytes;
  s.segs = skb.segs;
  s.truesizeBytes = skb.lenBytes + segmentTruesize(0);
  return s;
}

/** The router's train of a sender's GSO skb: every segment, as the per-segment path would make them. */
export function trainOf(skb: Skb): Skb {
  const t = SPARE_SKBS.take();
  copyHeader(t, skb);
  t.seq = skb.seq;
  t.lenBytes = skb.lenBytes;
  t.segs = skb.segs;
  t.truesizeBytes = skb.lenBytes + segmentTruesize(0) * skb.segs;
  t.holds = SEGMENT_HOLDERS;
  return t;
}

/** Payload bytes of a train's first segment. */
export function headSegmentBytes(train: Skb): number {
  return train.segs > 1 ? train.gsoSizeBytes : train.lenBytes;
}

/** Takes the train's first segment off it, as a packet of its own (the train keeps at least one). */
export function splitHead(train: Skb): Skb {
  const s = segmentOf(train, 0, SPARE_SKBS.take());
  s.enqueueNs = train.enqueueNs;
  s.holds = SEGMENT_HOLDERS;
  dropHead(train, s.lenBytes);
  return s;
}

/** Moves the train's first segment to the end of `piece`, which ends where the train begins. */
export function moveHead(piece: Skb, train: Skb): void {
  const payload = headSegmentBytes(train);
  piece.lenBytes += payload;
  piece.segs++;
  piece.truesizeBytes += segmentTruesize(payload);
  dropHead(train, payload);
}

function dropHead(train: Skb, payload: number): void {
  train.seq += payload;
  train.lenBytes -= payload;
  train.segs--;
  train.truesizeBytes -= segmentTruesize(payload);
}

/** A train whose last segment has moved to a piece: nothing holds it any more. */
export function retire(train: Skb): void {
  train.holds = 1;
  SPARE_SKBS.release(train);
}

/**
 * A router's piece of several segments, as it reaches a receiver: pooled (a
 * sender's own TSO skb is not), so its packets are separate on the wire.
 */
export function isPiece(skb: Skb): boolean {
  return skb.holds > 0 && skb.segs > 1;
}

/** Leaves `piece` its first `keep` segments; the rest, a piece of their own, is returned. */
export function splitTail(piece: Skb, keep: number): Skb {
  const keptBytes = keep * piece.gsoSizeBytes;
  const rest = SPARE_SKBS.take();
  copyHeader(rest, piece);
  rest.seq = piece.seq + keptBytes;
  rest.lenBytes = piece.lenBytes - keptBytes;
  rest.segs = piece.segs - keep;
  rest.truesizeBytes = piece.truesizeBytes - keptBytes - segmentTruesize(0) * keep;
  rest.enqueueNs = piece.enqueueNs;
  rest.holds = SEGMENT_HOLDERS;
  piece.lenBytes = keptBytes;
  piece.segs = keep;
  piece.truesizeBytes = keptBytes + segmentTruesize(0) * keep;
  return rest;
}

/** Data of a train, a piece or one of its segments: pooled, plain data (no set-up flags), not traced. */
export function isTrainPart(skb: Skb): boolean {
  return skb.holds === SEGMENT_HOLDERS && skb.tcpFlags === 0 && skb.lenBytes > 0 && skb.trace === null;
}

/** `next`, which continues `piece`, becomes part of it; nothing holds it any more. */
export function mergeInto(piece: Skb, next: Skb): void {
  piece.lenBytes += next.lenBytes;
  piece.segs += next.segs;
  piece.truesizeBytes += next.truesizeBytes;
  retire(next);
}

/**
 * `next` may join `piece`: it continues it (one flow, contiguous, one
 * transmit), and every segment of the piece so far is full, so that the
 * sizes of the joined piece's segments still follow from its length.
 */
export function extendsPiece(piece: Skb, next: Skb): boolean {
  return (
    continuesSegment(piece, next) &&
    next.gsoSizeBytes === piece.gsoSizeBytes &&
    piece.lenBytes === piece.segs * piece.gsoSizeBytes
  );
}
