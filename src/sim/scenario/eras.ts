/**
 * Kernel-era profiles: the formulas and defaults that changed over time in
 * net/ipv4/tcp_output.c, tcp_ipv4.c, tcp_input.c and net/mac80211. A preset
 * names its era; the user may switch it in the explorer.
 */

export type EraId = '3.6' | '4.1' | '4.9' | '4.16' | '4.17' | '5.4' | '6.6' | '6.16';

export interface EraProfile {
  id: EraId;
  label: string;
  /** sysctl_tcp_limit_output_bytes default. */
  limitOutputBytes: number;
  /** TSQ limit term from the pacing rate (3.12+: "TSQ can use a dynamic limit"). */
  tsqDynamicLimit: boolean;
  /** The cap applies only to unpaced sockets (c73e5807e4f6, 2018 → 4.20/5.0 .. 6.15). */
  tsqCapOnlyUnpaced: boolean;
  /** Rtx-queue shortcut: 'none' (before 75eefc6c59fd), 'empty' (rb-tree era), 'single' (2016 and again from 2023). */
  tsqShortcut: 'none' | 'empty' | 'single';
  /** factor = 1 for retransmits (tcp_small_queue_check(sk, skb, 1)). */
  tsqRetransmitFactor: boolean;
  /** tcp_tso_autosize exists (3.12+); before it TSO skbs are as large as cwnd allows. */
  tsoAutosize: boolean;
  /** min_rtt bonus in tcp_tso_autosize (65466904b015, 2022). */
  tsoRttBonus: boolean;
  /**
   * tcp_xmit_size_goal caps skbs at half of tcp_limit_output_bytes, "so that
   * we have two TSO packets in flight" (46d3ceabd8d9, v3.6; gone with the
   * rewrite of 605ad7f184b6, v3.19).
   */
  tsoHalfTsqLimit: boolean;
  /** TCP can pace internally with an hrtimer (4.13+). */
  internalPacing: boolean;
  /** Earliest Departure Time model (4.20+): absolute wstamp, EDT stamps on skbs, fq honours them. */
  edt: boolean;
  /** tcp: switch to GSO being always on (4.17). */
  gsoAlwaysOn: boolean;
  /** sk_pacing_rate exists (3.12+); before, TSQ and autosizing have no rate term. */
  pacingRate: boolean;
  /** Value mac80211 passes to sk_pacing_shift_update for local sockets (null: none in this era). */
  mac80211PacingShift: number | null;
  /** mac80211 per-station CoDel override for slow stations (2016–2025). */
  mac80211SlowStationCodel: boolean;
  /** Airtime fairness scheduler in mac80211 (Dec 2018+). */
  mac80211Airtime: boolean;
  /**
   * ath9k's TID round robin moves a TID that found the hardware queue full to
   * the tail (ath_txq_schedule up to v4.13, also with mac80211 TXQs as first
   * merged); from v4.14 (acq_new/acq_old) that TID keeps its place.
   */
  ath9kRotatingRoundRobin: boolean;
  /** AQL defaults (2019+). */
  mac80211Aql: { lowUs: number; highUs: number; thresholdUs: number } | null;
  /** BBR pacing margin (bbr_pacing_margin_percent, 4.20+). */
  bbrPacingMarginPercent: number;
  /**
   * tcp_cwnd_validate remembers cwnd-limited moments within a round (2022
   * fix "tcp: fix tcp_cwnd_validate() to not forget is_cwnd_limited"); before
   * it, only the flight that set a new max_packets_out counted.
   */
  cwndLimitedSticky: boolean;
}

const base: EraProfile = {
  id: '6.6',
  label: 'Linux 6.6 (2023)',
  limitOutputBytes: 1_048_576,
  tsqDynamicLimit: true,
  tsqCapOnlyUnpaced: true,
  tsqShortcut: 'single',
  tsqRetransmitFactor: true,
  tsoAutosize: true,
  tsoRttBonus: true,
  tsoHalfTsqLimit: false,
  internalPacing: true,
  edt: true,
  gsoAlwaysOn: true,
  pacingRate: true,
  mac80211PacingShift: 7,
  mac80211SlowStationCodel: true,
  mac80211Airtime: true,
  ath9kRotatingRoundRobin: false,
  mac80211Aql: { lowUs: 5000, highUs: 12000, thresholdUs: 24000 },
  bbrPacingMarginPercent: 1,
  cwndLimitedSticky: true,
};

/**
 * Whether the era has TCP_TX_DELAY (setsockopt, 5.4): it delays packets
 * through their EDT stamp, so it came with, and needs, an EDT kernel.
 */
export function hasTcpTxDelay(era: EraProfile): boolean {
  return era.edt;
}

