/**
 * A simulated run as a Flent data file: which Flent test the scene is, the
 * series each of its runners would have recorded (from the core's per-step
 * samples, StepSeries), and beside each series the median TSQ Lab itself
 * reports, so that `flent -i FILE -f summary` can be checked against it.
 *
 * Tests: a WiFi AP with stations is rtt_fair_var_up (a flow and a ping to
 * each host); several flows to one host tcp_nup; one flow tcp_1up, or
 * tcp_1up_noping when the scene sends no ping; a wired scene with
 * downloads rrul, rrul_be, tcp_download or tcp_ndown (./from-sim-bidir.ts).
 * Every scene fits one of these, so Flent always finds the test definition
 * its plots need.
 */
import type { StepSeries, Summary } from '../sim/api';
import { stepSummary } from '../sim/metrics/step-sampler';
import type { Scenario } from '../sim/scenario/scenario';
import type { FlentSeriesInput, FlentWriteInput } from './write';
import { udpProbeSeries } from './from-sim-probes';
import { type BidirTestName, bidirFlowNames, bidirSumSeries, bidirTestFor } from './from-sim-bidir';

export type FlentTestName = 'tcp_1up' | 'tcp_1up_noping' | 'tcp_nup' | 'rtt_fair_var_up' | BidirTestName;

const isBidir = (t: FlentTestName): t is BidirTestName =>
  t === 'rrul' || t === 'rrul_be' || t === 'tcp_download' || t === 'tcp_ndown';

export function flentTestFor(sc: Scenario): FlentTestName {
  if (sc.wifi?.topology === 'ap') return 'rtt_fair_var_up';
  const bidir = bidirTestFor(sc);
  if (bidir) return bidir;
  if (sc.tcp.flows > 1) return 'tcp_nup';
  return sc.pingIntervalMs > 0 ? 'tcp_1up' : 'tcp_1up_noping';
}

/** A host name from a station name ("fast 1" → "fast-1"), unique in the list. */
export function hostNames(stations: readonly string[]): string[] {
  const seen = new Set<string>();
  return stations.map((name, i) => {
    let h =
      name
        .trim()
        .replace(/[^A-Za-z0-9.-]+/g, '-')
        .replace(/^-+|-+$/g, '') || `host-${i + 1}`;
    while (seen.has(h)) h = `${h}-${i + 1}`;
    seen.add(h);
    return h;
  });
}

/** The release string a kernel era writes, e.g. "4.16.0-tsq-lab". */
export const kernelReleaseOf = (era: string): string => `${era}.0-tsq-lab`;

export interface SimFlentRun {
  scenario: Scenario;
  seed: number;
  /** The preset the scenario came from, when one did. */
  presetId: string | null;
  summary: Summary;
  steps: StepSeries;
  /** Unix ms of the run's file (TIME and T0). */
  timeMs: number;
  /** e.g. the app's or CLI's version, for NOTE. */
  producer: string;
}

/** One written series with the median TSQ Lab reports for it. */
export interface SeriesMedian {
  name: string;
  units: string;
  median: number;
  /** Where TSQ Lab's number comes from (the Summary or the core's per-step samples). */
  source: string;
}

const NS = 1e9;

interface Named {
  input: FlentSeriesInput;
  medians: SeriesMedian[];
}

function seriesNames(test: FlentTestName, hosts: string[], flow: number, station: number) {
  if (test === 'rtt_fair_var_up')
    return { tcp: `TCP upload BE ${hosts[station]}`, ping: `Ping (ms) ICMP ${hosts[station]}` };
  if (test === 'tcp_nup') return { tcp: `TCP upload::${flow + 1}`, ping: 'Ping (ms) ICMP' };
  return { tcp: 'TCP upload', ping: 'Ping (ms) ICMP' };
}

function flowSeries(r: SimFlentRun, test: FlentTestName, hosts: string[]): Named[] {
  const st = r.steps;
  const med = stepSummary(st);
  const times = st.tNs.map((t) => (t - st.startNs) / NS);
  const pts = (vs: readonly number[]) => vs.map((value, k) => ({ tS: times[k], value }));
  const bidirNames = isBidir(test) ? bidirFlowNames(r.scenario, test) : null;
  return st.flows.map((f, i) => {
    const name = bidirNames?.[i] ?? seriesNames(test, hosts, i, f.station).tcp;
    const m = med.flows[i];
    const stats: FlentSeriesInput['socketStats'] = {
      tcp_cwnd: { units: 'packets', points: pts(f.cwndPkts) },
      tcp_rtt: { units: 'ms', points: pts(f.srttMs) },
      ...(f.pacingMbps ? { tcp_pacing_rate: { units: 'Mbits/s', points: pts(f.pacingMbps) } } : {}),
    };
    // netperf's own mean is the flow's goodput over the run: the Summary's (per station at an AP).
    const meanValue =
      st.flows.length === 1
        ? r.summary.goodputBps / 1e6
        : test === 'rtt_fair_var_up'
          ? r.summary.stations[f.station]?.goodputBps / 1e6
          : bidirNames
            ? r.summary.flowShares[i]?.goodputBps / 1e6
            : undefined;
    const src = 'median of the core’s per-step samples';
    return {
      input: {
        name,
        units: 'Mbits/s',
        runner: 'NetperfDemoRunner',
        points: pts(f.goodputMbps),
        durS: st.stepNs / NS,
        socketStats: stats,
        meanValue,
      },
      medians: [
        { name, units: 'Mbits/s', median: m.goodputMbps, source: src },
        { name: `${name}::tcp_cwnd`, units: 'packets', median: m.cwndPkts, source: src },
        { name: `${name}::tcp_rtt`, units: 'ms', median: m.srttMs, source: src },
        ...(f.pacingMbps
          ? [{ name: `${name}::tcp_pacing_rate`, units: 'Mbits/s', median: m.pacingMbps, source: src }]
          : []),
      ],
    };
  });
}

