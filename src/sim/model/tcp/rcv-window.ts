/**
 * The receive window a TCP receiver advertises: its buffer (sk_rcvbuf, set
 * by SO_RCVBUF or grown by autotuning in ./rcv-space.ts), window_clamp and
 * rcv_ssthresh, window scaling. Mirrors tcp_select_initial_window,
 * tcp_select_window and __tcp_select_window (net/ipv4/tcp_output.c),
 * tcp_openreq_init_rwin (net/ipv4/tcp_minisocks.c), tcp_fixup_rcvbuf,
 * tcp_init_buffer_space, tcp_grow_window and tcp_measure_rcv_mss
 * (net/ipv4/tcp_input.c), tcp_win_from_space / tcp_space_from_win
 * (include/net/tcp.h) and __sock_set_rcvbuf (net/core/sock.c). Per
 * generation through ./rcv-tuning.ts.
 */
import {
  MAX_TCP_HEADER,
  type RcvTuning,
  skbTruesize,
  SOCK_MIN_RCVBUF,
  TCP_APP_WIN,
  TCP_INIT_CWND,
  TCP_MAX_WSCALE,
  TCP_MSS_DEFAULT,
  TCPOLEN_TSTAMP_ALIGNED,
} from './rcv-tuning';

const TCP_RMEM_TO_WIN_SCALE = 8;
const U16_MAX = 65535;

export class RcvWindow {
  /** sk_rcvbuf in bytes of truesize. */
  rcvbuf: number;
  /** SOCK_RCVBUF_LOCK: the user set SO_RCVBUF, so autotuning leaves the buffer alone. */
  readonly locked: boolean;
  windowClamp = 0;
  rcvSsthresh = 0;
  /** The window last advertised (rcv_wnd) from rcv_wup. */
  rcvWnd = 0;
  rcvWup = 0;
  /** rx_opt.rcv_wscale: advertised windows are multiples of 1 << wscale. */
  wscale = 0;
  /** 1 << wscale, the unit an advertised window is a multiple of (kept beside it: read for every ACK). */
  private unitBytes = 1;
  /** tp->scaling_ratio (out of 256), used when tuning.winFromSpace is 'scaling_ratio'. */
  scalingRatio: number;
  /** icsk_ack.rcv_mss: the receiver's guess of the peer's MSS. */
  rcvMss: number;
  /** The last __tcp_select_window found less than half the space free (it clears icsk_ack.quick). */
  quickCleared = false;

  constructor(
    readonly t: RcvTuning,
    /** tp->advmss once established: the MSS less the timestamp option. */
    readonly advmss: number,
    soRcvbufBytes: number | null,
  ) {
    this.locked = soRcvbufBytes !== null;
    // __sock_set_rcvbuf: capped at rmem_max, doubled "to allow space for bookkeeping".
    this.rcvbuf = this.locked
      ? Math.max(2 * Math.min(soRcvbufBytes!, t.rmemMax), SOCK_MIN_RCVBUF)
      : t.tcpRmem[1];
    this.scalingRatio = t.defaultScalingRatio;
    this.rcvMss = TCP_MSS_DEFAULT;
    this.openreqInit();
    this.initBufferSpace();
  }

  /** tcp_win_from_space: the window a buffer of `space` bytes of truesize backs. */
  winFromSpace(space: number): number {
    if (this.t.winFromSpace === 'scaling_ratio')
      return Math.floor((space * this.scalingRatio) / (1 << TCP_RMEM_TO_WIN_SCALE));
    return space - (space >> 1); // tcp_adv_win_scale = 1
  }

  /** The buffer that backs a window of `win` bytes (tcp_space_from_win, 6.6; before, whole skbs of SKB_TRUESIZE(advmss + MAX_TCP_HEADER)). */
  spaceFromWin(win: number): number {
    if (this.t.winFromSpace === 'scaling_ratio')
      return Math.floor((win * (1 << TCP_RMEM_TO_WIN_SCALE)) / this.scalingRatio);
    let rcvmem = skbTruesize(this.advmss + MAX_TCP_HEADER);
    while (this.winFromSpace(rcvmem) < this.advmss) rcvmem += 128;
    return Math.floor(win / this.advmss) * rcvmem;
  }

