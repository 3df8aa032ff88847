/**
 * A built scenario: the engine, the senders and receivers, the queues whose
 * occupancy is charted, the recorder, and the summary computed from them.
 * Builders (build-wired.ts, build-wifi.ts) fill it in.
 */
import type { SeriesSpec, StepSeries, Summary } from '../api';
import { Reservoir } from '../metrics/reservoir';
import { IntervalMean } from '../model/wifi/offload/time-average';
import type { EventTarget, Sim } from '../engine/sim';
import { preferMutableFields } from '../engine/double-fields';
import { NS_PER_MS, type Ns } from '../engine/time';
import { Recorder } from '../metrics/recorder';
import type { StepSampler } from '../metrics/step-sampler';
import { stepSamplerOf } from './step-flows';
import type { Cpu } from '../model/cpu/cpu';
import type { WiredNic } from '../model/nic/wired-nic';
import type { Qdisc } from '../model/qdisc/qdisc';
import { type Skb, SkbKind } from '../model/skb';
import { Hop } from '../model/skb-trace';
import type { SiteSpec, SkbTracer } from '../metrics/skb-tracer';
import { pingRequest } from '../model/ping';
import type { TcpReceiver } from '../model/tcp/receiver';
import type { TcpSender } from '../model/tcp/sender';
import { AirtimeAccount } from './airtime-account';
import { FlowShares, type FlowTimes } from './flow-shares';
import { FlowStats } from './flow-stats';
import type { WifiNet } from './wifi-net';
import type { EraProfile } from './eras';
import { kernelFeatures } from './kernel';
import type { KernelFeatures } from '../model/tcp/kernel-features';
import type { Scenario } from './scenario';
import { MeasureBase } from './measure-base';
import { modelSummary } from './model-summary';
import type { UdpFlows } from './udp-flows';
import type { UdpProbes } from './udp-probes';

const K_SAMPLE = 1;
const K_WARMUP = 2;
const K_PING = 3;
const K_START = 4;
const K_STEP = 5;
const K_STOP = 6;

export class Model implements EventTarget {
  readonly recorder: Recorder;
  readonly senders: TcpSender[] = [];
  receivers: TcpReceiver[] = [];
  readonly qdiscs: Qdisc[] = [];
  /** A name per qdisc for summaries ("sender: fq_codel"); see addQdisc. */
  readonly qdiscNames: string[] = [];
  /** Per-flow and per-qdisc summaries (ss, tc), read by model-summary.ts. */
  readonly flowStats = new FlowStats();
  readonly bottlenecks: WiredNic[] = [];
  /** Shaper qdiscs at an interface's root (htb, tbf, cake), with their configured rate. */
  readonly shapers: { qdisc: Qdisc; rateBps: number; label: string; where: 'sender' | 'router' }[] = [];
  readonly series: SeriesSpec[] = [];
  // ---- per-flow lifetimes (tcp.perFlow) and the summary's flowShares
  /** When each sender's application starts and stops writing; builders fill it (default: 1 µs apart, never stopping). */
  readonly flowTimes: FlowTimes[] = [];
  /** Each flow's share of the run, read by model-summary.ts. */
  shares: FlowShares | null = null;
  /** Station names for per-station summaries (WiFi). */
  stationNames: string[] = [];
  driverBytes: () => number = () => 0;
  /** The router's root qdisc (wired scenarios with a router). */
  routerQdisc: Qdisc | null = null;
  pingOut: (skb: Skb, nowNs: Ns) => void = () => {};
  /** Packets dropped through dropFn (qdiscs, mac80211); the summary adds the WiFi modules' own counts. */
  drops = 0;
  /** The WiFi radios and reorder buffer (WiFi builder), whose own drop counters the summary adds. */
  wifiRadios: WifiNet | null = null;
  warmupEndNs: Ns;
  private measuring = false;
  /** The counters as they stood when the measurement began, and the TSQ sums since. */
  readonly measureBase = new MeasureBase();
  private pingSeq = 0;
  /** How often the probes are sampled (ns). */
  readonly sampleIntervalNs: Ns;
  /** Extra per-station delivered-bytes readers (WiFi). */
  stationBytes: (() => number)[] = [];
  /**
   * Per station, airtime spent with it so far (frames to it and from it, ns),
   * as mac80211's airtime accounting charges a station for TX and RX alike.
   */
  stationAirtime: (() => number)[] = [];
  /** Flent-style per-step samples, when a host asked for them (enableSteps). */
  private steps: StepSampler | null = null;
  /** The kernel behaviours in force: the era's, with the scenario's `kernel` block on top. */
  readonly kernel: KernelFeatures;

