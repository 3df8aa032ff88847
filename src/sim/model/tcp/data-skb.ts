/** A TCP data skb as __tcp_transmit_skb hands it to the IP layer (net/ipv4/tcp_output.c). */
import type { Ns } from '../../engine/time';
import { Skb, SkbKind, type SkbOwner } from '../skb';

export interface DataSkbFlow {
  readonly flowId: number;
  readonly cfg: { readonly src: number; readonly dst: number; readonly priority: number };
  readonly mss: number;
  /** ts_recent: the newest ACK's timestamp, which the data echoes (TSecr). */
  readonly tsRecentNs: Ns;
}

export function tcpDataSkb(
  sk: DataSkbFlow & SkbOwner,
  seq: number,
  len: number,
  segs: number,
  truesize: number,
  retrans: boolean,
  nowNs: Ns,
): Skb {
  const skb = new Skb();
  skb.kind = SkbKind.DATA;
  skb.flowId = sk.flowId;
  skb.owner = sk;
  skb.src = sk.cfg.src;
  skb.dst = sk.cfg.dst;
  skb.priority = sk.cfg.priority;
  skb.seq = seq;
  // As small integers (all three are whole numbers far below 2^31): arithmetic on
  // the socket's double fields can hand them over as heap numbers, and code
  // optimised for the one deoptimises at the first skb that holds the other.
  skb.lenBytes = len | 0;
  skb.segs = segs | 0;
  skb.gsoSizeBytes = sk.mss;
  skb.truesizeBytes = truesize | 0;
  skb.isRetransmit = retrans;
  skb.xmitNs = nowNs;
  skb.tsEcrNs = sk.tsRecentNs;
  return skb;
}
