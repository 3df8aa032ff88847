/**
 * The WiFi driver interface: what every driver family (ath9k, brcmfmac,
 * ath10k, mt76) offers the scenario builder, and what it is given. A driver
 * family is a folder with a factory (./drivers.ts lists them); the builder
 * never reaches into a driver's internals.
 *
 * Down the stack a driver receives frames in one of two ways, as the kernel
 * hands them over:
 * - mac80211 drivers with intermediate TXQs (iTXQ): ieee80211_subif_start_xmit
 *   queues the frame in mac80211 (../mac80211/mac80211-txq.ts), which calls
 *   the driver's wake_tx_queue op (Mac80211Driver); the driver pulls with
 *   ieee80211_tx_dequeue when its hardware or firmware has room;
 * - drivers below the qdisc (FullMAC brcmfmac, ath9k before 4.10): the
 *   netdev's ndo_start_xmit with netif stop/wake flow control (TxDriver).
 * Back up comes the TX status of each frame: ieee80211_tx_status(_ext)
 * (Mac80211.txStatus: AQL release, airtime, then the skb free whose
 * destructor is tcp_wfree), or the driver's own free for the second kind.
 * Either way the hooks below carry the skb to the stack.
 */
import type { Rng } from '../../engine/rng';
import type { Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Cpu, CpuCosts } from '../cpu/cpu';
import type { TxDriver } from '../nic/driver';
import type { Skb } from '../skb';
import type { Mac80211 } from './mac80211/mac80211-txq';
import type { AirtimeDrrForm, AqlLimits } from './mac80211/mac80211-airtime';
import type { AqlEstimateForm } from './mac80211/airtime-estimate';
import type { MinstrelEra } from './mac80211/minstrel-rc';
import type { Medium } from './medium/medium';
import type { Band, PhyRate } from './types';
import type { MpduLoss } from './phy/link-error';

/** What the kernel era decides for mac80211 (the builder reads it from the era and the scenario). */
export interface Mac80211Settings {
  /** Per-station CoDel override for slow stations (2016–2025). */
  slowStationCodel: boolean;
  /** Airtime DRR across stations (NL80211_EXT_FEATURE_AIRTIME_FAIRNESS), where the scenario turns it on. */
  airtimeFairness: boolean;
  /** The era's form of mac80211's airtime DRR (v5.1–v5.13, or v6.0+: mac80211/mac80211-airtime.ts). */
  airtimeDrr: AirtimeDrrForm;
  /** The era's AQL limits, or null where AQL is off (era without it, or the scenario turned it off). */
  aql: AqlLimits | null;
  /** hw.tx_sk_pacing_shift default of the era's mac80211 (null: mac80211 of that era calls no update). */
  txSkPacingShift: number | null;
  /** The era's minstrel_ht (mac80211/minstrel-rc.ts); absent: 'v4.9'. */
  minstrel?: MinstrelEra;
  /** The era's AQL airtime estimate (mac80211/airtime-estimate.ts); absent: 'v5.9'. */
  aqlEstimate?: AqlEstimateForm;
}

/** Where frames and counts leave a radio. */
export interface RadioHooks {
  /** A frame reached its receiver over the air. */
  deliver(skb: Skb, nowNs: Ns): void;
  /** The skb is freed: its destructor (tcp_wfree for TCP data) runs. */
  free(skb: Skb, nowNs: Ns): void;
  /** mac80211 or the qdisc layer dropped it (counted in the summary's drops). */
  drop(skb: Skb, nowNs: Ns): void;
  /** One transmission on the air: MPDUs, PSDU bytes, receiver node. */
  onAggregate(nframes: number, bytes: number, dst: number, nowNs: Ns): void;
  /** A received frame the driver hands to the host itself (FullMAC bus, firmware RX path). */
  receive(txNode: number, skb: Skb, nowNs: Ns): void;
}

