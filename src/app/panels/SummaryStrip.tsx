/** Headline numbers of the run, from the core's Summary (refreshed about twice a second). */
import { useExplorer } from '../state/explorer-store';
import { formatBps, num } from '../format';
import { metricLabel, metricText, summaryMetric } from '../summary-metrics';
import { GlossaryText } from '../learn/GlossaryText';
import { FlowTables } from './FlowTables';
import { UdpTables } from './UdpTables';
import type { Summary } from '../../worker/protocol';
import './panels.css';

/** [data-testid suffix, metric]: the headline row, then the details under it. */
const ITEMS = (
  [
    ['goodput', 'goodput_bps'],
    ['latency', 'median_latency_ms'],
    ['aggregate', 'median_aggregate'],
    ['tsq', 'tsq_limit_bytes'],
    ['cpu', 'cpu_busy'],
  ] as const
).map(([key, metric]) => ({ key, metric: summaryMetric(metric) }));
const DETAILS = (
  [
    ['completion', 'median_completion_us'],
    ['throttled', 'throttled_fraction'],
    ['drops', 'drops'],
    ['aggregate-bytes', 'median_aggregate_bytes'],
    ['driver-status', 'driver_status_us'],
    ['firmware-queue', 'firmware_queue_bytes'],
  ] as const
).map(([key, metric]) => ({ key, metric: summaryMetric(metric) }));

export function SummaryStrip() {
  const summary = useExplorer((s) => s.summary);
  return (
    <section className="summary" aria-label="Summary">
      <dl className="summary-strip">
        {ITEMS.map((it) => (
          <div key={it.key} className="metric" data-testid={`summary-${it.key}`}>
            <dt>
              <GlossaryText text={metricLabel(it.metric, summary)} />
            </dt>
            <dd>{summary ? metricText(it.metric, summary) : '–'}</dd>
          </div>
        ))}
      </dl>
      {/* Laid out before the first summary, so its arrival changes text, not the page's layout. */}
      <dl className="summary-details">
        {DETAILS.filter((it) => !it.metric.only || (summary && it.metric.only(summary))).map((it) => (
          <div key={it.key}>
            <dt>
              <GlossaryText text={metricLabel(it.metric, summary)} />
            </dt>
            <dd>{summary ? metricText(it.metric, summary) : '–'}</dd>
          </div>
        ))}
      </dl>
      {summary && summary.stations.length > 1 && <StationTable summary={summary} />}
      {summary && <FlowTables summary={summary} />}
      {summary && <UdpTables summary={summary} />}
    </section>
  );
}

/** Per station at an AP; per host (tcp.perFlow) on a wired path, where there is no air to share. */
function StationTable({ summary }: { summary: Summary }) {
  const air = summary.stations.some((st) => Number.isFinite(st.airtimeShare));
  return (
    <table className="stations">
      <caption>{air ? 'Stations' : 'Hosts'}</caption>
      <thead>
        <tr>
          <th scope="col">{air ? 'station' : 'host'}</th>
          <th scope="col">goodput</th>
          <th scope="col">ping</th>
          {air && <th scope="col">aggr.</th>}
          {air && <th scope="col">airtime</th>}
        </tr>
      </thead>
      <tbody>
        {summary.stations.map((st) => (
          <tr key={st.name}>
            <th scope="row">{st.name}</th>
            <td>{formatBps(st.goodputBps)}</td>
            <td>{num(st.medianPingMs)} ms</td>
            {air && <td>{num(st.medianAggregate)}</td>}
            {air && <td>{num(st.airtimeShare * 100)} %</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
