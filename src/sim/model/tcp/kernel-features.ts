/**
 * The kernel behaviours the transmit path takes from its kernel version and
 * sysctls, as one plain object handed to each layer through its options — as
 * the kernel hands a socket its netns sysctls (struct netns_ipv4,
 * include/net/netns/ipv4.h). A scenario's era supplies the defaults
 * (scenario/eras.ts) and its `kernel` block overrides single fields.
 * Each field names where it lives in the kernel and when it changed.
 */

import type { CwndValidateRule } from './cwnd-validate';
import type { HystartRule } from './cc/hystart';
import type { TcpSkbHead } from '../skb-truesize';

/** tcp_small_queue_check's shortcut for an (almost) empty retransmit queue. */
export type TsqShortcut = 'none' | 'empty' | 'single';
/** How TCP paces itself: not at all (< 4.13, only fq paces), one hrtimer per skb (4.13–4.19), EDT (4.20+). */
export type PacingMode = 'none' | 'hrtimer' | 'edt';
/** CONFIG_HZ (kernel/Kconfig.hz offers these four): the jiffy of timer_list timers and of the clocks kept in jiffies. */
export type Hz = 100 | 250 | 300 | 1000;
/** What tcp_tso_should_defer measures "the last send was recent" with. */
export type TsoDeferClock = 'tso_deferred' | 'lsndtime' | 'wstamp';

