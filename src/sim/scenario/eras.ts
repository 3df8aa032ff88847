/**
 * Kernel-era profiles: what changed over time in net/ipv4/tcp_output.c,
 * tcp.c, tcp_input.c, tcp_ipv4.c, net/sched/sch_fq.c and net/mac80211. An
 * era is the default of every kernel behaviour (`kernel`, the model's
 * KernelFeatures); a scenario's `kernel` block overrides single ones
 * (./kernel.ts). A preset names its era; the user may switch it.
 */
import type { KernelFeatures } from '../model/tcp/kernel-features';

export type EraId = '3.6' | '4.1' | '4.9' | '4.16' | '4.17' | '5.4' | '6.1' | '6.6' | '6.16';

export interface EraProfile {
  id: EraId;
  label: string;
  /** The TCP and qdisc behaviours of this kernel (defaults of the scenario's `kernel` block). */
  kernel: KernelFeatures;
  /** sysctl_tcp_limit_output_bytes default. */
  limitOutputBytes: number;
  /** Value mac80211 passes to sk_pacing_shift_update for local sockets (null: none in this era). */
  mac80211PacingShift: number | null;
  /** mac80211 per-station CoDel override for slow stations (2016–2025). */
  mac80211SlowStationCodel: boolean;
  /** Airtime fairness scheduler in mac80211 (Dec 2018+). */
  mac80211Airtime: boolean;
  /**
   * Which DRR mac80211's ieee80211_next_txq runs: 'v5.1' (b4809e9484da,
   * v5.1–v5.13), or 'v6.0' (942741dabcb4 and its series, June 2022: deficit
   * net of AQL pending airtime, per-PHY AQL limit). v5.14–v5.19 ran a
   * virtual-time scheduler (2433647bc8d9) that no era here falls in.
   */
  mac80211AirtimeDrr: 'v5.1' | 'v6.0';
  /**
   * ath9k schedules stations by airtime itself (63fefa050477, v4.11, until
   * it moved onto mac80211's scheduler in v5.1): ath_txq_schedule's
   * acq_new/acq_old lists with a per-station deficit of 300 µs quanta.
   */
  ath9kOwnAirtime: boolean;
  /**
   * ath9k's TID round robin moves a TID that found the hardware queue full to
   * the tail (ath_txq_schedule up to v4.13, also with mac80211 TXQs as first
   * merged); from v4.14 (acq_new/acq_old) that TID keeps its place.
   */
  ath9kRotatingRoundRobin: boolean;
  /**
   * minstrel_ht: the v4.9–v4.19 code (EWMA, per-frame sampling; v5.4 still ran it), or the
   * v5.12+ code (filtered prob_avg, sample rate sets; 80d55154b2f8 and its series).
   */
  mac80211Minstrel: 'v4.9' | 'v5.12';
  /**
   * AQL's airtime estimate: per frame unaggregated as merged in v5.5, or with the rate's
   * aggregation estimate (agg_shift, f01cfbaf9b29 and 1f38b8c564b8, v5.9).
   */
  mac80211AqlEstimate: 'v5.5' | 'v5.9';
  /** AQL defaults (2019+). */
  mac80211Aql: { lowUs: number; highUs: number; thresholdUs: number } | null;
  /** BBR pacing margin (bbr_pacing_margin_percent, 4.20+). */
  bbrPacingMarginPercent: number;
}

