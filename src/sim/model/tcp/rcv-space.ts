/**
 * Receive-buffer autotuning ("Dynamic Right Sizing"): the receiver's RTT
 * estimate (tcp_rcv_rtt_measure from one window's worth of data,
 * tcp_rcv_rtt_measure_ts from the echoed timestamps, tcp_rcv_rtt_update) and
 * tcp_rcv_space_adjust, which once per RTT grows sk_rcvbuf and window_clamp
 * from the bytes the application read (net/ipv4/tcp_input.c; tcp_rcvbuf_grow
 * in 6.16). The generation comes from ./rcv-tuning.ts.
 */
import type { Ns } from '../../engine/time';
import type { RcvWindow } from './rcv-window';

/** TCP timestamps tick in ms (TCP_TS_HZ 1000 from 4.13; jiffies at HZ 1000 before). */
const TS_TICK_NS = 1_000_000;

export class RcvSpace {
  /** rcvq_space: bytes read in the last measured RTT, and where and when that measure began. */
  space: number;
  private seq = 0;
  private timeTicks: number;
  /** rcv_rtt_est.rtt (× 8), in ticks of tuning.rcvClockNs; 0: no estimate yet. */
  rtt8 = 0;
  private rttSeq = 0;
  private rttTimeTicks = -1;
  private lastTsecrTick = NaN;
  /** Times the buffer grew (for tests and the explorer). */
  grows = 0;

  constructor(
    private readonly win: RcvWindow,
    nowNs: Ns,
  ) {
    this.space = win.initialRcvqSpace();
    this.timeTicks = win.t.spaceAdjust === 'drs-2.6' ? 0 : this.ticks(nowNs);
  }

  private ticks(nowNs: Ns): number {
    return Math.floor(nowNs / this.win.t.rcvClockNs);
  }

  /** rcv_rtt_est in ns (0 before the first sample). */
  get rttNs(): Ns {
    return (this.rtt8 / 8) * this.win.t.rcvClockNs;
  }

  /** tcp_rcv_rtt_update: window samples only lower the estimate; timestamp samples are smoothed (or, 6.16, lower ones latched). */
  private update(sample: number, winDep: boolean): void {
    const m = sample * 8;
    const old = this.rtt8;
    if (old === 0) {
      this.rtt8 = m;
      return;
    }
    if (winDep) {
      if (m < old) this.rtt8 = m;
      return;
    }
    if (this.win.t.rcvRttUpdate === 'seek-min' && m < old) this.rtt8 = m;
    else this.rtt8 = old - (old >> 3) + sample;
  }

  /** tcp_rcv_rtt_measure: the time one advertised window takes to arrive (the estimate for flows without timestamps). */
  measureWindow(rcvNxt: number, nowNs: Ns): void {
    const now = this.ticks(nowNs);
    if (this.rttTimeTicks >= 0) {
      if (rcvNxt < this.rttSeq) return;
      this.update(Math.max(1, now - this.rttTimeTicks), true);
    }
    this.rttSeq = rcvNxt + this.win.rcvWnd;
    this.rttTimeTicks = now;
  }

  /** tcp_rcv_rtt_measure_ts: now − the timestamp the data echoes, once per echoed value, for full-sized segments. */
  measureTs(tsecrNs: Ns, segLen: number, nowNs: Ns): void {
    if (Number.isNaN(tsecrNs)) return;
    const tsecr = Math.floor(tsecrNs / TS_TICK_NS);
    if (tsecr === this.lastTsecrTick) return;
    this.lastTsecrTick = tsecr;
    if (segLen < this.win.rcvMss) return;
    let delta = Math.floor(nowNs / TS_TICK_NS) - tsecr;
    if (delta === 0) {
      if (this.win.t.zeroTsSample === 'drop') return;
      delta = 1;
    }
    this.update((delta * TS_TICK_NS) / this.win.t.rcvClockNs, false);
  }

  /**
   * tcp_rcv_space_adjust, called when the application has read up to
   * copiedSeq (the bulk receiver reads at once, so nothing is left queued).
   * oooSpan: highest out-of-order byte past rcv_nxt (6.16 provisions it).
   */
  adjust(copiedSeq: number, oooSpan: number, nowNs: Ns): void {
    const t = this.win.t;
    const now = this.ticks(nowNs);
    if (t.spaceAdjust === 'drs-2.6' && this.timeTicks === 0) return this.newMeasure(copiedSeq, now);
    if (this.rtt8 === 0 || now - this.timeTicks < this.rtt8 >> 3) return;
    const copied = copiedSeq - this.seq;
    if (t.spaceAdjust === 'drs-2.6') this.adjust26(copied);
    else if (copied > this.space) {
      const old = this.space;
      this.space = copied;
      this.growFrom(copied, old, oooSpan);
    }
    this.newMeasure(copiedSeq, now);
  }

  private newMeasure(copiedSeq: number, now: number): void {
    this.seq = copiedSeq;
    this.timeTicks = now;
  }

  /** Before 3.13: the space is twice what was read; the buffer backs it in whole skbs. */
  private adjust26(copied: number): void {
    const space = Math.max(this.space, 2 * copied);
    if (space === this.space) return;
    this.space = space;
    const w = this.win;
    if (w.locked) return;
    const rcvbuf = Math.min(w.spaceFromWin(Math.max(space, w.advmss)), w.t.tcpRmem[2]);
    if (rcvbuf > w.rcvbuf) {
      w.rcvbuf = rcvbuf;
      w.windowClamp = space;
      this.grows++;
    }
  }

  /** The rcvbuf and window_clamp a new per-RTT maximum asks for (3.13+). */
  private growFrom(copied: number, old: number, oooSpan: number): void {
    const w = this.win;
    const t = w.t;
    if (w.locked) return;
    let rcvwin: number;
    if (t.spaceAdjust === 'rcvbuf-grow') {
      // tcp_rcvbuf_grow (6.16): slow start doubles the rate, plus what the out-of-order queue holds.
      rcvwin = 2 * copied + oooSpan;
    } else {
      // Twice the bytes of one RTT against losses, plus a 16-segment cushion.
      rcvwin = 2 * copied + 16 * w.advmss;
      if (t.spaceAdjust === 'drs-3.13') {
        // A rate up 25 %: slow start, 3 × copied; up 50 %: the sender doubles, 4 × copied.
        if (copied >= old + (old >> 2))
          rcvwin = copied >= old + (old >> 1) ? rcvwin * 2 : rcvwin + (rcvwin >> 1);
      } else {
        // Accommodate for sender rate increase (e.g. slow start).
        rcvwin += 2 * Math.floor((rcvwin * (copied - old)) / old);
      }
    }
    this.growBuffer(rcvwin);
  }

  /** tcp_rcvbuf_grow from the out-of-order path (6.16): provision for what the ofo queue spans. */
  growForOoo(oooSpan: number): void {
    if (this.win.t.spaceAdjust !== 'rcvbuf-grow' || this.win.locked) return;
    this.growBuffer(2 * this.space + oooSpan);
  }

  private growBuffer(rcvwin: number): void {
    const w = this.win;
    const rcvbuf = Math.min(w.spaceFromWin(rcvwin), w.t.tcpRmem[2]);
    if (rcvbuf > w.rcvbuf) {
      w.rcvbuf = rcvbuf;
      w.windowClamp = w.winFromSpace(rcvbuf); // make the window clamp follow along
      this.grows++;
    }
  }

  /** tcp_measure_rcv_mss moved window_clamp (6.16): rcvq_space.space may not exceed it. */
  capSpace(): void {
    if (this.win.windowClamp < this.space) this.space = this.win.windowClamp;
  }
}
