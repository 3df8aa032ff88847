/** Headline numbers of the run, from the core's Summary (refreshed about twice a second). */
import { useExplorer } from '../state/explorer-store';
import { formatBps, formatCpuBusy, formatValue, num } from '../format';
import type { Summary } from '../../worker/protocol';
import './panels.css';

interface Item {
  key: string;
  label: string;
  value(s: Summary): string;
  /**
   * 'pooled': over every station's pings or aggregates, said so when there are
   * several (the table has each). 'sender': a TCP sender's, said to be the
   * wired host's when an AP forwards (TSQ does not apply at the AP).
   */
  of?: 'pooled' | 'sender';
}

export function itemLabel(it: Item, s: Summary | null): string {
  if (it.of === 'pooled' && s && s.stations.length > 1) return `${it.label}, all stations`;
  if (it.of === 'sender' && s?.forwarded) return `${it.label}, wired sender`;
  return it.label;
}

export const ITEMS: Item[] = [
  { key: 'goodput', label: 'Goodput', value: (s) => formatBps(s.goodputBps) },
  {
    key: 'latency',
    label: 'Median latency',
    of: 'pooled',
    value: (s) => (Number.isFinite(s.medianLatencyMs) ? `${num(s.medianLatencyMs)} ms` : '–'),
  },
  {
    key: 'aggregate',
    label: 'Median aggregate',
    of: 'pooled',
    value: (s) => (Number.isFinite(s.medianAggregate) ? `${num(s.medianAggregate)} frames` : '–'),
  },
  { key: 'tsq', label: 'TSQ limit', of: 'sender', value: (s) => formatValue(s.tsqLimitBytes, 'bytes') },
  { key: 'cpu', label: 'CPU busy', value: (s) => formatCpuBusy(s.cpuBusy) },
];

export const DETAILS: Item[] = [
  {
    key: 'completion',
    label: 'Median TX completion',
    of: 'sender',
    value: (s) => (Number.isFinite(s.medianCompletionUs) ? `${num(s.medianCompletionUs)} µs` : '–'),
  },
  {
    key: 'throttled',
    label: 'Time throttled',
    of: 'sender',
    value: (s) => `${num(s.throttledFraction * 100)} %`,
  },
  { key: 'drops', label: 'Drops', value: (s) => num(s.drops) },
];

export function SummaryStrip() {
  const summary = useExplorer((s) => s.summary);
  return (
    <section className="summary" aria-label="Summary">
      <dl className="summary-strip">
        {ITEMS.map((it) => (
          <div key={it.key} className="metric" data-testid={`summary-${it.key}`}>
            <dt>{itemLabel(it, summary)}</dt>
            <dd>{summary ? it.value(summary) : '–'}</dd>
          </div>
        ))}
      </dl>
      {/* Laid out before the first summary, so its arrival changes text, not the page's layout. */}
      <dl className="summary-details">
        {DETAILS.map((it) => (
          <div key={it.key}>
            <dt>{itemLabel(it, summary)}</dt>
            <dd>{summary ? it.value(summary) : '–'}</dd>
          </div>
        ))}
      </dl>
      {summary && summary.stations.length > 1 && (
        <table className="stations">
          <caption>Stations</caption>
          <thead>
            <tr>
              <th scope="col">station</th>
              <th scope="col">goodput</th>
              <th scope="col">ping</th>
              <th scope="col">aggr.</th>
              <th scope="col">airtime</th>
            </tr>
          </thead>
          <tbody>
            {summary.stations.map((st) => (
              <tr key={st.name}>
                <th scope="row">{st.name}</th>
                <td>{formatBps(st.goodputBps)}</td>
                <td>{num(st.medianPingMs)} ms</td>
                <td>{num(st.medianAggregate)}</td>
                <td>{num(st.airtimeShare * 100)} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
