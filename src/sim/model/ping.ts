/**
 * ICMP echo as the ping flows send it (iputils ping: 84-byte IP packets, 98 on Ethernet):
 * a request per station per interval, answered by the station's stack.
 * The request carries its station index in ackSeq and its send time in
 * createdNs, which the reply copies back.
 */
import type { Ns } from '../engine/time';
import { PING_BYTES, Skb, SkbKind, SMALL_SKB_TRUESIZE } from './skb';

/** Ethernet and IP headers; the rest of PING_BYTES is ICMP header and payload. */
const IP_ICMP_HDR_BYTES = 34;

export function pingRequest(seq: number, sta: number, dst: number, nowNs: Ns): Skb {
  const p = new Skb();
  p.kind = SkbKind.PING_REQ;
  p.flowId = 1000 + sta;
  p.src = 0;
  p.dst = dst;
  p.seq = seq;
  p.segs = 1;
  p.lenBytes = PING_BYTES - IP_ICMP_HDR_BYTES;
  p.hdrBytes = IP_ICMP_HDR_BYTES;
  p.truesizeBytes = SMALL_SKB_TRUESIZE;
  p.createdNs = nowNs;
  p.ackSeq = sta;
  return p;
}

/** The echo reply to `req`, from its destination back to its source. */
export function pingReplyTo(req: Skb): Skb {
  const r = new Skb();
  r.kind = SkbKind.PING_REPLY;
  r.flowId = req.flowId;
  r.src = req.dst;
  r.dst = req.src;
  r.segs = 1;
  r.lenBytes = req.lenBytes;
  r.hdrBytes = req.hdrBytes;
  r.truesizeBytes = SMALL_SKB_TRUESIZE;
  r.createdNs = req.createdNs;
  r.ackSeq = req.ackSeq;
  return r;
}