/** Linux 6.6 (the base the other eras differ from). */
const k66: KernelFeatures = {
  tsqDynamicLimit: true,
  tsqCapOnlyUnpaced: true,
  tsqShortcut: 'single',
  tsqRetransmitFactor: true,
  pacingRate: true,
  tsoAutosize: true,
  tsoHalfTsqLimit: false,
  tcpTsoRttLog: 9,
  tcpMinTsoSegs: 2,
  gsoAlwaysOn: true,
  tcpAutocorking: true,
  tcpPacingSsRatio: 200,
  tcpPacingCaRatio: 120,
  pacing: 'edt',
  tsoDeferClock: 'wstamp',
  tsoDeferAgeCheck: true,
  rttUsecs: true,
  tcpTsClockMs: true,
  // Kconfig's default (kernel/Kconfig.hz: HZ_250); ARM32 defconfigs default to 100.
  hz: 250,
  timerWheelLevels: true,
  cwndValidate: 'usage-seq',
  tcpSlowStartAfterIdle: true,
  tcpSkbHead: 'small-head-cache',
  hystart: 'us-round-per-ack',
  bbrAckAggregation: true,
};

/** Linux 4.1: inline TSQ under a global cap, autosizing, no internal pacing. */
const k41: KernelFeatures = {
  ...k66,
  tsqCapOnlyUnpaced: false,
  tsqShortcut: 'none',
  tsqRetransmitFactor: false,
  tcpTsoRttLog: null,
  gsoAlwaysOn: false,
  pacing: 'none',
  tcpTsClockMs: false,
  tsoDeferClock: 'lsndtime',
  timerWheelLevels: false,
  cwndValidate: 'max-packets',
  tcpSkbHead: 'linear-2k',
  hystart: 'ms',
  bbrAckAggregation: false,
};

/** Linux 4.16: tcp_small_queue_check with the rtx-queue shortcut, hrtimer pacing. */
const k416: KernelFeatures = {
  ...k41,
  timerWheelLevels: true,
  tsqShortcut: 'empty',
  tsqRetransmitFactor: true,
  pacing: 'hrtimer',
  tcpTsClockMs: true,
  tcpSkbHead: 'kmalloc',
};

const base: EraProfile = {
  id: '6.6',
  label: 'Linux 6.6 (2023)',
  kernel: k66,
  limitOutputBytes: 1_048_576,
  mac80211PacingShift: 7,
  mac80211SlowStationCodel: true,
  mac80211Airtime: true,
  mac80211AirtimeDrr: 'v6.0',
  ath9kOwnAirtime: false,
  ath9kRotatingRoundRobin: false,
  mac80211Minstrel: 'v5.12',
  mac80211AqlEstimate: 'v5.9',
  mac80211Aql: { lowUs: 5000, highUs: 12000, thresholdUs: 24000 },
  bbrPacingMarginPercent: 1,
};

/** Before 4.20: no BBR pacing margin, no AQL, no airtime scheduler. */
const pre420 = {
  mac80211Airtime: false,
  mac80211AirtimeDrr: 'v5.1',
  mac80211Minstrel: 'v4.9',
  mac80211AqlEstimate: 'v5.5',
  mac80211Aql: null,
  bbrPacingMarginPercent: 0,
} as const;

