/** Headline numbers of the run, from the core's Summary (refreshed about twice a second). */
import { useExplorer } from '../state/explorer-store';
import { formatBps, formatCpuBusy, formatValue, num } from '../format';
import type { Summary } from '../../worker/protocol';
import { metricLabel, summaryMetric, type SummaryMetric } from '../summary-metrics';
import './panels.css';

interface Item {
  /** data-testid suffix. */
  key: string;
  metric: SummaryMetric;
  value(s: Summary): string;
}

const item = (key: string, metricKey: string, value: (s: Summary) => string): Item => ({
  key,
  metric: summaryMetric(metricKey),
  value,
});
const orDash = (v: number, text: string) => (Number.isFinite(v) ? text : '–');

const ITEMS: Item[] = [
  item('goodput', 'goodput_bps', (s) => formatBps(s.goodputBps)),
  item('latency', 'median_latency_ms', (s) => orDash(s.medianLatencyMs, `${num(s.medianLatencyMs)} ms`)),
  item('aggregate', 'median_aggregate', (s) => orDash(s.medianAggregate, `${num(s.medianAggregate)} frames`)),
  item('tsq', 'tsq_limit_bytes', (s) => formatValue(s.tsqLimitBytes, 'bytes')),
  item('cpu', 'cpu_busy', (s) => formatCpuBusy(s.cpuBusy)),
];

const DETAILS: Item[] = [
  item('completion', 'median_completion_us', (s) =>
    orDash(s.medianCompletionUs, `${num(s.medianCompletionUs)} µs`),
  ),
  item('throttled', 'throttled_fraction', (s) => `${num(s.throttledFraction * 100)} %`),
  item('drops', 'drops', (s) => num(s.drops)),
];

export function SummaryStrip() {
  const summary = useExplorer((s) => s.summary);
  return (
    <section className="summary" aria-label="Summary">
      <dl className="summary-strip">
        {ITEMS.map((it) => (
          <div key={it.key} className="metric" data-testid={`summary-${it.key}`}>
            <dt>{metricLabel(it.metric, summary)}</dt>
            <dd>{summary ? it.value(summary) : '–'}</dd>
          </div>
        ))}
      </dl>
      {/* Laid out before the first summary, so its arrival changes text, not the page's layout. */}
      <dl className="summary-details">
        {DETAILS.map((it) => (
          <div key={it.key}>
            <dt>{metricLabel(it.metric, summary)}</dt>
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
