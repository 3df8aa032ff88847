/**
 * An unresponsive UDP sender and its receiver, as iperf3 -u makes them
 * (iperf 3.12, src/iperf_udp.c and src/iperf_api.c):
 * - the sender writes datagrams of `packetBytes` (iperf3 -l; DEFAULT_UDP_BLKSIZE
 *   1460) under the same -b throttle as TCP (../traffic/iperf3-throttle.ts: the
 *   stream's average since its start below the target, re-checked after each
 *   datagram and on the --pacing-timer tick, default 1 ms), so it writes in
 *   bursts of about rate × tick;
 * - each datagram is one skb charged to its socket's sk_wmem_alloc by
 *   skb_set_owner_w and freed by sock_wfree (./udp-socket.ts). iperf3
 *   sends only to a socket that select() reports writable
 *   (iperf_client_api.c passes its write_set to
 *   iperf_send, which sends on a stream only if FD_ISSET, one datagram per
 *   round with -b: multisend = 1). For UDP that is datagram_poll →
 *   sock_writeable: sk_wmem_alloc < sk_sndbuf >> 1, so the sender stops one
 *   datagram past half the buffer (never reaching sock_alloc_send_pskb's own
 *   wait at sk_sndbuf), and sock_wfree's sock_def_write_space wakes the
 *   select when sk_wmem_alloc << 1 ≤ sk_sndbuf. sk_sndbuf of a UDP socket is
 *   net.core.wmem_default, SK_WMEM_MAX = 212992: 47 datagrams of 2304 bytes
 *   of truesize, as `ss -uam` shows (t108288) behind a full qdisc.
 * - the receiver counts datagrams by their sequence number and keeps iperf3's
 *   jitter (iperf_udp_recv, RFC 1889): transit = arrival − send time,
 *   jitter += (|transit − previous transit| − jitter) / 16. Lost: the highest
 *   sequence seen + 1 − received.
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { NS_PER_MS, type Ns } from '../../engine/time';
import type { Skb } from '../skb';
import { Iperf3Throttle } from '../traffic/iperf3-throttle';
import { UdpSocket } from './udp-socket';

/** Flow ids of UDP flows start here (TCP flows below 256, pings at 1000 + station). */
export const UDP_FLOW_ID_BASE = 2000;

export interface UdpFlowConfig {
  index: number;
  /** Destination node. */
  dst: number;
  rateBps: number;
  packetBytes: number;
  pacingTimerUs: number;
  startNs: Ns;
  stopNs: Ns | null;
}

const K_START = 1;
const K_TICK = 2;
const K_STOP = 3;
const K_WAKE = 4;

export class UdpSender extends UdpSocket implements EventTarget {
  seq = 0;
  sentBytes = 0;
  /** The sender waits in select() for the socket to be writable. */
  blocked = false;
  blockedTimes = 0;
  private throttle: Iperf3Throttle | null = null;
  private stopped = false;

  constructor(
    private readonly sim: Sim,
    readonly cfg: UdpFlowConfig,
    private readonly xmit: (skb: Skb, nowNs: Ns) => void,
  ) {
    super(UDP_FLOW_ID_BASE + cfg.index);
    sim.at(cfg.startNs, this, K_START);
    if (cfg.stopNs !== null) sim.at(cfg.stopNs, this, K_STOP);
  }

  /** sock_wfree: select() reports the socket writable again. */
  onSkbFree(skb: Skb, _nowNs: Ns): void {
    this.wmemBytes -= skb.truesizeBytes;
    // sock_def_write_space wakes the writer's select(), which runs after this softirq.
    if (this.blocked && this.writeable()) {
      this.blocked = false;
      this.sim.after(0, this, K_WAKE);
    }
  }

  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind === K_START) {
      this.throttle = new Iperf3Throttle(this.cfg.rateBps, nowNs);
      this.sim.after(this.cfg.pacingTimerUs * 1000, this, K_TICK);
      this.send(nowNs);
    } else if (kind === K_TICK) {
      if (this.stopped) return;
      this.sim.after(this.cfg.pacingTimerUs * 1000, this, K_TICK);
      if (this.throttle!.check(nowNs)) this.send(nowNs);
    } else if (kind === K_WAKE) this.send(nowNs);
    else this.stopped = true;
  }

  /** iperf_send: datagrams while the light is green and the socket takes them. */
  private send(nowNs: Ns): void {
    const th = this.throttle;
    if (th === null) return;
    while (!this.stopped && !this.blocked && th.greenLight) {
      if (!this.writeable()) {
        this.blocked = true;
        this.blockedTimes++;
        return;
      }
      const skb = this.allocDatagram(this.cfg.dst, this.cfg.packetBytes, this.seq++, nowNs);
      this.sentBytes += this.cfg.packetBytes;
      th.wrote(this.cfg.packetBytes, nowNs);
      this.xmit(skb, nowNs);
    }
  }
}

export class UdpReceiver {
  received = 0;
  receivedBytes = 0;
  /** The first and highest sequence numbers counted. */
  private firstSeq = -1;
  maxSeq = -1;
  /** iperf3's jitter, ns. */
  jitterNs = 0;
  private prevTransitNs = NaN;

  /** Counts datagrams sent from `measureFromNs` on (the end of the warm-up). */
  constructor(private readonly measureFromNs: Ns = 0) {}

  receive(skb: Skb, nowNs: Ns): void {
    if (skb.createdNs < this.measureFromNs) return;
    if (this.firstSeq < 0) this.firstSeq = skb.seq;
    this.received++;
    this.receivedBytes += skb.lenBytes;
    if (skb.seq > this.maxSeq) this.maxSeq = skb.seq;
    const transit = nowNs - skb.createdNs;
    if (!Number.isNaN(this.prevTransitNs)) {
      const d = Math.abs(transit - this.prevTransitNs);
      this.jitterNs += (d - this.jitterNs) / 16;
    }
    this.prevTransitNs = transit;
  }

  /** Datagrams missing between the first and the highest sequence counted (iperf3's lost). */
  get lost(): number {
    return this.firstSeq < 0 ? 0 : Math.max(0, this.maxSeq - this.firstSeq + 1 - this.received);
  }

  get jitterMs(): number {
    return this.jitterNs / NS_PER_MS;
  }
}
