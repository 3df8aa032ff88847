/**
 * tcp_ack() for the bulk sender: cumulative and selective acknowledgement,
 * RTT samples (./rtt-estimator.ts) and delivery-rate samples
 * (net/ipv4/tcp_rate.c, ./rate-sample.ts), loss marking
 * (dupthresh over SACKed data, as tcp_mark_head_lost does), fast recovery with
 * PRR (tcp_cwnd_reduction), RTO (tcp_retransmit_timer), the timestamp undo
 * of a spurious reduction (undo.ts), congestion control and
 * tcp_update_pacing_rate (net/ipv4/tcp_input.c).
 */
import type { EventTarget, Sim } from '../../engine/sim';
import { preferDoubleFields } from '../../engine/double-fields';
import { Timer } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Cpu } from '../cpu/cpu';
import { timerFireNs, usecsToJiffies } from '../jiffies';
import type { Skb } from '../skb';
import { SPARE_SKBS } from '../skb-pool';
import { tcpPacingRate } from './pacing';
import { DeliveryRate } from './rate-sample';
import type { TxRecord } from './tx-record';
import { RttEstimator, TCP_RTO_MAX_NS } from './rtt-estimator';
import { UndoState } from './undo';
import type { TcpSender } from './sender';
import { tcpCheckSpace } from './sender-wmem';

const K_ACK = 1;
const K_FREED = 2;
const DUPTHRESH = 3;

type CaState = 'open' | 'recovery' | 'loss';

export class AckProcessor implements EventTarget {
  caState: CaState = 'open';
  private highSeq = 0;
  /** srtt, rttvar and the RTO. */
  readonly rtt: RttEstimator;
  private backoff = 0;
  private readonly rtoTimer: Timer;
  /** tcp_rate.c connection state and the rate sample. */
  readonly rate = new DeliveryRate();
  // PRR state
  private priorCwnd = 0;
  private prrDelivered = 0;
  prrOut = 0;
  private highSack = 0;
  private lostScanSeq = 0;
  // per-ACK scratch
  private newlyDelivered = 0;
  private rttSampleNs: Ns = -1;
  retransmits = 0;
  rtoCount = 0;
  /**
   * tcpi_reordering and tcpi_reord_seen (tcp_check_sack_reordering, 4.19+): an
   * original (never retransmitted) skb delivered below the highest SACKed
   * sequence is reordering; its distance in segments raises tp->reordering
   * (from net.ipv4.tcp_reordering = 3, at most tcp_max_reordering = 300). Reported
   * as ss shows them; the model's loss marking keeps its dupthresh of 3.
   */
  reordering = 3;
  reordSeen = 0;
  private reordLowSeq = Infinity;
  /** Spurious reductions found by timestamps (tcp_init_undo … tcp_undo_cwnd_reduction). */
  readonly undo = new UndoState();
  acksProcessed = 0;
  /** The last valid delivery-rate sample (tcpi_delivery_rate), bytes/s; -1 before one. */
  lastDeliveryRateBytesPerSec = -1;

  constructor(
    private readonly sim: Sim,
    private readonly tp: TcpSender,
  ) {
    this.rtoTimer = new Timer(sim, (now) => this.onRto(now));
    this.rtt = new RttEstimator({ usecs: tp.kernel.rttUsecs, hz: tp.kernel.hz });
    // Sequence marks first set by a loss, mid-run: doubles from the start (see double-fields.ts).
    preferDoubleFields(this, ['highSeq', 'highSack', 'lostScanSeq']);
  }

  /**
   * The retransmit timer in jiffies: icsk_rto = usecs_to_jiffies(srtt + rttvar)
   * (__tcp_set_rto), armed as jiffies + rto (inet_csk_reset_xmit_timer).
   */
  private rtoFireNs(nowNs: Ns, rtoNs: Ns): Ns {
    const k = this.tp.kernel;
    return timerFireNs(nowNs, usecsToJiffies(rtoNs / 1000, k.hz), k.hz, k.timerWheelLevels);
  }

