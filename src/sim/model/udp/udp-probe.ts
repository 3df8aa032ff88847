/**
 * Flent's UDP latency probe as Flent 2.1.1 runs it in rrul and its kin: the
 * 'udp_rtt' runner (flent/runners.py, UdpRttRunner) starts IrttRunner when
 * irtt is installed and falls back to netperf UDP_RR only when it is not.
 * IrttRunner runs `irtt client -o - --fill=rand -Q -d <length>s -i <step>`
 * with no -l, so the probe is irtt's (irtt 0.9, client.go / server.go /
 * packet.go):
 * - isochronous: request n leaves at start + n × interval whatever the
 *   replies do (irtt's comp timer; the simulated clock has no timer error);
 *   the interval is Flent's STEP_SIZE (0.2 s) unless --irtt-sampling-interval;
 * - length 0 grows to irtt's header: magic 3 + flags 1 + conn token 8 +
 *   seqno 4, received stats "both" 4 + 8, server timestamps "both" at
 *   "both" 4 × 8 = 60 bytes of UDP payload, in the request as in the reply
 *   (irtt pads the request to the reply's length; `irtt client -o -` on this
 *   machine reports params.length = 60);
 * - the server stamps the request's receive time and the reply's send time;
 *   the client's RTT is its receive − its send less the server's time
 *   between them, send delay = server receive − client send, receive delay =
 *   client receive − server send (the simulated clocks are one clock);
 * - IPDV (irtt's round-trip "jitter", Flent's IPDV_MEAN): for request n
 *   answered and n − 1 answered, RTT(n) − RTT(n − 1) (irtt's IPDVSince), its
 *   statistics over the absolute values; replies of one flow keep their order
 *   on every path here, so n − 1's is known when n's arrives;
 * - a request still unanswered when the summary is taken counts as lost once
 *   it is older than irtt's end-of-test wait (--wait 3x4s: 3 × the largest
 *   RTT seen, or 4 s before any reply).
 * Each request is one skb on its own 5-tuple (so fq_codel hashes it to a
 * queue of its own) charged to its socket's sk_wmem_alloc until sock_wfree,
 * as a UDP datagram is (./udp-socket.ts); irtt's socket blocks in
 * sock_alloc_send_pskb when sk_wmem_alloc reaches sk_sndbuf, and a request
 * that waited leaves when a free makes room.
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { NS_PER_MS, type Ns } from '../../engine/time';
import { Skb, SkbKind } from '../skb';
import { UdpSocket } from './udp-socket';

/** irtt's packet with Flent's options: header 16 + received stats 12 + server timestamps 32 bytes. */
export const IRTT_DEFAULT_PACKET_BYTES = 60;
/** Flent's STEP_SIZE (settings.py, default 0.2 s): IrttRunner's -i unless --irtt-sampling-interval. */
export const FLENT_IRTT_INTERVAL_MS = 200;
/** Flow ids of UDP probes start here (TCP below 256, pings at 1000 +, UDP flows at 2000 +). */
export const UDP_PROBE_FLOW_ID_BASE = 3000;
/** irtt's --wait default 3x4s: 3 × the largest RTT, or 4 s with no reply. */
const WAIT_RTT_FACTOR = 3;
const WAIT_NO_REPLY_NS = 4000 * NS_PER_MS;

export interface UdpProbeConfig {
  index: number;
  /** Far host node. */
  dst: number;
  intervalNs: Ns;
  packetBytes: number;
  startNs: Ns;
  stopNs: Ns | null;
}

/** One answered request: when it left and what the reply carried, ns. */
export interface ProbeSample {
  seq: number;
  sentNs: Ns;
  rttNs: Ns;
  sendDelayNs: Ns;
  receiveDelayNs: Ns;
  /** RTT(seq) − RTT(seq − 1) when both were answered, else null. */
  ipdvNs: Ns | null;
}

const K_SEND = 1;

/** The irtt client: the requests, and the replies matched to them by sequence number. */
export class UdpProbeClient extends UdpSocket implements EventTarget {
  /** Send time of request `seq` (its index). */
  readonly sentNs: Ns[] = [];
  /** Request `seq`'s RTT, NaN while unanswered. */
  private readonly rttBySeqNs: number[] = [];
  /** Requests due while the socket was full, in order. */
  private waiting = 0;
  maxRttNs = 0;

