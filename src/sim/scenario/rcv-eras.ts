/**
 * The receive-side tuning of each kernel era (model/tcp/rcv-tuning.ts),
 * from net/ipv4/tcp.c (tcp_init: tcp_rmem), net/ipv4/tcp_input.c
 * (tcp_rcv_space_adjust, tcp_init_buffer_space, tcp_fixup_rcvbuf,
 * tcp_rcv_rtt_*), net/ipv4/tcp_output.c (tcp_select_initial_window) and
 * include/net/tcp.h (tcp_win_from_space) of each generation:
 * - b49960a05e32 (May 2012, in 3.5 and the 3.2/3.3 stable trees):
 *   tcp_adv_win_scale 2 → 1 and tcp_rmem[2] 4 MB → 6 MB;
 * - b0983d3c9b13 "tcp: fix dynamic right sizing" (3.13): the 25 %/50 % rule,
 *   tcp_fixup_rcvbuf 2 × 20 segments × 4;
 * - 645f4c6f2ebd (4.13): rcv_rtt_est and rcvq_space in µs, not jiffies;
 * - "tcp: smoother receiver autotuning" (Dec 2017, 4.16): the grow term
 *   proportional to the increase (title and release from memory; the code
 *   is in every stored 4.19–6.15 copy);
 * - a337531b942b (Sep 2018, 4.20, backported to 4.19.86): tcp_rmem[1]
 *   87380 → 131072, no tcp_fixup_rcvbuf, a 64 KB initial window;
 *   041a14d26715 (4.19.86): rcvq_space.space starts at 10 segments;
 * - dfa2f0483360 "tcp: get rid of sysctl_tcp_adv_win_scale" (6.6):
 *   scaling_ratio, starting at (1200 << 8) / SKB_TRUESIZE(4096) = 65;
 * - 697a6c8cec03 (2024, 6.10): a 50 % default ratio; 378979e94e95 (6.10):
 *   no 64 KB cap on the initial window; window_clamp follows the ratio in
 *   tcp_measure_rcv_mss (2024);
 * - the "tcp receive side improvements" series 2da35e4b4df9 (May 2025,
 *   6.16): tcp_rcvbuf_grow, min-seeking rcv_rtt, no zero TS samples,
 *   advmss without the TS option in tcp_init_buffer_space, tcp_rmem[2] 32 MB.
 * tcp_rmem[2] is max(tcp_rmem[1], min(6 MB, a share of RAM)): a host with
 * enough memory has the 6 MB (32 MB in 6.16).
 */
import type { RcvBufferConfig } from '../model/tcp/receiver';
import { RMEM_MAX_DEFAULT, type RcvTuning } from '../model/tcp/rcv-tuning';
import type { EraId } from './eras';
import type { ReceiverConfig } from './scenario';

const MB = 1 << 20;
/** TCP_DEFAULT_SCALING_RATIO in 6.6: (1200 << TCP_RMEM_TO_WIN_SCALE) / SKB_TRUESIZE(4096). */
const RATIO_6_6 = Math.floor((1200 << 8) / (4096 + 576));

/** 3.13–4.12: the 25 %/50 % DRS, a jiffies clock (HZ 1000). */
const drs313: RcvTuning = {
  tcpRmem: [4096, 87380, 6 * MB],
  rmemMax: RMEM_MAX_DEFAULT,
  winFromSpace: 'adv_win_scale',
  defaultScalingRatio: 128,
  clampFollowsRatio: false,
  initialRcvbuf: 'fixup80',
  initRwndSegs: 20,
  initRwndCap64k: false,
  spaceAdjust: 'drs-3.13',
  rcvqSpaceInit: 'rcv_wnd',
  initAdvmssWithTs: true,
  rcvRttUpdate: 'ewma',
  zeroTsSample: 'one',
  rcvClockNs: 1_000_000,
};

/** 4.16–4.19: the proportional grow term, a µs clock. */
const drs416: RcvTuning = { ...drs313, spaceAdjust: 'drs-4.16', rcvClockNs: 1000 };

/** 4.20–6.5: tcp_rmem[1] 128 KB, a 64 KB initial window, DRS from 10 segments. */
const rmem128k: RcvTuning = {
  ...drs416,
  tcpRmem: [4096, 131072, 6 * MB],
  initialRcvbuf: 'rmem1',
  initRwndSegs: 0,
  initRwndCap64k: true,
  rcvqSpaceInit: 'init-cwnd',
};

export const RCV_TUNING: Readonly<Record<EraId, RcvTuning>> = {
  '3.6': {
    ...drs313,
    initialRcvbuf: 'fixup10',
    initRwndSegs: 10,
    spaceAdjust: 'drs-2.6',
  },
  '4.1': drs313,
  '4.9': drs313,
  '4.16': drs416,
  '4.17': drs416,
  '5.4': rmem128k,
  // 6.1 sits in 4.20–6.5: scaling_ratio came with 6.6 (dfa2f0483360).
  '6.1': rmem128k,
  '6.6': { ...rmem128k, winFromSpace: 'scaling_ratio', defaultScalingRatio: RATIO_6_6 },
  '6.16': {
    ...rmem128k,
    tcpRmem: [4096, 131072, 32 * MB],
    winFromSpace: 'scaling_ratio',
    defaultScalingRatio: 128,
    clampFollowsRatio: true,
    initRwndCap64k: false,
    spaceAdjust: 'rcvbuf-grow',
    initAdvmssWithTs: false,
    rcvRttUpdate: 'seek-min',
    zeroTsSample: 'drop',
  },
};

/**
 * Truesize a received 1500-byte frame charges by default: ixgbe (and igb,
 * ice) receive each frame into half a 4 KiB page, ixgbe_rx_pg_size / 2 =
 * 2048, and build_skb / skb_add_rx_frag charge that (drivers/net/ethernet/
 * intel/ixgbe/ixgbe_main.c ixgbe_build_skb, ixgbe_add_rx_frag).
 */
export const RX_BUF_BYTES = 2048;

/** The receive buffer a scenario's receivers use: the era's tuning with the scenario's sysctls. */
export function rcvBuffer(era: EraId, r: ReceiverConfig): RcvBufferConfig {
  const base = RCV_TUNING[era];
  const rm = r.tcp_rmem;
  return {
    tuning: {
      ...base,
      tcpRmem: rm ? [rm.minBytes, rm.defaultBytes, rm.maxBytes] : base.tcpRmem,
      rmemMax: r.rmem_max,
    },
    soRcvbufBytes: r.so_rcvbuf,
    rxBufBytes: r.rxBufBytes,
  };
}
