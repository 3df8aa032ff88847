/** Headline numbers of the run, from the core's Summary (refreshed about twice a second). */
import { useExplorer } from '../state/explorer-store';
import { formatBps, formatCpuBusy, formatValue, num } from '../format';
import type { Summary } from '../../worker/protocol';
import './panels.css';

interface Item {
  key: string;
  label: string;
  value(s: Summary): string;
  /** Pooled over every station's pings or aggregates: said so when there are several (the table has each). */
  pooled?: boolean;
}

const ITEMS: Item[] = [
  { key: 'goodput', label: 'Goodput', value: (s) => formatBps(s.goodputBps) },
  {
    key: 'latency',
    label: 'Median latency',
    pooled: true,
    value: (s) => (Number.isFinite(s.medianLatencyMs) ? `${num(s.medianLatencyMs)} ms` : '–'),
  },
  {
    key: 'aggregate',
    label: 'Median aggregate',
    pooled: true,
    value: (s) => (Number.isFinite(s.medianAggregate) ? `${num(s.medianAggregate)} frames` : '–'),
  },
  { key: 'tsq', label: 'TSQ limit', value: (s) => formatValue(s.tsqLimitBytes, 'bytes') },
  { key: 'cpu', label: 'CPU busy', value: (s) => formatCpuBusy(s.cpuBusy) },
];

const DETAILS: Item[] = [
  {
    key: 'completion',
    label: 'Median TX completion',
    value: (s) => (Number.isFinite(s.medianCompletionUs) ? `${num(s.medianCompletionUs)} µs` : '–'),
  },
  { key: 'throttled', label: 'Time throttled', value: (s) => `${num(s.throttledFraction * 100)} %` },
  { key: 'drops', label: 'Drops', value: (s) => num(s.drops) },
];

export function SummaryStrip() {
  const summary = useExplorer((s) => s.summary);
  return (
    <section className="summary" aria-label="Summary">
      <dl className="summary-strip">
        {ITEMS.map((it) => (
          <div key={it.key} className="metric" data-testid={`summary-${it.key}`}>
            <dt>
              {it.pooled && (summary?.stations.length ?? 0) > 1 ? `${it.label}, all stations` : it.label}
            </dt>
            <dd>{summary ? it.value(summary) : '–'}</dd>
          </div>
        ))}
      </dl>
      {/* Laid out before the first summary, so its arrival changes text, not the page's layout. */}
      <dl className="summary-details">
        {DETAILS.map((it) => (
          <div key={it.key}>
            <dt>{it.label}</dt>
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