  inRecovery(): boolean {
    return this.caState !== 'open';
  }

  private cpu: Cpu | null = null;

  receive(ack: Skb, cpu: Cpu, costNs: number): void {
    this.cpu = cpu;
    cpu.submit(costNs, this, K_ACK, ack);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === K_FREED) return;
    const skbsBefore = this.tp.rtx.skbs;
    this.onAck(arg as Skb, nowNs);
    // Processed: a wired receiver's pooled ACK goes back (../skb-pool.ts).
    SPARE_SKBS.release(arg as Skb);
    // tcp_clean_rtx_queue frees the fully acknowledged skbs: more work on the same core.
    const freed = skbsBefore - this.tp.rtx.skbs;
    if (freed > 0 && this.cpu && this.tp.costsRef.perAckedSkbNs > 0) {
      this.cpu.submit(freed * this.tp.costsRef.perAckedSkbNs, this, K_FREED);
    }
    this.tp.writeXmit(nowNs);
    tcpCheckSpace(this.tp, freed > 0, nowNs); // tcp_new_space, then the writer wakes
  }

  /** tcp_rate_skb_sent + arming the RTO for the first packet out. */
  recordSent(seq: number, len: number, segs: number, nowNs: Ns): void {
    const rtx = this.tp.rtx;
    const r: TxRecord = rtx.alloc();
    r.seq = seq;
    r.end = seq + len;
    r.segs = segs;
    r.xmitNs = nowNs;
    this.rate.skbSent(r, rtx.packetsOut, nowNs);
    rtx.push(r);
    if (!this.rtoTimer.armed) this.rtoTimer.arm(this.rtoFireNs(nowNs, this.rtt.rtoNs));
    if (this.caState === 'recovery') this.prrOut += segs;
  }

  private readonly onDelivered = (r: TxRecord, segs: number): void => {
    this.rate.skbDelivered(r, segs);
    this.newlyDelivered += segs;
    if (!r.everRetrans && r.seq < this.highSack && r.seq < this.reordLowSeq) this.reordLowSeq = r.seq;
    if (!r.everRetrans) {
      // tcp_clean_rtx_queue: srtt from the oldest newly acked skb (first_ackt),
      // min_rtt and the rate sample from the newest (last_ackt).
      if (this.seqSentNs < 0) this.seqSentNs = r.xmitNs;
      this.caSentNs = r.xmitNs;
      this.rttSampleNs = this.sim.nowNs - r.xmitNs;
    }
  };

  /** Send times of the oldest (first_ackt) and newest (last_ackt) never-retransmitted skbs this ACK delivers. */
  private seqSentNs: Ns = -1;
  private caSentNs: Ns = -1;

  private onAck(ack: Skb, nowNs: Ns): void {
    const tp = this.tp;
    const rtx = tp.rtx;
    this.acksProcessed++;
    this.newlyDelivered = 0;
    this.rate.beginAck();
    this.rttSampleNs = -1;
    this.seqSentNs = -1;
    const priorInFlight = rtx.inFlight();
    const mss = tp.mss;
    const advanced = ack.ackSeq > tp.sndUna;
    // tcp_ack_update_window, and tcp_replace_ts_recent: the data echoes this ACK's timestamp.
    tp.sndWnd.onAck(advanced, ack.windowBytes);
    if (!(ack.createdNs <= tp.tsRecentNs)) tp.tsRecentNs = ack.createdNs;
    if (advanced) {
      rtx.ackUpTo(ack.ackSeq, mss, this.onDelivered);
      tp.sndUna = ack.ackSeq;
      tp.deliveredBytes = tp.sndUna;
      this.backoff = 0;
    }
    const sack = ack.sack;
    for (let i = 0; i + 1 < sack.length; i += 2) {
      if (sack[i + 1] <= tp.sndUna) continue;
      rtx.sack(Math.max(sack[i], tp.sndUna), sack[i + 1], mss, this.onDelivered);
      if (sack[i + 1] > this.highSack) this.highSack = sack[i + 1];
    }
    this.checkReordering(mss);
    if (this.newlyDelivered === 0 && !advanced) return;
    this.rate.deliveredNs = nowNs;
    if (this.rttSampleNs >= 0) this.rtt.sample(tp, nowNs, this.seqSentNs, this.caSentNs);
    const lostBefore = rtx.lostOut;
    this.markLost();
    const rs = this.rate.gen(
      nowNs,
      this.newlyDelivered,
      rtx.lostOut - lostBefore,
      this.rttSampleNs,
      tp.minRttNs,
      mss,
    );
    rs.priorInFlight = priorInFlight;
    if (rs.deliveryRateBytesPerSec >= 0) this.lastDeliveryRateBytesPerSec = rs.deliveryRateBytesPerSec;

    // Recovery state machine (tcp_fastretrans_alert, simplified).
    // tcp_try_undo_loss (any time in Loss) / tcp_try_undo_partial (once no
    // retransmission is out): the hole was filled by the original. BBR keeps its own cwnd.
    if (this.caState !== 'open' && advanced && tp.cc.name !== 'bbr' && this.undo.delayed(ack)) {
      if (this.caState === 'loss' || rtx.retransOut === 0) this.undoReduction();
    }
    if (this.caState !== 'open' && tp.sndUna >= this.highSeq) this.exitRecovery();
    if (this.caState === 'open' && rtx.lostOut > 0) this.enterRecovery(priorInFlight);

    const cc = tp.cc;
    // tcp_in_cwnd_reduction(): Recovery (not Loss, where slow start resumes).
    const inReduction = this.caState === 'recovery';
    if (cc.name === 'bbr') {
      cc.onAck(tp, this.newlyDelivered, rs, inReduction);
    } else {
      tp.priorInFlight = priorInFlight;
      if (inReduction) {
        // tcp_clean_rtx_queue calls ->pkts_acked on every ACK, in recovery too (CUBIC's delay_min
        // and HyStart, which runs while cwnd < ssthresh); tcp_cong_control then runs
        // tcp_cwnd_reduction (PRR) instead of ->cong_avoid.
        cc.onAck(tp, this.newlyDelivered, rs, true);
        this.prrCwnd(this.newlyDelivered);
      } else {
        // tcp_cong_avoid: ->cong_avoid, then snd_cwnd_stamp = now (./cwnd-idle.ts).
        cc.onAck(tp, this.newlyDelivered, rs, false);
        tp.cwndStampNs = nowNs;
      }
      tp.pacingRateBytesPerSec = tcpPacingRate(
        mss,
        tp.snd_cwnd,
        tp.snd_ssthresh,
        rtx.packetsOut,
        tp.srttNs,
        tp.cfg.maxPacingRateBytesPerSec,
        tp.kernel.tcpPacingSsRatio,
        tp.kernel.tcpPacingCaRatio,
      );
    }
    if (rtx.packetsOut === 0) this.rtoTimer.cancel();
    else if (advanced) this.rtoTimer.arm(this.rtoFireNs(nowNs, this.rtt.rtoNs));
  }

  /** tcp_check_sack_reordering for the lowest original skb this ACK delivered below the highest SACK. */
  private checkReordering(mss: number): void {
    const low = this.reordLowSeq;
    this.reordLowSeq = Infinity;
    if (!(low < this.highSack)) return;
    const metric = this.highSack - low;
    if (metric > this.reordering * mss) this.reordering = Math.min(Math.ceil(metric / mss), 300);
    this.reordSeen++;
  }

  /** Marks unSACKed data more than DUPTHRESH segments below the highest SACK as lost. */
  private markLost(): void {
    const tp = this.tp;
    const rtx = tp.rtx;
    const limit = this.highSack - DUPTHRESH * tp.mss;
    if (limit <= tp.sndUna) return;
    // Below lostScanSeq (never above limit) only a retransmission can be newly lost; the rest is scanned.
    for (const r of rtx.retransmitted()) if (r.end <= this.lostScanSeq) this.checkLost(r);
    const n = rtx.skbs;
    for (let i = rtx.firstEndingAfter(this.lostScanSeq); i < n; i++) {
      const r = rtx.at(i);
      if (r.end > limit) break;
      this.checkLost(r);
    }
    this.lostScanSeq = Math.max(this.lostScanSeq, limit);
  }

  private checkLost(r: TxRecord): void {
    const tp = this.tp;
    if (!r.sacked && !r.lost) tp.rtx.markLost(r);
    else if (r.retrans && this.sim.nowNs - r.xmitNs > tp.srttNs + (tp.minRttNs >> 2)) tp.rtx.markLost(r);
  }

  private enterRecovery(priorInFlight: number): void {
    const tp = this.tp;
    this.caState = 'recovery';
    this.highSeq = tp.sndNxt;
    this.retransmits++;
    this.undo.init(tp, this.sim.nowNs);
    tp.snd_ssthresh = tp.cc.ssthresh(tp);
    this.priorCwnd = Math.max(tp.snd_cwnd, priorInFlight);
    this.prrDelivered = 0;
    this.prrOut = 0;
  }

  /** tcp_cwnd_reduction: Proportional Rate Reduction (RFC 6937). */
  private prrCwnd(newlyDelivered: number): void {
    const tp = this.tp;
    this.prrDelivered += newlyDelivered;
    const inFlight = tp.rtx.inFlight();
    const delta = tp.snd_ssthresh - inFlight;
    let sndcnt: number;
    if (delta < 0) {
      sndcnt = Math.ceil((tp.snd_ssthresh * this.prrDelivered) / Math.max(1, this.priorCwnd)) - this.prrOut;
    } else {
      sndcnt = Math.min(delta, Math.max(this.prrDelivered - this.prrOut, newlyDelivered) + 1);
    }
    sndcnt = Math.max(sndcnt, this.prrOut > 0 ? 0 : 1);
    tp.snd_cwnd = Math.max(1, inFlight + sndcnt);
  }

  private exitRecovery(): void {
    const tp = this.tp;
    if (tp.cc.name !== 'bbr' && this.caState === 'recovery') tp.snd_cwnd = Math.max(2, tp.snd_ssthresh);
    this.caState = 'open';
    this.undo.clear();
    this.lostScanSeq = tp.sndUna;
    tp.cc.onRecoveryExit(tp);
  }

  /** tcp_retransmit_timer → tcp_enter_loss: everything outstanding is presumed lost. */
  private onRto(nowNs: Ns): void {
    const tp = this.tp;
    const rtx = tp.rtx;
    if (rtx.packetsOut === 0) return;
    this.rtoCount++;
    if (this.caState !== 'loss') {
      // tcp_enter_loss: a new undo point unless Recovery already set one.
      if (this.caState === 'open') this.undo.init(tp, nowNs);
      // bbr_ssthresh leaves ssthresh alone but saves cwnd to restore after Loss.
      const ss = tp.cc.ssthresh(tp);
      if (tp.cc.name !== 'bbr') tp.snd_ssthresh = ss;
      this.highSeq = tp.sndNxt;
    }
    this.caState = 'loss';
    for (let i = 0; i < rtx.skbs; i++) {
      const r = rtx.at(i);
      if (!r.sacked) rtx.markLost(r);
    }
    tp.snd_cwnd = 1;
    tp.cc.onRto(tp);
    this.backoff++;
    this.rtoTimer.arm(this.rtoFireNs(nowNs, Math.min(this.rtt.rtoNs * 2 ** this.backoff, TCP_RTO_MAX_NS)));
    tp.writeXmit(nowNs);
  }

  /** The reduction was spurious: undo it and go back to Open. */
  private undoReduction(): void {
    const tp = this.tp;
    this.undo.undo(tp);
    this.caState = 'open';
    this.backoff = 0;
    this.lostScanSeq = tp.sndUna;
    tp.cc.onRecoveryExit(tp);
  }
}