export const ERAS: Readonly<Record<EraId, EraProfile>> = {
  '3.6': {
    ...base,
    ...pre420,
    id: '3.6',
    label: 'Linux 3.6 (2012, first TSQ)',
    kernel: {
      ...k41,
      tsqDynamicLimit: false,
      pacingRate: false,
      tsoAutosize: false,
      tsoHalfTsqLimit: true,
      tcpAutocorking: false,
      tsoDeferClock: 'tso_deferred',
      tsoDeferAgeCheck: false,
      rttUsecs: false,
      cwndValidate: 'inflight',
      hystart: 'ms-16th',
    },
    limitOutputBytes: 131_072,
    mac80211PacingShift: null,
    mac80211SlowStationCodel: false,
    ath9kRotatingRoundRobin: true,
  },
  '4.1': {
    ...base,
    ...pre420,
    id: '4.1',
    label: 'Linux 4.1 (2015, inline TSQ, global cap)',
    kernel: k41,
    limitOutputBytes: 131_072,
    mac80211PacingShift: null,
    mac80211SlowStationCodel: false,
    ath9kRotatingRoundRobin: true,
  },
  '4.9': {
    ...base,
    ...pre420,
    id: '4.9',
    label: 'Linux 4.9 (2016, ath9k moves to mac80211 TXQs)',
    kernel: { ...k41, timerWheelLevels: true },
    limitOutputBytes: 262_144,
    mac80211PacingShift: null,
    ath9kRotatingRoundRobin: true,
  },
  '4.16': {
    ...base,
    ...pre420,
    id: '4.16',
    label: 'Linux 4.16 (2018, before GSO always on)',
    kernel: k416,
    limitOutputBytes: 262_144,
    mac80211PacingShift: 8,
    ath9kOwnAirtime: true,
  },
  '4.17': {
    ...base,
    ...pre420,
    id: '4.17',
    label: 'Linux 4.17 (2018, GSO always on)',
    kernel: { ...k416, gsoAlwaysOn: true },
    limitOutputBytes: 262_144,
    mac80211PacingShift: 8,
    ath9kOwnAirtime: true,
  },
  '5.4': {
    ...base,
    id: '5.4',
    label: 'Linux 5.4 (2019, EDT)',
    mac80211AirtimeDrr: 'v5.1',
    mac80211Minstrel: 'v4.9',
    mac80211AqlEstimate: 'v5.5',
    kernel: {
      ...k66,
      tsqShortcut: 'empty',
      tcpTsoRttLog: null,
      cwndValidate: 'max-packets',
      tcpSkbHead: 'kmalloc',
      hystart: 'ms',
    },
  },
  '6.1': {
    ...base,
    id: '6.1',
    label: 'Linux 6.1 (2022–2023: min_rtt TSO bonus, TSQ shortcut only for an empty rtx queue)',
    kernel: { ...k66, tsqShortcut: 'empty', tcpSkbHead: 'kmalloc' },
  },
  '6.6': base,
  '6.16': {
    ...base,
    id: '6.16',
    label: 'Linux 6.16 (2025, 4 MB cap for every socket)',
    kernel: { ...k66, tsqCapOnlyUnpaced: false, hystart: 'us-reset-first' },
    limitOutputBytes: 4_194_304,
    mac80211SlowStationCodel: false,
  },
};

export const ERA_IDS = Object.keys(ERAS) as EraId[];

/**
 * BBR v1 details by era: 4.20 added the 1 % pacing margin and the EDT
 * correction (bbr_packets_in_net_at_edt), 5.1 the ACK aggregation headroom
 * (its own kernel toggle, KernelFeatures.bbrAckAggregation, which a scenario's
 * kernel.bbr_ack_aggregation overrides: pass the resolved features);
 * the small-BDP boost follows the same split (approximate); the min_rtt
 * refresh on equal samples ended with the Nov 2020 fix (5.10).
 */
export function bbrOptions(
  era: EraProfile,
  kernel: Pick<KernelFeatures, 'bbrAckAggregation'> = era.kernel,
): {
  pacingMarginPercent: number;
  extraAckedGain: number;
  probeBwSmallBdpBoost: boolean;
  minRttRefreshOnEqual: boolean;
  edt: boolean;
} {
  const minRttRefreshOnEqual = !['6.1', '6.6', '6.16'].includes(era.id);
  const extraAckedGain = kernel.bbrAckAggregation ? 256 : 0;
  return era.kernel.pacing === 'edt'
    ? {
        pacingMarginPercent: era.bbrPacingMarginPercent,
        extraAckedGain,
        probeBwSmallBdpBoost: true,
        minRttRefreshOnEqual,
        edt: true,
      }
    : {
        pacingMarginPercent: 0,
        extraAckedGain,
        probeBwSmallBdpBoost: false,
        minRttRefreshOnEqual,
        edt: false,
      };
}

/**
 * Whether the era has TCP_TX_DELAY (setsockopt, 5.4): it delays packets
 * through their EDT stamp, so it came with, and needs, an EDT kernel.
 */
export function hasTcpTxDelay(era: EraProfile): boolean {
  return era.kernel.pacing === 'edt';
}