  /** tcp_space: window the free part of the buffer backs (rmem: truesize queued). */
  tcpSpace(rmemBytes: number): number {
    return this.winFromSpace(this.rcvbuf - rmemBytes);
  }

  /** tcp_receive_window: what is left of the window last advertised. */
  receiveWindowNow(rcvNxt: number): number {
    return Math.max(0, this.rcvWup + this.rcvWnd - rcvNxt);
  }

  /** tcp_openreq_init_rwin → tcp_select_initial_window, on the passive side (the receiver accepts). */
  private openreqInit(): void {
    const t = this.t;
    const mss = this.advmss;
    const full = this.winFromSpace(this.rcvbuf);
    let clamp = this.locked ? full : 0;
    if (clamp === 0) clamp = U16_MAX * 2 ** TCP_MAX_WSCALE;
    let space = Math.min(clamp, full);
    if (space > mss) space = Math.floor(space / mss) * mss;
    let wnd = space;
    if (t.initRwndCap64k) wnd = Math.min(wnd, U16_MAX);
    // Window scaling for the largest window this socket may ever offer.
    let ws = Math.min(clamp, Math.max(t.tcpRmem[2], t.rmemMax));
    let wscale = 0;
    while (ws > U16_MAX && wscale < TCP_MAX_WSCALE) {
      ws = Math.floor(ws / 2);
      wscale++;
    }
    if (t.initRwndSegs > 0 && mss > 1 << wscale) wnd = Math.min(wnd, t.initRwndSegs * mss);
    this.wscale = wscale;
    this.unitBytes = 2 ** wscale;
    this.rcvWnd = wnd;
    this.windowClamp = Math.min(U16_MAX * 2 ** wscale, clamp);
    this.rcvSsthresh = wnd; // tcp_create_openreq_child
  }

  /** tcp_fixup_rcvbuf (before 4.20) and tcp_init_buffer_space, when the connection is established. */
  private initBufferSpace(): void {
    const t = this.t;
    if (!this.locked && t.initialRcvbuf !== 'rmem1') {
      // The peer's advmss still counted the timestamp option here.
      const mss = this.advmss + TCPOLEN_TSTAMP_ALIGNED;
      let rcvmem: number;
      if (t.initialRcvbuf === 'fixup10') {
        rcvmem = skbTruesize(mss + MAX_TCP_HEADER);
        while (this.winFromSpace(rcvmem) < mss) rcvmem += 128;
        rcvmem *= 10;
      } else {
        // 2 × 20 segments, × 4 for the 2–3 RTTs that Dynamic Right Sizing lags (tcp_moderate_rcvbuf = 1).
        rcvmem = 2 * skbTruesize(mss + MAX_TCP_HEADER) * 20 * 4;
      }
      if (this.rcvbuf < rcvmem) this.rcvbuf = Math.min(rcvmem, t.tcpRmem[2]);
    }
    const advmss = this.advmss + (t.initAdvmssWithTs ? TCPOLEN_TSTAMP_ALIGNED : 0);
    const maxwin = this.winFromSpace(this.rcvbuf);
    if (this.windowClamp >= maxwin) {
      this.windowClamp = maxwin;
      if (maxwin > 4 * advmss)
        this.windowClamp = Math.max(maxwin - Math.floor(maxwin / 2 ** TCP_APP_WIN), 4 * advmss);
    }
    // Force reservation of one segment.
    if (this.windowClamp > 2 * advmss && this.windowClamp + advmss > maxwin)
      this.windowClamp = Math.max(2 * advmss, maxwin - advmss);
    this.rcvSsthresh = Math.min(this.rcvSsthresh, this.windowClamp);
    this.initAdvmss = advmss;
  }

  /** advmss as tcp_init_buffer_space saw it (rcvq_space.space starts from it). */
  initAdvmss = 0;

  /** rcvq_space.space at start (tcp_init_buffer_space). */
  initialRcvqSpace(): number {
    if (this.t.rcvqSpaceInit === 'rcv_wnd') return this.rcvWnd;
    return Math.min(this.rcvSsthresh, this.rcvWnd, TCP_INIT_CWND * this.initAdvmss);
  }