/** Everything a driver factory is handed to build one radio. */
export interface WifiDriverContext {
  sim: Sim;
  medium: Medium;
  /** The radio's node index on the medium (0: the scenario's main device). */
  node: number;
  /** The nodes it talks to. */
  peers: readonly number[];
  band: Band;
  /** The rate this radio uses to reach `dst`: pinned, or the best rate rate control may pick. */
  rateTo(dst: number): PhyRate;
  /** Loss probability of a full-size MPDU to `dst` (0: clean channel) where the scenario pins one. */
  frameErrorRate(dst: number): number;
  /** The link to `dst`: MPDU loss by rate and length, from its SNR or its pinned frame error rate. */
  loss(dst: number): MpduLoss;
  /** Who picks the rate to `dst`: rate control from rateTo(dst) down ('minstrel_ht'), or rateTo(dst) itself ('fixed'). */
  rateControl(dst: number): 'fixed' | 'minstrel_ht';
  /** A non-ERP (802.11b) station shares the 2.4 GHz channel: OFDM/HT PPDUs need ERP protection. */
  erpProtection: boolean;
  mac80211: Mac80211Settings;
  /** The host CPU the driver's work runs on, when the radio is the one whose host is modelled (else null). */
  cpu: Cpu | null;
  costs: CpuCosts;
  hooks: RadioHooks;
  /** A child generator for this radio (forked where the builder has always forked it, for reproducibility). */
  forkRng(salt: number): Rng;
}

/** One layer below the qdisc, in bytes: the occupancy panel and the packet path show it. */
export interface RadioLayer {
  key: string;
  label: string;
  /** Stack order from the socket down (the qdisc is 1, the air 5). */
  order: number;
  read(): number;
}

/** A series a driver publishes besides its layers (completion latency, firmware queue in frames). */
export interface RadioSeries {
  key: string;
  label: string;
  unit: string;
  panel: 'tcp' | 'cpu';
  read(nowNs: Ns): number;
  role?: 'completion';
}

/**
 * A place in the driver where a traced skb's hops happen (../../skb-trace.ts),
 * and the occupancy layer (a RadioLayer key, or occ.air) that counts the skb
 * after a hop there: `series` for every kind, unless `byKind` names one.
 */
export interface RadioTraceSite {
  obj: object;
  label: string;
  series: string | null;
  byKind?: Partial<Record<number, string | null>>;
}

/** Driver-level figures for the summary (NaN where a driver has none). */
export interface RadioSummary {
  /** Median time from the driver handing a frame to firmware/hardware to its TX status reaching the host (µs). */
  medianStatusUs: number;
  /** Time-averaged bytes held by firmware or hardware queues, not on the air, since the measurement began. */
  meanFirmwareBytes: number;
}

/** A built radio as the scenario builder sees it. */
export interface WifiRadio {
  readonly node: number;
  /** The family's name, as `wifi.driver` spells it. */
  readonly family: string;
  /** What the netdev transmits into: mac80211's subif_start_xmit, or the driver's ndo_start_xmit. */
  readonly netdev: TxDriver;
  /** mac80211 of this radio, if the driver uses intermediate TXQs. */
  readonly mac: Mac80211 | null;
  /** The driver object itself (tests and probes that know the family may read it). */
  readonly driver: object;
  /** The BlockAck window of the sessions it originates (its receivers' reorder buffer); 64 if absent. */
  readonly baWindow?: number;
  /** Layers below mac80211 for the occupancy panel, each byte in one layer. */
  layers(): readonly RadioLayer[];
  /** Other series the driver publishes. */
  series(): readonly RadioSeries[];
  /** Where the driver's own hops of a traced skb happen, each with the layer that counts it after a hop there. */
  traceSites?(): readonly RadioTraceSite[];
  /** Bytes below the qdisc for frames to `dst` (mac80211 TXQs and driver). */
  queuedFor(dst: number): number;
  /** Frames the driver dropped or gave up without going through RadioHooks.drop. */
  ownDrops(): number;
  /** The radio's own reception path, if frames addressed to it do not take the default one. */
  receiveFromAir?(skb: Skb, txNode: number, nowNs: Ns): void;
  /** Called at the end of warm-up: summaries start from here. */
  beginMeasurement?(nowNs: Ns): void;
  summary?(nowNs: Ns): RadioSummary;
  /** brcmfmac's live fcmode switch (the only live driver knob so far). */
  setFcMode?(mode: 0 | 1 | 2, nowNs: Ns): void;
}

/**
 * A driver family. `config` is the family's own block of the scenario
 * (typed by the family); the builder passes it through untouched.
 */
export interface WifiDriverFactory<C = unknown> {
  readonly id: string;
  /** Whether the family can be the scenario's peer radios (AP or stations), or only the main device. */
  readonly canBePeer: boolean;
  create(ctx: WifiDriverContext, config: C): WifiRadio;
}
