/**
 * A wired run with downloads (tcp.perFlow.N.direction 'down') as Flent's
 * tests that have them: rrul (four uploads and four downloads marked BE, BK,
 * CS5 and EF; flent/tests/rrul.conf), rrul_be (the same, all best effort:
 * "TCP upload BE", "BE2" … ; rrul_be.conf), tcp_download (one download,
 * tcp_download.conf) and tcp_ndown ("TCP download::N"). What names each
 * series and the per-direction sums ("TCP upload sum", "TCP download sum",
 * rrul.conf's sum runners), with TSQ Lab's median beside each.
 */
import type { Scenario } from '../sim/scenario/scenario';
import type { SeriesMedian, SimFlentRun } from './from-sim';
import type { FlentSeriesInput } from './write';

export type BidirTestName = 'rrul' | 'rrul_be' | 'tcp_download' | 'tcp_ndown';

/** rrul's marks in rrul.conf's order: a flow named "… BE" is TCP upload BE or TCP download BE. */
const RRUL_MARKS = ['BE', 'BK', 'CS5', 'EF'];

const directions = (sc: Scenario): ('up' | 'down')[] =>
  sc.wifi ? [] : (sc.tcp.perFlow ?? []).map((f) => (f.direction === 'down' ? 'down' : 'up'));

/** rrul when each direction's flows are named with rrul's four marks in order, else rrul_be. */
function marked(sc: Scenario, dir: 'up' | 'down'): boolean {
  const flows = (sc.tcp.perFlow ?? []).filter((f) => (f.direction === 'down' ? 'down' : 'up') === dir);
  return flows.length === 4 && flows.every((f, i) => f.name.trim().split(/\s+/).at(-1) === RRUL_MARKS[i]);
}

/** The Flent test a wired scene with downloads is; null without downloads. */
export function bidirTestFor(sc: Scenario): BidirTestName | null {
  const dirs = directions(sc);
  const down = dirs.filter((d) => d === 'down').length;
  if (down === 0) return null;
  if (down === dirs.length) return down === 1 ? 'tcp_download' : 'tcp_ndown';
  return marked(sc, 'up') && marked(sc, 'down') ? 'rrul' : 'rrul_be';
}

/** Each flow's series name, in flow order. */
export function bidirFlowNames(sc: Scenario, test: BidirTestName): string[] {
  const seen = { up: 0, down: 0 };
  return directions(sc).map((d) => {
    const k = seen[d]++;
    const what = d === 'up' ? 'TCP upload' : 'TCP download';
    if (test === 'tcp_download') return what;
    if (test === 'tcp_ndown') return `${what}::${k + 1}`;
    if (test === 'rrul') return `${what} ${RRUL_MARKS[k]}`;
    return `${what} BE${k === 0 ? '' : k + 1}`;
  });
}

const median = (v: readonly number[]): number => {
  const s = v.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

/** Per direction with more than one flow, the sum of its flows' goodput at each step (rrul.conf's sum runner). */
export function bidirSumSeries(
  r: SimFlentRun,
  test: BidirTestName,
): { input: FlentSeriesInput; medians: SeriesMedian[] }[] {
  if (test === 'tcp_download') return [];
  const st = r.steps;
  const dirs = directions(r.scenario);
  return (['up', 'down'] as const)
    .filter((d) => dirs.some((x) => x === d) && (test !== 'tcp_ndown' || d === 'down'))
    .map((d) => {
      const idx = dirs.flatMap((x, i) => (x === d ? [i] : []));
      const sums = st.tNs.map((_, k) => idx.reduce((a, i) => a + (st.flows[i]?.goodputMbps[k] ?? 0), 0));
      const name = d === 'up' ? 'TCP upload sum' : 'TCP download sum';
      const mean = idx.reduce((a, i) => a + (r.summary.flowShares[i]?.goodputBps ?? NaN), 0) / 1e6;
      return {
        input: {
          name,
          units: 'Mbits/s',
          runner: 'NetperfDemoRunner',
          durS: st.stepNs / 1e9,
          points: sums.map((value, k) => ({ tS: (st.tNs[k] - st.startNs) / 1e9, value })),
          meanValue: mean,
        },
        medians: [
          {
            name,
            units: 'Mbits/s',
            median: median(sums),
            source: `median of the core’s per-step samples (${test})`,
          },
        ],
      };
    });
}