  constructor(
    readonly sim: Sim,
    readonly scenario: Scenario,
    readonly era: EraProfile,
    readonly cpu: Cpu,
    framesEnabled: boolean,
  ) {
    // Flent reads WiFi stats once per step, the step its pings use (0.2 s by default).
    const pingMs = scenario.pingIntervalMs;
    this.recorder = new Recorder(framesEnabled, (pingMs > 0 ? pingMs : 200) * NS_PER_MS);
    this.warmupEndNs = scenario.warmupMs * NS_PER_MS;
    this.sampleIntervalNs = Math.max(1000, Math.round(scenario.sampleIntervalUs * 1000));
    this.kernel = kernelFeatures(scenario);
    // Set at the end of the warm-up, mid-run (see engine/double-fields.ts).
    preferMutableFields(this, ['measuring']);
  }

  /** Frees an skb the way kfree_skb does: the destructor (tcp_wfree) runs. */
  readonly freeFn = (skb: Skb, nowNs: Ns): void => {
    if (skb.trace !== null) skb.trace.hop(Hop.TX_DONE, this, nowNs);
    skb.owner?.onSkbFree(skb, nowNs);
  };

  /** Payload bytes of TCP data dropped through dropFn, per flow (read-only; the conservation tests read it). */
  readonly droppedPayloadBytes: number[] = [];

  readonly dropFn = (skb: Skb, nowNs: Ns): void => {
    this.drops++;
    if (skb.trace !== null) skb.trace.hop(Hop.DROP, this, nowNs);
    if (skb.kind === SkbKind.DATA)
      this.droppedPayloadBytes[skb.flowId] = (this.droppedPayloadBytes[skb.flowId] ?? 0) + skb.lenBytes;
    skb.owner?.onSkbFree(skb, nowNs);
  };

  readonly senderHooks = {
    onCompletion: (_skb: Skb, latencyNs: Ns): void => {
      if (this.measuring) this.recorder.completionNs.add(latencyNs);
    },
    onThrottle: (startNs: Ns, endNs: Ns): void => this.recorder.throttled(startNs, endNs),
  };

  /** Fraction of time the WiFi medium was busy (builders for WiFi set the reader). */
  airtimeBusy: () => number = () => 0;
  /** Airtime per pair and in total, from the medium's TXOP records (WiFi). */
  readonly air = new AirtimeAccount();

  /** Station i's node: an AP's station i is node i + 1; a local sender's one station is its own link to the AP (node 1). */
  stationNode(i: number): number {
    return this.scenario.wifi?.topology === 'ap' ? i + 1 : 1;
  }

  /** The station a frame to `node` is for (the inverse of stationNode). */
  stationOf(node: number): number {
    return this.scenario.wifi?.topology === 'ap' ? node - 1 : 0;
  }

  /** PSDU bytes of the main radio's transmissions since the measurement began. */
  /** The sending radio's A-MPDU sizes in bytes since the measurement began. */
  readonly aggBytes = new Reservoir(16384);
  /** The same, averaged per sample for the aggregates panel. */
  readonly aggBytesMean = new IntervalMean();

  /** One A-MPDU (or single frame) sent by `node` to `dst`: charted, and per station when it is the main radio. */
  onAggregate(node: number, nframes: number, bytes: number, dst: number, nowNs: Ns): void {
    if (node !== 0) return;
    this.recorder.aggregate(nowNs, nframes, this.stationOf(dst), this.measuring);
    if (this.measuring) this.aggBytes.add(bytes);
    this.aggBytesMean.add(bytes);
  }

  /** Live brcmfmac FC-mode change (set by the WiFi builder). */
  setFcMode: (mode: 0 | 1 | 2) => void = () => {};

  /** Registers a qdisc whose backlog the summary reports, under `name`. */
  addQdisc(q: Qdisc, name: string): void {
    this.qdiscs.push(q);
    this.qdiscNames[this.qdiscs.length - 1] = name;
  }

  addBottleneck(nic: WiredNic): void {
    this.bottlenecks.push(nic);
  }

  /** Sum of in-order bytes delivered to all receivers. */
  deliveredBytes(): number {
    let s = 0;
    for (const r of this.receivers) s += r.bytesInOrder;
    return s;
  }

  start(_unused: number): void {
    for (let i = this.flowTimes.length; i < this.senders.length; i++)
      this.flowTimes.push({ startNs: i * 1000, stopNs: null });
    this.shares = new FlowShares(this.flowTimes, this.senders, () => this.receivers);
    this.senders.forEach((s, i) => {
      const t = this.flowTimes[i];
      this.sim.at(t.startNs, this, K_START, s);
      if (t.stopNs !== null) this.sim.at(t.stopNs, this, K_STOP, i);
    });
    this.sim.at(this.sampleIntervalNs, this, K_SAMPLE);
    this.sim.at(this.warmupEndNs, this, K_WARMUP);
    if (this.scenario.pingIntervalMs > 0)
      this.sim.at(this.scenario.pingIntervalMs * NS_PER_MS, this, K_PING, 0);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    switch (kind) {
      case K_START:
        (arg as TcpSender).connect(nowNs);
        break;
      case K_STOP:
        this.senders[arg as number].app.stop();
        this.shares?.stopped(arg as number, nowNs);
        break;
      case K_SAMPLE:
        this.recorder.sample(nowNs);
        this.shares?.sample(nowNs);
        if (this.measuring && this.senders.length > 0) {
          this.measureBase.sampleTsq(this.senders);
          this.flowStats.sample(this.senders, this.qdiscs, this.kernel.pacingRate);
        }
        this.sim.at(nowNs + this.sampleIntervalNs, this, K_SAMPLE);
        break;
      case K_WARMUP:
        this.beginMeasurement(nowNs);
        break;
      case K_STEP:
        this.steps?.sample(nowNs);
        this.sim.at(nowNs + (this.steps?.stepNs ?? 0), this, K_STEP);
        break;
      case K_PING:
        this.sendPings(nowNs);
        this.sim.at(nowNs + this.scenario.pingIntervalMs * NS_PER_MS, this, K_PING, 0);
        break;
    }
  }