export interface KernelFeatures {
  /**
   * TSQ's limit comes from the pacing rate (3.19+: max(2·truesize, rate >> shift),
   * capped by tcp_limit_output_bytes); false is v3.6–3.11, where the test is
   * `sk_wmem_alloc >= tcp_limit_output_bytes` alone.
   */
  tsqDynamicLimit: boolean;
  /** The tcp_limit_output_bytes cap applies only to unpaced sockets (c73e5807e4f6, 5.0 .. 6.15). */
  tsqCapOnlyUnpaced: boolean;
  /**
   * Send although over the limit when the retransmit queue is empty, or holds
   * a single skb: 75eefc6c59fd (4.10) had both, 75c119afe14f (4.15) lost the
   * single-skb case, f921a4a5bffa (6.6, and 6.1.60 / 5.10.199 stable) restored it.
   */
  tsqShortcut: TsqShortcut;
  /** tcp_small_queue_check(sk, skb, 1) doubles the limit for retransmits ("tcp: implement TSQ for retransmits", 2016). */
  tsqRetransmitFactor: boolean;
  /** sk_pacing_rate exists (3.12+): TSQ and autosizing have a rate term. */
  pacingRate: boolean;
  /** tcp_tso_autosize (3.12+); before it skbs are as large as gso_max_size and cwnd allow. */
  tsoAutosize: boolean;
  /** tcp_xmit_size_goal caps skbs at half of tcp_limit_output_bytes (v3.6–3.18). */
  tsoHalfTsqLimit: boolean;
  /**
   * net.ipv4.tcp_tso_rtt_log (65466904b015, 5.18; default 9): autosizing adds
   * gso_max_size >> (min_rtt_us >> log). null: the kernel has no such bonus
   * (before 5.18); 0 is the kernel's own value for "off" (min_rtt_us >> 0,
   * which still gives a bonus below 32 µs).
   */
  tcpTsoRttLog: number | null;
  /** net.ipv4.tcp_min_tso_segs (3.12+, default 2). */
  tcpMinTsoSegs: number;
  /** tcp: switch to GSO being always on (0a6b2a1dc2a2, 4.17). */
  gsoAlwaysOn: boolean;
  /** tcp_should_autocork: net.ipv4.tcp_autocorking (f54b311142a9, 3.14, default 1). */
  tcpAutocorking: boolean;
  /** net.ipv4.tcp_pacing_ss_ratio / tcp_pacing_ca_ratio (43e122b014c9; 200 and 120). */
  tcpPacingSsRatio: number;
  tcpPacingCaRatio: number;
  /** Internal pacing: none (< 4.13), an hrtimer per skb (218af599fa63, 4.13), EDT (ab408b6dc744, 4.20). */
  pacing: PacingMode;
  /**
   * tcp_tso_should_defer's "last send was recent" test: tp->tso_deferred,
   * at most two jiffies (≤ 3.18); the send being in the current jiffy,
   * tp->lsndtime (3.19–4.19); within 1 ms of tcp_wstamp_ns (a682850a114a, 4.20).
   */
  tsoDeferClock: TsoDeferClock;
  /** tcp_tso_should_defer sends now when the oldest unacked skb left less than srtt/2 ago (50c8339e9299, 4.0). */
  tsoDeferAgeCheck: boolean;
  /**
   * RTT samples, srtt and the RTO in µs (740b0f1841f6 "tcp: switch rtt estimations to usec
   * resolution", 3.15); false: in jiffies, as v3.6 kept them.
   */
  rttUsecs: boolean;
  /**
   * The TCP timestamp option counts ms (9a568de4818d "tcp: switch TCP TS option (RFC 7323) to 1ms
   * clock", 4.13); false: jiffies (tcp_time_stamp). RTT samples from an echoed TSval use this tick.
   */
  tcpTsClockMs: boolean;
  /** CONFIG_HZ. */
  hz: Hz;
  /** timer_list timers sit in a wheel of level granularity, rounded up (4.8+, ../jiffies.ts); before, they run on their tick. */
  timerWheelLevels: boolean;
  /**
   * When cwnd may grow (./cwnd-validate.ts): tcp_is_cwnd_limited at ACK time (≤ 3.15), max_packets_out
   * per window (ca8a22634381, 3.16), also when tcp_write_xmit sent nothing (299bcb55ecd1, 5.11), and
   * is_cwnd_limited kept for the window (f4ce91ce12a7, 6.0).
   */
  cwndValidate: CwndValidateRule;
  /**
   * How a TCP skb's head is allocated, so what truesize it is charged (../skb-truesize.ts): a 2 KB
   * head with 1408 bytes of linear payload (≤ 4.14), a 640-byte head from kmalloc-1024 (4.15–6.2),
   * from the skbuff_small_head cache (bf9f1baa279f, 6.3).
   */
  tcpSkbHead: TcpSkbHead;
  /** net.ipv4.tcp_slow_start_after_idle (default 1): tcp_cwnd_restart and tcp_cwnd_application_limited. */
  tcpSlowStartAfterIdle: boolean;
  /**
   * CUBIC's HyStart (net/ipv4/tcp_cubic.c, ./cc/hystart.ts): ms clock and a 6.25 % delay threshold
   * (≤ 42eef7a0bb09, 2013), 12.5 % (to 5.5), µs clock with pacing-aware ACK trains (5.6), every
   * sample lowering the round's RTT (5.8), the round reset per ACK (4e1fddc98d25, 5.16), before the
   * low-window test (25c1a9ca53db, 6.14).
   */
  hystart: HystartRule;
  /**
   * BBR v1's cwnd headroom for ACK aggregation (net/ipv4/tcp_bbr.c bbr_update_ack_aggregation,
   * bbr_ack_aggregation_cwnd; 78dc70ebaa38 "tcp_bbr: adapt cwnd based on ack aggregation
   * estimation", committed Jan 2019 after 5.0's merge window: 5.1, and 4.19.148 stable).
   */
  bbrAckAggregation: boolean;
}

/** TCP paces itself (SK_PACING_NEEDED is honoured) in this kernel. */
export function hasInternalPacing(k: KernelFeatures): boolean {
  return k.pacing !== 'none';
}

/** Earliest Departure Time: tcp_wstamp_ns, skb->tstamp departure stamps, and fq honouring them. */
export function hasEdt(k: KernelFeatures): boolean {
  return k.pacing === 'edt';
}
