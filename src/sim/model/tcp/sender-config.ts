/**
 * What a sender socket is built with: the sysctls it reads (tcp_wmem[2],
 * tcp_limit_output_bytes in net/ipv4/tcp_output.c), the socket's pacing
 * shift override (sk_pacing_shift, include/net/sock.h) and the device's
 * offload properties (gso_max_size, NETIF_F_TSO / NETIF_F_SG).
 */
import type { AppSpec } from '../traffic/app-spec';
import type { SndbufAutotune } from './sndbuf-expand';

export interface TcpSenderConfig {
  flowId: number;
  src: number;
  dst: number;
  priority: number;
  mssBytes: number;
  initialCwnd: number;
  /** sk_sndbuf cap on unacked + unsent data (tcp_wmem[2], or twice SO_SNDBUF). */
  sndbufBytes: number;
  /** TCP_NOTSENT_LOWAT (c9bee3b7fdec, 3.12): the writer waits while this many bytes are unsent; Infinity: off. */
  notsentLowatBytes?: number;
  /** sysctl_tcp_limit_output_bytes. */
  limitOutputBytes: number;
  /** Pinned sk_pacing_shift (user override), or null to let devices set it (default 10). */
  pacingShiftOverride: number | null;
  /** Device gso_max_size and whether TCP may build multi-MSS skbs at all. */
  gsoMaxSizeBytes: number;
  /** 'tso': hardware TSO; 'gso': TCP builds GSO skbs, segmented in software; 'mss': 1-MSS skbs. */
  gsoMode: 'tso' | 'gso' | 'mss';
  /** Payload lives in page frags (truesize formula); false only for 'mss' mode without SG. */
  sg: boolean;
  maxPacingRateBytesPerSec: number;
  txDelayUs: number;
  /** The application writing into the socket (../traffic/app-spec.ts); absent or null: the model's first bulk writer. */
  app?: AppSpec | null;
  /** setsockopt(TCP_NODELAY). */
  noDelay?: boolean;
  /** Send-buffer autotuning (tcp_wmem[1], tcp_wmem[2]); absent or null: sk_sndbuf is sndbufBytes (SO_SNDBUF). */
  sndbufAutotune?: SndbufAutotune | null;
}