  /** For the engine's stall message: which scenario field schedules the model's own events. */
  describeEvent(kind: number): string {
    if (kind === K_PING) return `the ping probe, every pingIntervalMs = ${this.scenario.pingIntervalMs} ms`;
    if (kind === K_SAMPLE)
      return `the sampler, every sampleIntervalUs = ${this.scenario.sampleIntervalUs} µs`;
    if (kind === K_STOP) return 'the end of a flow (tcp.perFlow stopMs)';
    return kind === K_START ? 'the start of a flow (its SYN)' : 'the end of the warm-up (warmupMs)';
  }

  beginMeasurement(nowNs: Ns): void {
    this.measuring = true;
    this.recorder.resetSummaries();
    this.measureBase.begin(this, nowNs);
    this.flowStats.reset(this.senders, this.receivers, this.qdiscs, nowNs);
    this.shares?.begin(nowNs);
    this.steps?.restart(nowNs);
    this.udpProbes?.begin(nowNs);
    this.aggBytes.clear();
    this.wifiRadios?.radios[0]?.beginMeasurement?.(nowNs);
  }

  /**
   * Samples every flow once per `stepNs` after the warm-up, and keeps every
   * ping reply from then on (what a Flent data file holds), thinned past
   * `maxSteps` steps (../metrics/step-sampler.ts). Call before the run
   * starts; it changes no packet of the run.
   */
  enableSteps(stepNs: Ns, maxSteps?: number): void {
    if (this.steps || stepNs <= 0) return;
    this.steps = stepSamplerOf(this, stepNs, maxSteps);
    this.sim.at(this.warmupEndNs + stepNs, this, K_STEP);
  }

  /** The per-step samples so far (null unless enableSteps was called). */
  stepSeries(): StepSeries | null {
    const s = this.steps?.series() ?? null;
    if (s && this.udpProbes) s.udpProbes = this.udpProbes.stepPoints();
    return s;
  }

  // The summary's measured figures (./measure-base.ts), for bound.ts and the hosts.
  tsqMeans(): { wmemBytes: number; limitBytes: number } | null {
    return this.measureBase.tsqMeans();
  }

  tsqTotalMeans(): { wmemBytes: number; limitBytes: number } | null {
    return this.measureBase.tsqTotalMeans();
  }

  throttledFractions(): number[] {
    return this.measureBase.throttledFractions(this.senders, this.sim.nowNs);
  }

  bottleneckUtilization(): number[] {
    return this.measureBase.bottleneckUtilization(this.bottlenecks, this.sim.nowNs, this.measuring);
  }

  isMeasuring(): boolean {
    return this.measuring;
  }

  /** Stations to ping: WiFi builders override; wired pings the receiver (station 0). */
  pingTargets: number[] = [1];
  /** The scenario's UDP flows (wired builder), read by the summary. */
  udp: UdpFlows | null = null;
  udpProbes: UdpProbes | null = null;

  private sendPings(nowNs: Ns): void {
    this.pingTargets.forEach((dst, sta) => this.pingOut(pingRequest(this.pingSeq++, sta, dst, nowNs), nowNs));
  }

  pingReply(reply: Skb): void {
    const now = this.sim.nowNs;
    this.recorder.ping(now, now - reply.createdNs, reply.ackSeq, this.measuring);
    if (this.measuring) this.steps?.ping(now, (now - reply.createdNs) / 1e6, reply.ackSeq);
  }

  /** Where the per-skb probe's hops happen (builders register them; ./skb-trace-sites.ts). */
  readonly traceSites: [object, SiteSpec][] = [];
  /** The per-skb probe, once a host has turned it on. */
  skbTracer: SkbTracer | null = null;

  traceSite(obj: object, spec: SiteSpec): void {
    this.traceSites.push([obj, spec]);
  }

  addProbe(spec: SeriesSpec, read: (nowNs: Ns) => number): void {
    this.series.push(spec);
    this.recorder.addProbe(spec, read);
  }

  summary(): Summary {
    return modelSummary(this);
  }
}