function pingSeries(r: SimFlentRun, test: FlentTestName, hosts: string[]): Named[] {
  if (r.scenario.pingIntervalMs <= 0) return [];
  const st = r.steps;
  // rrul pings its one HOST: the first far host (every host has the same path).
  if (isBidir(test)) {
    return st.pings
      .slice(0, 1)
      .map((p) =>
        pingNamed(
          r,
          p,
          'Ping (ms) ICMP',
          stepSummary(st).pingMs[0],
          'median of the core’s per-step samples (the first host’s replies)',
        ),
      );
  }
  return st.pings.map((p) => {
    const name = seriesNames(test, hosts, 0, p.station).ping;
    return test === 'rtt_fair_var_up'
      ? pingNamed(r, p, name, r.summary.stations[p.station]?.medianPingMs, 'Summary.stations[].medianPingMs')
      : pingNamed(r, p, name, r.summary.medianLatencyMs, 'Summary.medianLatencyMs');
  });
}

/** One host's PingRunner series, beside the median TSQ Lab reports for it (NaN when it has none). */
function pingNamed(
  r: SimFlentRun,
  p: StepSeries['pings'][number],
  name: string,
  medianMs: number | undefined,
  source: string,
): Named {
  const st = r.steps;
  return {
    input: {
      name,
      units: 'ms',
      runner: 'PingRunner',
      seq: true,
      points: p.tNs.map((t, k) => ({ tS: (t - st.startNs) / NS, value: p.rttMs[k] })),
    },
    medians: [{ name, units: 'ms', median: medianMs ?? NaN, source }],
  };
}

function sumSeries(r: SimFlentRun, test: FlentTestName): Named[] {
  if (isBidir(test)) return bidirSumSeries(r, test);
  if (r.steps.flows.length < 2) return [];
  const st = r.steps;
  const name = 'TCP upload sum';
  return [
    {
      input: {
        name,
        units: 'Mbits/s',
        runner: 'NetperfDemoRunner',
        durS: st.stepNs / NS,
        points: st.totalGoodputMbps.map((value, k) => ({ tS: (st.tNs[k] - st.startNs) / NS, value })),
        meanValue: r.summary.goodputBps / 1e6,
      },
      medians: [
        {
          name,
          units: 'Mbits/s',
          median: stepSummary(st).totalGoodputMbps,
          source: `median of the core’s per-step samples (${test})`,
        },
      ],
    },
  ];
}

/** The file's contents and, per series, TSQ Lab's median. */
export function simToFlent(r: SimFlentRun): { input: FlentWriteInput; medians: SeriesMedian[] } {
  const sc = r.scenario;
  const test = flentTestFor(sc);
  const hosts =
    sc.wifi?.topology === 'ap'
      ? hostNames(r.steps.stations)
      : [sc.wifi ? 'tsq-lab-server' : 'tsq-lab-receiver'];
  const parts = [
    ...flowSeries(r, test, hosts),
    ...sumSeries(r, test),
    ...pingSeries(r, test, hosts),
    ...udpProbeSeries(r),
  ];
  const stepS = r.steps.stepNs / NS;
  const input: FlentWriteInput = {
    name: test,
    title: sc.title,
    timeMs: r.timeMs,
    lengthS: Math.round(((r.steps.tNs.at(-1) ?? r.steps.startNs) - r.steps.startNs) / 1e6) / 1e3,
    stepS,
    host: hosts[0],
    hosts,
    localHost: 'tsq-lab-sender',
    kernelRelease: kernelReleaseOf(sc.era),
    testParameters: {
      tcp_cong_control: sc.tcp.cc,
      ...(test === 'tcp_nup' ? { upload_streams: String(sc.tcp.flows) } : {}),
      ...(test === 'tcp_ndown' ? { download_streams: String(sc.tcp.flows) } : {}),
    },
    note: `Simulated by ${r.producer}: x = 0 is the end of the ${sc.warmupMs / 1000} s warm-up`,
    extra: {
      TSQ_LAB: { preset: r.presetId, seed: r.seed, warmupS: sc.warmupMs / 1000, scenario: sc },
    },
    series: parts.map((p) => p.input),
  };
  return { input, medians: parts.flatMap((p) => p.medians) };
}
