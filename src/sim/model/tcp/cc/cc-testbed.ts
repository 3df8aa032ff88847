/**
 * A one-flow path for the congestion-control tests, standing in for the real
 * sender: a FIFO bottleneck of fixed rate (infinite buffer, no loss) and a
 * fixed base RTT, one ACK per packet, and rate samples built as
 * net/ipv4/tcp_rate.c builds them (tcp_rate_skb_sent / _delivered / _gen,
 * including the "interval shorter than min_rtt is invalid" rule).
 * The sender is unpaced (Reno/CUBIC without fq) or paced at
 * sk.pacingRateBytesPerSec; is_cwnd_limited follows tcp_cwnd_validate() and
 * tcp_is_cwnd_limited(). Used only by *.test.ts files.
 */
import { NS_PER_SEC, type Ns } from '../../../engine/time';
import { newRateSample, type CcSock, type CongestionControl, type RateSample } from './cc';

export interface TestbedOpts {
  rateBytesPerSec: number;
  baseRttNs: Ns;
  mss?: number;
  initCwnd?: number;
  /** Space sends at sk.pacingRateBytesPerSec (BBR). */
  paced?: boolean;
  /** The application never has more than this many packets outstanding. */
  appLimitPkts?: number;
}

export class Testbed implements CcSock {
  snd_cwnd: number;
  snd_ssthresh = 0x7fffffff;
  readonly mss: number;
  srttNs: Ns = 0;
  minRttNs: Ns = Infinity;
  packetsOut = 0;
  pacingRateBytesPerSec = Infinity;
  nowNs: Ns = 0;
  delivered = 0;
  inRecovery = false;
  appLimitPkts: number;
  /** Called after every ACK has been given to the module. */
  onAckHook: ((tb: Testbed) => void) | null = null;

  private readonly rate: number;
  private readonly baseRtt: Ns;
  private readonly paced: boolean;
  // Per packet in flight, FIFO (ACKs return in send order).
  private readonly sendNs: number[] = [];
  private readonly ackNs: number[] = [];
  private readonly txDelivered: number[] = [];
  private readonly txDeliveredNs: number[] = [];
  private readonly txFirstTxNs: number[] = [];
  private head = 0;
  private lastDepartNs = 0;
  private nextSendNs = 0;
  private firstTxNs = 0;
  private deliveredNs = 0;
  private sent = 0;
  private maxPacketsOut = 0;
  private maxPacketsSeq = 0;
  private cwndLimitedFlag = false;
  private readonly rs: RateSample = newRateSample();

  constructor(
    readonly cc: CongestionControl,
    o: TestbedOpts,
  ) {
    this.rate = o.rateBytesPerSec;
    this.baseRtt = o.baseRttNs;
    this.mss = o.mss ?? 1448;
    this.snd_cwnd = o.initCwnd ?? 10;
    this.paced = o.paced ?? false;
    this.appLimitPkts = o.appLimitPkts ?? Infinity;
    cc.init(this);
  }

  get inFlight(): number {
    return this.packetsOut;
  }
  get deliveredBytes(): number {
    return this.delivered * this.mss;
  }
  /** tcp_is_cwnd_limited() */
  get isCwndLimited(): boolean {
    if (this.snd_cwnd < this.snd_ssthresh) return this.snd_cwnd < 2 * this.maxPacketsOut;
    return this.cwndLimitedFlag;
  }
  /** Bytes waiting at the bottleneck now. */
  get queueBytes(): number {
    let n = 0;
    for (let i = this.head; i < this.ackNs.length; i++) if (this.ackNs[i] - this.baseRtt > this.nowNs) n++;
    return n * this.mss;
  }

  runUntil(endNs: Ns): void {
    for (;;) {
      const nextAck = this.head < this.ackNs.length ? this.ackNs[this.head] : Infinity;
      const canSend = this.packetsOut < this.snd_cwnd && this.packetsOut < this.appLimitPkts;
      const nextSend = canSend ? (this.paced ? Math.max(this.nextSendNs, this.nowNs) : this.nowNs) : Infinity;
      const t = Math.min(nextAck, nextSend);
      if (t > endNs) break;
      this.nowNs = t;
      if (nextAck <= nextSend) this.ack();
      else this.send();
    }
    this.nowNs = endNs;
  }

  private send(): void {
    const now = this.nowNs;
    if (this.packetsOut === 0) this.firstTxNs = this.deliveredNs = now; // tcp_rate_skb_sent()
    const depart = Math.max(now, this.lastDepartNs) + (this.mss * NS_PER_SEC) / this.rate;
    this.lastDepartNs = depart;
    this.sendNs.push(now);
    this.ackNs.push(depart + this.baseRtt);
    this.txDelivered.push(this.delivered);
    this.txDeliveredNs.push(this.deliveredNs);
    this.txFirstTxNs.push(this.firstTxNs);
    this.packetsOut++;
    this.sent++;
    if (this.paced)
      this.nextSendNs = Math.max(this.nextSendNs, now) + (this.mss * NS_PER_SEC) / this.pacingRateBytesPerSec;
    // tcp_cwnd_validate()
    if (this.delivered >= this.maxPacketsSeq || this.packetsOut > this.maxPacketsOut) {
      this.maxPacketsOut = this.packetsOut;
      this.maxPacketsSeq = this.sent;
      this.cwndLimitedFlag = this.packetsOut >= this.snd_cwnd;
    }
  }

  private ack(): void {
    const i = this.head++;
    const now = this.nowNs;
    this.packetsOut--;
    this.delivered++;
    this.deliveredNs = now;
    this.firstTxNs = this.sendNs[i];
    const rtt = now - this.sendNs[i];
    this.srttNs = this.srttNs === 0 ? rtt : this.srttNs + (rtt - this.srttNs) / 8;
    this.minRttNs = Math.min(this.minRttNs, rtt);

    const rs = this.rs;
    const interval = Math.max(this.sendNs[i] - this.txFirstTxNs[i], now - this.txDeliveredNs[i]);
    const dPkts = this.delivered - this.txDelivered[i];
    const valid = interval >= Math.floor(this.minRttNs / 1000) * 1000 && interval > 0;
    rs.intervalNs = valid ? interval : -1;
    rs.deliveryRateBytesPerSec = valid ? (dPkts * this.mss * NS_PER_SEC) / interval : -1;
    rs.deliveredPkts = 1;
    rs.rttNs = rtt;
    rs.priorDeliveredPkts = this.txDelivered[i];
    rs.deliveredTotalPkts = this.delivered;
    this.cc.onAck(this, 1, rs, this.inRecovery);
    this.onAckHook?.(this);

    if (this.head > 4096 && this.head * 2 > this.sendNs.length) this.compact();
  }

  private compact(): void {
    const h = this.head;
    for (const a of [this.sendNs, this.ackNs, this.txDelivered, this.txDeliveredNs, this.txFirstTxNs])
      a.splice(0, h);
    this.head = 0;
  }
}