export const ERAS: Readonly<Record<EraId, EraProfile>> = {
  '3.6': {
    ...base,
    cwndLimitedSticky: false,
    id: '3.6',
    label: 'Linux 3.6 (2012, first TSQ)',
    limitOutputBytes: 131_072,
    tsqDynamicLimit: false,
    tsqCapOnlyUnpaced: false,
    tsqShortcut: 'none',
    tsqRetransmitFactor: false,
    tsoAutosize: false,
    tsoRttBonus: false,
    tsoHalfTsqLimit: true,
    internalPacing: false,
    edt: false,
    gsoAlwaysOn: false,
    pacingRate: false,
    mac80211PacingShift: null,
    mac80211SlowStationCodel: false,
    mac80211Airtime: false,
    ath9kRotatingRoundRobin: true,
    mac80211Aql: null,
    bbrPacingMarginPercent: 0,
  },
  '4.1': {
    ...base,
    cwndLimitedSticky: false,
    id: '4.1',
    label: 'Linux 4.1 (2015, inline TSQ, global cap)',
    limitOutputBytes: 131_072,
    tsqCapOnlyUnpaced: false,
    tsqShortcut: 'none',
    tsqRetransmitFactor: false,
    tsoRttBonus: false,
    internalPacing: false,
    edt: false,
    gsoAlwaysOn: false,
    mac80211PacingShift: null,
    mac80211SlowStationCodel: false,
    mac80211Airtime: false,
    ath9kRotatingRoundRobin: true,
    mac80211Aql: null,
    bbrPacingMarginPercent: 0,
  },
  '4.9': {
    ...base,
    cwndLimitedSticky: false,
    id: '4.9',
    label: 'Linux 4.9 (2016, ath9k moves to mac80211 TXQs)',
    limitOutputBytes: 262_144,
    tsqCapOnlyUnpaced: false,
    tsqShortcut: 'none',
    tsqRetransmitFactor: false,
    tsoRttBonus: false,
    internalPacing: false,
    edt: false,
    gsoAlwaysOn: false,
    mac80211PacingShift: null,
    mac80211SlowStationCodel: true,
    mac80211Airtime: false,
    ath9kRotatingRoundRobin: true,
    mac80211Aql: null,
    bbrPacingMarginPercent: 0,
  },
  '4.16': {
    ...base,
    cwndLimitedSticky: false,
    id: '4.16',
    label: 'Linux 4.16 (2018, before GSO always on)',
    limitOutputBytes: 262_144,
    tsqCapOnlyUnpaced: false,
    tsqShortcut: 'empty',
    tsoRttBonus: false,
    edt: false,
    gsoAlwaysOn: false,
    mac80211PacingShift: 8,
    mac80211Airtime: false,
    mac80211Aql: null,
    bbrPacingMarginPercent: 0,
  },
  '4.17': {
    ...base,
    cwndLimitedSticky: false,
    id: '4.17',
    label: 'Linux 4.17 (2018, GSO always on)',
    limitOutputBytes: 262_144,
    tsqCapOnlyUnpaced: false,
    tsqShortcut: 'empty',
    tsoRttBonus: false,
    edt: false,
    gsoAlwaysOn: true,
    mac80211PacingShift: 8,
    mac80211Airtime: false,
    mac80211Aql: null,
    bbrPacingMarginPercent: 0,
  },
  '5.4': {
    ...base,
    cwndLimitedSticky: false,
    id: '5.4',
    label: 'Linux 5.4 (2019, EDT)',
    tsqShortcut: 'empty',
    tsoRttBonus: false,
    mac80211Aql: { lowUs: 5000, highUs: 12000, thresholdUs: 24000 },
  },
  '6.6': base,
  '6.16': {
    ...base,
    id: '6.16',
    label: 'Linux 6.16 (2025, 4 MB cap for every socket)',
    limitOutputBytes: 4_194_304,
    tsqCapOnlyUnpaced: false,
    mac80211SlowStationCodel: false,
  },
};

export const ERA_IDS = Object.keys(ERAS) as EraId[];

/**
 * BBR v1 details by era: 4.20 added the 1 % pacing margin, 5.1 the ACK
 * aggregation headroom; the small-BDP boost and the min_rtt refresh on equal
 * samples follow the same split (approximate).
 */
export function bbrOptions(era: EraProfile): {
  pacingMarginPercent: number;
  extraAckedGain: number;
  probeBwSmallBdpBoost: boolean;
  minRttRefreshOnEqual: boolean;
} {
  return era.edt
    ? {
        pacingMarginPercent: era.bbrPacingMarginPercent,
        extraAckedGain: 256,
        probeBwSmallBdpBoost: true,
        minRttRefreshOnEqual: true,
      }
    : { pacingMarginPercent: 0, extraAckedGain: 0, probeBwSmallBdpBoost: false, minRttRefreshOnEqual: true };
}
