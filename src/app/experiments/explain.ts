/**
 * Explanations written from the simulated numbers, never by hand: for each
 * reference experiment, the quantities its thread reasons with (the TSQ
 * budget, TX-completion time, aggregate sizes, CPU) read from the summaries
 * of the runs that have finished.
 */
import type { Summary, SweepJobResult } from '../../worker/protocol';
import { formatBps, formatBytes, num } from '../format';

export interface Explanation {
  heading: string;
  lines: string[];
}

type Done = Extract<SweepJobResult, { status: 'done' }>;

const us = (v: number): string =>
  !Number.isFinite(v) ? '–' : v >= 1000 ? `${num(v / 1000)} ms` : `${num(v)} µs`;
const pct = (f: number): string => (Number.isFinite(f) ? `${num(f * 100, 2)} %` : '–');
const ratio = (a: number, b: number): string => (b > 0 && Number.isFinite(a / b) ? `×${num(a / b, 3)}` : '–');
const ms = (v: number): string => (Number.isFinite(v) ? `${num(v)} ms` : 'no reply yet');

/** Finished runs in the table's order (results arrive in any order). */
function done(results: Record<string, SweepJobResult>, order: readonly string[]): Record<string, Done> {
  const out: Record<string, Done> = {};
  for (const k of [...order, ...Object.keys(results)]) {
    const r = results[k];
    if (r?.status === 'done') out[k] = r;
  }
  return out;
}

/** The TSQ budget in payload bytes: the limit counts truesize. */
const payloadBudget = (r: Done): number => r.summary.tsqLimitBytes * r.payloadPerTruesize;

/** Payload budget ÷ median completion: the rate TSQ allows when every skb waits that long to be freed. */
export function tsqCeilingBps(r: Done): number {
  const c = r.summary.medianCompletionUs;
  return c > 0 ? (payloadBudget(r) * 8) / (c * 1e-6) : NaN;
}

function pacingShift(d: Record<string, Done>): Explanation[] {
  const out: Explanation[] = [];
  const shifts = [10, 9, 8, 7].filter((s) => d[`shift${s}`]);
  if (!shifts.length) return out;
  out.push({
    heading: 'Per shift',
    lines: shifts.map((s) => {
      const r = d[`shift${s}`];
      const m = r.summary;
      const heldMs = m.goodputBps > 0 ? ((payloadBudget(r) * 8) / m.goodputBps) * 1e3 : NaN;
      return `shift ${s}: mean TSQ limit ${formatBytes(m.tsqLimitBytes)} (≈ ${num(heldMs, 2)} ms of data at the achieved rate), median TX completion ${us(m.medianCompletionUs)}, median aggregate ${num(m.medianAggregate)} ${m.medianAggregate === 1 ? 'frame' : 'frames'}, goodput ${formatBps(m.goodputBps)}, throttled ${pct(m.throttledFraction)} of the time.`;
    }),
  });
  const a = d.shift10?.summary;
  const b = d.shift8?.summary;
  if (a && b) {
    out.push({
      heading: 'Shift 10 → 8',
      lines: [
        `The budget grew ${ratio(b.tsqLimitBytes, a.tsqLimitBytes)}, the median aggregate ${ratio(b.medianAggregate, a.medianAggregate)} and goodput ${ratio(b.goodputBps, a.goodputBps)}; the competing ping went from ${ms(a.medianLatencyMs)} to ${ms(b.medianLatencyMs)}.`,
      ],
    });
  }
  return out;
}

function xen(d: Record<string, Done>): Explanation[] {
  const lines: string[] = [];
  for (const l of [131072, 262144]) {
    const g = d[`xen/${l}`];
    const n = d[`nic/${l}`];
    if (!g) continue;
    const ceiling = tsqCeilingBps(g);
    let line = `limit ${formatBytes(l)}: budget ${formatBytes(g.summary.tsqLimitBytes)} of truesize (${formatBytes(payloadBudget(g))} of payload) ÷ median completion ${us(g.summary.medianCompletionUs)} ≈ ${formatBps(ceiling)} ceiling; achieved ${formatBps(g.summary.goodputBps)} (${pct(g.summary.goodputBps / ceiling)} of the ceiling).`;
    if (n) {
      line += ` The same guest on a NIC that completes in ${us(n.summary.medianCompletionUs)} reaches ${formatBps(n.summary.goodputBps)}: a loss of ${num(100 * (1 - g.summary.goodputBps / n.summary.goodputBps), 2)} %.`;
    }
    lines.push(line);
  }
  return lines.length ? [{ heading: 'Ceiling = limit ÷ completion delay', lines }] : [];
}