  /**
   * tcp_measure_rcv_mss for a full-sized skb: rcv_mss follows the peer's
   * segments, and (6.6) scaling_ratio is the first such skb's len/truesize.
   * Returns true when window_clamp moved with it (tcp_rcv_space_adjust's
   * rcvq_space.space is then capped by the caller).
   */
  measureRcvMss(segLen: number, skbLen: number, truesize: number): boolean {
    if (segLen < this.rcvMss) return false;
    let clampMoved = false;
    if (this.t.winFromSpace === 'scaling_ratio' && segLen !== this.rcvMss) {
      const old = this.scalingRatio;
      this.scalingRatio = Math.floor((skbLen * (1 << TCP_RMEM_TO_WIN_SCALE)) / truesize) || 1;
      if (this.t.clampFollowsRatio && old !== this.scalingRatio) {
        this.windowClamp = this.winFromSpace(this.rcvbuf);
        clampMoved = true;
      }
    }
    this.rcvMss = Math.min(segLen, this.advmss);
    return clampMoved;
  }

  /**
   * tcp_grow_window: raise rcv_ssthresh while skbs of this truesize would fit
   * (rmem: truesize queued, this skb included). True when it grew, which
   * asks for an immediate ACK (icsk_ack.quick |= 1).
   */
  growWindow(skbLen: number, truesize: number, rmemBytes: number): boolean {
    const room = Math.min(this.windowClamp, this.tcpSpace(rmemBytes)) - this.rcvSsthresh;
    if (room <= 0) return false;
    let incr = this.winFromSpace(truesize) <= skbLen ? 2 * this.advmss : this.slowGrow(skbLen, truesize);
    if (incr === 0) return false;
    incr = Math.max(incr, 2 * skbLen);
    this.rcvSsthresh += Math.min(room, incr);
    return true;
  }

  /** __tcp_grow_window: skbs with a poor len/truesize ratio grow the window only while it is small. */
  private slowGrow(skbLen: number, truesize: number): number {
    let ts = this.winFromSpace(truesize) >> 1;
    let window = this.winFromSpace(this.t.tcpRmem[2]) >> 1;
    while (this.rcvSsthresh <= window) {
      if (ts <= skbLen) return 2 * this.rcvMss;
      ts >>= 1;
      window >>= 1;
    }
    return 0;
  }

  /** __tcp_select_window: the window the free space allows now (no state changes but quickCleared). */
  freeWindow(rmemBytes: number): number {
    let mss = this.rcvMss;
    let free = this.tcpSpace(rmemBytes);
    const allowed = this.winFromSpace(this.rcvbuf);
    const full = Math.min(this.windowClamp, allowed);
    this.quickCleared = false;
    if (mss > full) {
      mss = full;
      if (mss <= 0) return 0;
    }
    const unit = this.unitBytes;
    if (free < full >> 1) {
      this.quickCleared = true;
      free = Math.floor(free / unit) * unit; // do not let wscale rounding grow it
      if (free < allowed >> 4 || free < mss) return 0;
    }
    if (free > this.rcvSsthresh) free = this.rcvSsthresh;
    if (this.wscale > 0) return Math.ceil(free / unit) * unit;
    let window = this.rcvWnd;
    if (window <= free - mss || window > free) window = Math.floor(free / mss) * mss;
    else if (mss === full && free > window + (full >> 1)) window = free;
    return window;
  }

  /**
   * tcp_select_window for an outgoing ACK: never shrink the offered window,
   * remember it from rcv_nxt, and return what the peer reads (the 16-bit
   * field shifted back by the scale).
   */
  selectWindow(rcvNxt: number, rmemBytes: number): number {
    const unit = this.unitBytes;
    const cur = this.receiveWindowNow(rcvNxt);
    let win = this.freeWindow(rmemBytes);
    if (win < cur) win = Math.ceil(cur / unit) * unit;
    this.rcvWnd = win;
    this.rcvWup = rcvNxt;
    return Math.floor(Math.min(win, U16_MAX * unit) / unit) * unit;
  }
}
