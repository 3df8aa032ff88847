/**
 * BBR v1's modes and options, and the net/ipv4/tcp_bbr.c and tcp.h constants
 * that both the path model (bbr-model.ts) and the CongestionControl (bbr.ts)
 * use.
 */
import { BBR_UNIT } from './bbr-units';

export type BbrMode = 'STARTUP' | 'DRAIN' | 'PROBE_BW' | 'PROBE_RTT';

export interface BbrOptions {
  /** bbr_pacing_margin_percent: 1 from v4.20, 0 before (v4.16 has no margin). */
  pacingMarginPercent?: number;
  /** bbr_extra_acked_gain, 256 = 1.0 (v5.1+); 0 turns ACK-aggregation cwnd off (earlier kernels). */
  extraAckedGain?: number;
  /** +2 packets of cwnd in the 1.25 phase so small BDPs still probe (2018 fix; off for v4.16). */
  probeBwSmallBdpBoost?: boolean;
  /**
   * min_rtt's stamp refreshes on an equal sample: `rs->rtt_us <=
   * bbr->min_rtt_us` until "tcp: bbr: fix ... min_rtt" (Nov 2020, 5.10,
   * backported to stable) made it `<`.
   */
  minRttRefreshOnEqual?: boolean;
  /**
   * EDT (4.20+): bbr_packets_in_net_at_edt() discounts what the bandwidth
   * drains before the next departure stamp, in the gain-cycle and DRAIN exits.
   */
  edt?: boolean;
}

export const HIGH_GAIN = Math.floor((BBR_UNIT * 2885) / 1000) + 1; // 739: 2/ln2
export const CWND_MIN_TARGET = 4;
export const TCP_INIT_CWND = 10;
export const TCP_INFINITE_SSTHRESH = 0x7fffffff;
// icsk_ca_state values that matter here (TCP_CA_Open / Recovery / Loss).
export const CA_OPEN = 0;
export const CA_RECOVERY = 3;
export const CA_LOSS = 4;
export const MODES: readonly BbrMode[] = ['STARTUP', 'DRAIN', 'PROBE_BW', 'PROBE_RTT'];
export const STARTUP = 0;
export const DRAIN = 1;
export const PROBE_BW = 2;
export const PROBE_RTT = 3;
