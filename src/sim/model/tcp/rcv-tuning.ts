/**
 * What a kernel generation does on the receive side of a TCP socket: the
 * tcp_rmem / rmem_max sysctls, how buffer space converts to window
 * (tcp_win_from_space in include/net/tcp.h), the initial buffer and window
 * (tcp_fixup_rcvbuf, tcp_select_initial_window, tcp_init_buffer_space) and
 * which tcp_rcv_space_adjust (net/ipv4/tcp_input.c) grows the buffer. The
 * scenario layer picks one per kernel era (scenario/rcv-eras.ts); the
 * receiver (./receiver.ts, ./rcv-window.ts, ./rcv-space.ts) only reads it.
 */

export interface RcvTuning {
  /** net.ipv4.tcp_rmem: min, default (the initial sk_rcvbuf), max (the autotuning cap). */
  tcpRmem: readonly [number, number, number];
  /** net.core.rmem_max: setsockopt(SO_RCVBUF) is capped here before the kernel doubles it. */
  rmemMax: number;
  /**
   * tcp_win_from_space: 'adv_win_scale' counts half of the buffer as window
   * (tcp_adv_win_scale = 1, b49960a05e32, 2012); 'scaling_ratio' uses the
   * socket's measured payload/truesize ratio (dfa2f0483360, 6.6).
   */
  winFromSpace: 'adv_win_scale' | 'scaling_ratio';
  /** TCP_DEFAULT_SCALING_RATIO (out of 256): (1200 << 8) / SKB_TRUESIZE(4096) = 65 in 6.6, 128 from 697a6c8cec03 (2024). */
  defaultScalingRatio: number;
  /** tcp_measure_rcv_mss moves window_clamp with a new scaling_ratio (2024, in 6.16). */
  clampFollowsRatio: boolean;
  /**
   * The sk_rcvbuf a connection starts with: tcp_rmem[1] ('rmem1', a337531b942b,
   * 4.20), or tcp_fixup_rcvbuf's, if larger: 10 segments of SKB_TRUESIZE
   * ('fixup10', before 3.13) or 2 × 20 segments × 4 for DRS latency ('fixup80',
   * b0983d3c9b13, 3.13).
   */
  initialRcvbuf: 'rmem1' | 'fixup10' | 'fixup80';
  /** Initial window in segments (TCP_DEFAULT_INIT_RCVWND 10, tcp_default_init_rwnd 20), or 0: the whole initial space (4.20+). */
  initRwndSegs: number;
  /** tcp_select_initial_window caps the initial window at 64 KB (a337531b942b .. 378979e94e95, 6.10). */
  initRwndCap64k: boolean;
  /**
   * tcp_rcv_space_adjust: 'drs-2.6' (space = 2 × copied, before 3.13),
   * 'drs-3.13' (b0983d3c9b13: 2 × copied + 16 MSS, ×1.5 or ×2 when the rate
   * grew 25 % or 50 %), 'drs-4.16' (the grow term proportional to the
   * increase, Dec 2017), 'rcvbuf-grow' (tcp_rcvbuf_grow, 6.16: 2 × copied
   * plus the out-of-order span).
   */
  spaceAdjust: 'drs-2.6' | 'drs-3.13' | 'drs-4.16' | 'rcvbuf-grow';
  /** rcvq_space.space at start: the initial window ('rcv_wnd'), or at most TCP_INIT_CWND segments ('init-cwnd', 041a14d26715, 4.19). */
  rcvqSpaceInit: 'rcv_wnd' | 'init-cwnd';
  /** tcp_init_buffer_space runs before advmss loses the 12 timestamp bytes (fixed by cd171461b90a, 6.16). */
  initAdvmssWithTs: boolean;
  /** tcp_rcv_rtt_update: timestamp samples smoothed ('ewma'), or any lower sample latched ('seek-min', b879dcb1aeec, 6.16). */
  rcvRttUpdate: 'ewma' | 'seek-min';
  /** A timestamp sample of 0 ticks counts as 1 ('one'), or is dropped ('drop', d59fc95be9d0, 6.16). */
  zeroTsSample: 'one' | 'drop';
  /** Resolution of rcv_rtt_est and rcvq_space times: jiffies (HZ 1000: 1 ms) before 4.13, µs after. */
  rcvClockNs: number;
}

/** SKB_TRUESIZE(x) = x + SKB_DATA_ALIGN(sizeof(struct sk_buff)) 256 + SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) 320 (x86-64). */
export const skbTruesize = (x: number): number => x + 576;
/** SKB_DATA_ALIGN(sizeof(struct sk_buff)): what a build_skb head adds to its buffer (ixgbe_build_skb). */
export const SK_BUFF_BYTES = 256;
export const MAX_TCP_HEADER = 320;
export const TCP_INIT_CWND = 10;
export const TCPOLEN_TSTAMP_ALIGNED = 12;
/** TCP_MSS_DEFAULT: tcp_initialize_rcv_mss starts rcv_mss no higher than this. */
export const TCP_MSS_DEFAULT = 536;
/** SOCK_MIN_RCVBUF = 2 × TCP_SKB_MIN_TRUESIZE (2048 + SKB_DATA_ALIGN(sizeof(struct sk_buff))). */
export const SOCK_MIN_RCVBUF = 2 * (2048 + SK_BUFF_BYTES);
/** net.core.rmem_max default: SK_RMEM_MAX = 256 × SKB_TRUESIZE(256) on x86-64. */
export const RMEM_MAX_DEFAULT = 256 * skbTruesize(256);
/** TCP_MAX_WSCALE (RFC 7323). */
export const TCP_MAX_WSCALE = 14;
/** tcp_app_win default 31: window_clamp keeps maxwin >> 31 (nothing) plus one segment in reserve. */
export const TCP_APP_WIN = 31;
