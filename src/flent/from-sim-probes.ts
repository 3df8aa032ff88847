/**
 * A run's UDP latency probes (scenario udpProbes) as the series Flent's
 * udp_rtt runner records (rrul.conf: 'Ping (ms) UDP BE'): with irtt
 * installed it is IrttRunner, whose raw values are one point per answered
 * request {t, val, seq} and whose MEAN_VALUE is irtt's RTT mean.
 */
import type { FlentSeriesInput } from './write';
import type { SeriesMedian, SimFlentRun } from './from-sim';

const NS = 1e9;

export function udpProbeSeries(r: SimFlentRun): { input: FlentSeriesInput; medians: SeriesMedian[] }[] {
  const st = r.steps;
  return (st.udpProbes ?? []).map((p, i) => {
    const sum = r.summary.udpProbes?.[i];
    const name = sum?.flentSeries ?? `Ping (ms) ${p.name}`;
    return {
      input: {
        name,
        units: 'ms',
        runner: 'IrttRunner',
        seq: true,
        points: p.tNs.map((t, k) => ({ tS: (t - st.startNs) / NS, value: p.rttMs[k] })),
        meanValue: sum?.rttMs.mean,
      },
      medians: [
        { name, units: 'ms', median: sum?.rttMs.median ?? NaN, source: 'Summary.udpProbes[].rttMs.median' },
      ],
    };
  });
}
