/**
 * skb_gso_segment for a TCP GSO skb (net/core/gso.c → tcp_gso_segment,
 * net/ipv4/tcp_offload.c): one skb per MSS. The segments keep the socket as
 * owner (copy_destructor: tcp_wfree), and sk_wmem_alloc moves from the GSO
 * skb's truesize to the sum of theirs. Used by the device layer (no TSO) and
 * by qdiscs that split GSO skbs (tbf_segment, cake's split-gso). A traced
 * skb's trace follows each segment.
 */
import { linearSegmentTruesize, Skb } from './skb';
import { skbHeadTruesize } from './skb-truesize';

/** The segments of `skb`; `sg`: the device has scatter-gather (frags), else skb_segment copies into linear skbs. */
export function gsoSegment(skb: Skb, sg: boolean): Skb[] {
  const segs: Skb[] = [];
  let total = 0;
  // Each segment's head is as large as the GSO skb's headroom and headers: the owner kernel's skb head.
  const head = skb.owner?.skbHeadTruesizeBytes ?? skbHeadTruesize('small-head-cache');
  for (let i = 0; i < skb.segs; i++) {
    const s = new Skb();
    s.kind = skb.kind;
    s.flowId = skb.flowId;
    s.owner = skb.owner;
    s.dst = skb.dst;
    s.src = skb.src;
    s.priority = skb.priority;
    s.seq = skb.seq + i * skb.gsoSizeBytes;
    s.lenBytes = skb.segL2Bytes(i) - skb.hdrBytes;
    s.segs = 1;
    s.gsoSizeBytes = skb.gsoSizeBytes;
    s.hdrBytes = skb.hdrBytes;
    s.truesizeBytes = sg ? head + s.lenBytes : linearSegmentTruesize(s.lenBytes, s.hdrBytes);
    s.tstampNs = skb.tstampNs;
    s.xmitNs = skb.xmitNs;
    s.tsEcrNs = skb.tsEcrNs;
    s.isRetransmit = skb.isRetransmit;
    s.ect = skb.ect;
    s.tcpFlags = skb.tcpFlags;
    // A sampled skb is followed onto its segments (the per-skb probe, ./skb-trace.ts).
    if (skb.trace !== null) s.trace = skb.trace.segment(i);
    total += s.truesizeBytes;
    segs.push(s);
  }
  skb.owner?.chargeWmem(total - skb.truesizeBytes);
  return segs;
}