const GSO_MODES: Record<string, string> = {
  sg_on: 'sg on',
  sg_off: 'sg off',
  sg_off_before_patch: 'sg off, before the patch',
};

function gso(d: Record<string, Done>): Explanation[] {
  const lines = Object.entries(d).map(([id, r]) => {
    const [q, mode] = id.split('/');
    const m = r.summary;
    return `${q}, ${GSO_MODES[mode] ?? mode}: ${formatBps(m.goodputBps)} with the sender CPU busy ${pct(m.cpuBusy)}; ${m.bound}.`;
  });
  const out: Explanation[] = lines.length ? [{ heading: 'Per configuration', lines }] : [];
  const cmp = ['fq', 'pfifo_fast', 'fq_codel']
    .filter((q) => d[`${q}/sg_off`] && d[`${q}/sg_off_before_patch`])
    .map(
      (q) =>
        `${q}: sg off gains ${ratio(d[`${q}/sg_off`].summary.goodputBps, d[`${q}/sg_off_before_patch`].summary.goodputBps)} from the patch.`,
    );
  if (cmp.length) out.push({ heading: 'GSO always on', lines: cmp });
  return out;
}

function brcmfmac(d: Record<string, Done>): Explanation[] {
  const lines: string[] = [];
  for (const fc of [0, 1, 2]) {
    const a = d[`fc${fc}/shift10`];
    const b = d[`fc${fc}/shift7`];
    if (!a) continue;
    let line = `FC mode ${fc}: median TX completion ${us(a.summary.medianCompletionUs)} at shift 10, mean TSQ limit ${formatBytes(a.summary.tsqLimitBytes)}, throttled ${pct(a.summary.throttledFraction)} of the time, ${formatBps(a.summary.goodputBps)}.`;
    if (b) {
      line += ` Shift 7 raises the mean limit to ${formatBytes(b.summary.tsqLimitBytes)} and goodput to ${formatBps(b.summary.goodputBps)} (${ratio(b.summary.goodputBps, a.summary.goodputBps)}).`;
    }
    lines.push(line);
  }
  return lines.length ? [{ heading: 'Completion time against the TSQ budget', lines }] : [];
}

const stationLine = (s: Summary['stations'][number]): string =>
  `${s.name}: ping ${ms(s.medianPingMs)}, aggregate ${num(s.medianAggregate)} (minstrel average ${num(s.medianAvgAmpduLen)}), ${formatBps(s.goodputBps)}` +
  (Number.isFinite(s.airtimeShare) ? `, airtime ${pct(s.airtimeShare)}` : '');

function intermediateQueues(d: Record<string, Done>): Explanation[] {
  const out: Explanation[] = Object.entries(d).map(([id, r]) => ({
    heading: id,
    lines: [...r.summary.stations.map(stationLine), `bound: ${r.summary.bound}`],
  }));
  const slow = Object.entries(d)
    .filter(([, r]) => r.summary.stations[2])
    .map(([id, r]) => `${id} ${num(r.summary.stations[2].medianAggregate)}`);
  if (slow.length)
    out.push({
      heading: 'The slow station',
      lines: [`Median aggregate by queueing: ${slow.join(', ')} frames.`],
    });
  return out;
}

function generic(d: Record<string, Done>): Explanation[] {
  const lines = Object.entries(d).map(
    ([id, r]) => `${id}: ${formatBps(r.summary.goodputBps)}; ${r.summary.bound}.`,
  );
  return lines.length ? [{ heading: 'Per run', lines }] : [];
}

const BY_PRESET: Record<string, (d: Record<string, Done>) => Explanation[]> = {
  'ath9k-pacing-shift': pacingShift,
  'xen-tsq-limit': xen,
  'gso-always-on': gso,
  'brcmfmac-fc-mode': brcmfmac,
  'ath9k-intermediate-queues': intermediateQueues,
};

/** `order`: the run ids in the order the explanation should list them. */
export function explain(
  presetId: string,
  results: Record<string, SweepJobResult>,
  order: readonly string[] = [],
): Explanation[] {
  return (BY_PRESET[presetId] ?? generic)(done(results, order));
}
