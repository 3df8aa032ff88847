/**
 * The scenario's `kernel` block: the kernel behaviours a user may set one by
 * one (sysctls, CONFIG_HZ, what a kernel version did), each null for "what
 * the era did". kernelFeatures() resolves them into the model's
 * KernelFeatures, the object every layer is built with.
 */
import type { Hz, KernelFeatures, PacingMode, TsqShortcut } from '../model/tcp/kernel-features';
import { ERAS } from './eras';
import type { Scenario } from './scenario';

export interface KernelConfig {
  /** net.ipv4.tcp_tso_rtt_log (5.18+): the min_rtt TSO-size bonus; 0 turns it (nearly) off. */
  tcp_tso_rtt_log: number | null;
  /** tcp_small_queue_check's rtx-queue shortcut. */
  tsq_shortcut: TsqShortcut | null;
  /** net.ipv4.tcp_autocorking (3.14+). */
  tcp_autocorking: boolean | null;
  /** net.ipv4.tcp_min_tso_segs. */
  tcp_min_tso_segs: number | null;
  /** net.ipv4.tcp_pacing_ss_ratio / tcp_pacing_ca_ratio, in percent. */
  tcp_pacing_ss_ratio: number | null;
  tcp_pacing_ca_ratio: number | null;
  /** TCP builds GSO skbs even for a device without SG/TSO (4.17+). */
  gso_always_on: boolean | null;
  /** TCP's internal pacing: none, an hrtimer per skb (4.13–4.19), or EDT (4.20+, fq honours the stamps too). */
  pacing: PacingMode | null;
  /** CONFIG_HZ. */
  hz: Hz | null;
  /**
   * BBR v1's ACK-aggregation headroom (bbr_update_ack_aggregation, extra_acked; 78dc70ebaa38, 5.1).
   * Optional: scenario files written before it have no such field.
   */
  bbr_ack_aggregation?: boolean | null;
}

/** Every field at its era default. */
export const ERA_DEFAULT_KERNEL: Readonly<KernelConfig> = {
  tcp_tso_rtt_log: null,
  tsq_shortcut: null,
  tcp_autocorking: null,
  tcp_min_tso_segs: null,
  tcp_pacing_ss_ratio: null,
  tcp_pacing_ca_ratio: null,
  gso_always_on: null,
  pacing: null,
  hz: null,
  bbr_ack_aggregation: null,
};

/** The era's behaviours with the scenario's own settings on top. */
export function kernelFeatures(sc: Pick<Scenario, 'era' | 'kernel'>): KernelFeatures {
  const k = { ...ERAS[sc.era].kernel };
  const c = sc.kernel;
  if (c.tcp_tso_rtt_log !== null) k.tcpTsoRttLog = c.tcp_tso_rtt_log;
  if (c.tsq_shortcut !== null) k.tsqShortcut = c.tsq_shortcut;
  if (c.tcp_autocorking !== null) k.tcpAutocorking = c.tcp_autocorking;
  if (c.tcp_min_tso_segs !== null) k.tcpMinTsoSegs = c.tcp_min_tso_segs;
  if (c.tcp_pacing_ss_ratio !== null) k.tcpPacingSsRatio = c.tcp_pacing_ss_ratio;
  if (c.tcp_pacing_ca_ratio !== null) k.tcpPacingCaRatio = c.tcp_pacing_ca_ratio;
  if (c.gso_always_on !== null) k.gsoAlwaysOn = c.gso_always_on;
  if (c.pacing !== null) k.pacing = c.pacing;
  if (c.hz !== null) k.hz = c.hz;
  if (c.bbr_ack_aggregation != null) k.bbrAckAggregation = c.bbr_ack_aggregation;
  return k;
}

/** The value a `kernel.*` field has when left at null, for the explorer's "kernel default" mark. */
export function kernelFieldDefault(
  sc: Pick<Scenario, 'era'>,
  field: keyof KernelConfig,
): number | string | boolean {
  const k = ERAS[sc.era].kernel;
  switch (field) {
    case 'tcp_tso_rtt_log':
      // Before 5.18 the kernel has no bonus: the nearest sysctl value is 0.
      return k.tcpTsoRttLog ?? 0;
    case 'tsq_shortcut':
      return k.tsqShortcut;
    case 'tcp_autocorking':
      return k.tcpAutocorking;
    case 'tcp_min_tso_segs':
      return k.tcpMinTsoSegs;
    case 'tcp_pacing_ss_ratio':
      return k.tcpPacingSsRatio;
    case 'tcp_pacing_ca_ratio':
      return k.tcpPacingCaRatio;
    case 'gso_always_on':
      return k.gsoAlwaysOn;
    case 'pacing':
      return k.pacing;
    case 'hz':
      return k.hz;
    case 'bbr_ack_aggregation':
      return k.bbrAckAggregation;
  }
}