  constructor(
    private readonly sim: Sim,
    readonly cfg: UdpProbeConfig,
    private readonly xmit: (skb: Skb, nowNs: Ns) => void,
    /** Each answered request, as the client computes it. */
    private readonly onSample: (s: ProbeSample) => void,
  ) {
    super(UDP_PROBE_FLOW_ID_BASE + cfg.index);
    sim.at(cfg.startNs, this, K_SEND);
  }

  /** sock_wfree: the requests that waited for room leave, in order, while there is room. */
  onSkbFree(skb: Skb, nowNs: Ns): void {
    this.wmemBytes -= skb.truesizeBytes;
    while (this.waiting > 0 && this.hasRoom()) {
      this.waiting--;
      this.send(nowNs);
    }
  }

  handleEvent(_kind: number, _arg: unknown, nowNs: Ns): void {
    const next = nowNs + this.cfg.intervalNs;
    if (this.cfg.stopNs === null || next < this.cfg.stopNs) this.sim.at(next, this, K_SEND);
    if (this.waiting > 0 || !this.hasRoom()) this.waiting++;
    else this.send(nowNs);
  }

  private send(nowNs: Ns): void {
    const p = this.allocDatagram(this.cfg.dst, this.cfg.packetBytes, this.sentNs.length, nowNs);
    this.sentNs.push(nowNs);
    this.rttBySeqNs.push(NaN);
    this.xmit(p, nowNs);
  }

  /** A reply at the client: its createdNs is the server's receive stamp, ackSeq its send stamp. */
  receiveReply(reply: Skb, nowNs: Ns): void {
    const seq = reply.seq;
    if (seq >= this.sentNs.length || !Number.isNaN(this.rttBySeqNs[seq])) return; // irtt drops duplicates
    const sent = this.sentNs[seq];
    const serverNs = reply.ackSeq - reply.createdNs;
    const rttNs = nowNs - sent - serverNs;
    this.rttBySeqNs[seq] = rttNs;
    const prevNs = seq > 0 ? this.rttBySeqNs[seq - 1] : NaN;
    if (rttNs > this.maxRttNs) this.maxRttNs = rttNs;
    this.onSample({
      seq,
      sentNs: sent,
      rttNs,
      sendDelayNs: reply.createdNs - sent,
      receiveDelayNs: nowNs - reply.ackSeq,
      ipdvNs: Number.isNaN(prevNs) ? null : rttNs - prevNs,
    });
  }

  /**
   * Requests sent from `fromNs` on that count as sent and as lost at `nowNs`:
   * those still unanswered within irtt's end-of-test wait are neither.
   */
  sentAndLost(fromNs: Ns, nowNs: Ns): { sent: number; lost: number } {
    const waitNs = this.maxRttNs > 0 ? WAIT_RTT_FACTOR * this.maxRttNs : WAIT_NO_REPLY_NS;
    let sent = 0;
    let lost = 0;
    for (let i = 0; i < this.sentNs.length; i++) {
      const t = this.sentNs[i];
      if (t < fromNs) continue;
      if (!Number.isNaN(this.rttBySeqNs[i])) sent++;
      else if (nowNs - t > waitNs) {
        sent++;
        lost++;
      }
    }
    return { sent, lost };
  }
}

/**
 * The irtt server's answer to a request (server.go, handle): the reply on
 * the same 5-tuple back to the client, as long as the request, with the
 * receive stamp in createdNs and the send stamp in ackSeq. The server
 * replies from the receiving socket at once (no processing time modelled).
 */
export function irttReplyTo(req: Skb, nowNs: Ns): Skb {
  const r = new Skb();
  r.kind = SkbKind.UDP;
  r.flowId = req.flowId;
  r.src = req.dst;
  r.dst = req.src;
  r.seq = req.seq;
  r.segs = 1;
  r.lenBytes = req.lenBytes;
  r.hdrBytes = req.hdrBytes;
  r.truesizeBytes = req.truesizeBytes;
  r.createdNs = nowNs;
  // Never 0: a request takes time to arrive, so the stamp tells a reply from a request.
  r.ackSeq = nowNs;
  return r;
}

export const isUdpProbe = (skb: Skb): boolean => skb.flowId >= UDP_PROBE_FLOW_ID_BASE;

/**
 * A reply carries the server's send stamp; irtt zeroes the stamp fields of a
 * request, which the server fills (the reply is on the same flow, so the
 * stamp tells the two apart where both reach the same host's stack).
 */
export const isProbeReply = (skb: Skb): boolean => isUdpProbe(skb) && skb.ackSeq !== 0;
