/**
 * The numbers a user holds against `ss -tinm` and `tc -s qdisc`: per TCP flow
 * its goodput, srtt, min_rtt, cwnd, pacing and delivery rate and skmem t (the
 * median since the measurement began with p10–p90 beside it), retransmitted
 * segments, lost, D-SACKs and reordering, and its direction where the
 * scenario gives one; every ping reply as Flent reports it
 * (mean, median, p10–p90); per qdisc its backlog and tc's dropped, requeues and
 * overlimits (from the core's Summary).
 */
import type { Quantiles, Summary } from '../../sim/api';
import { useRef } from 'react';
import { formatBps, formatBytes, num } from '../format';
import { useStackWhenNarrow } from '../table-stack';

/** The median, then its p10–p90 (which may wrap under it, so the table fits its card). */
const range = (q: Quantiles, f: (v: number) => string) =>
  Number.isFinite(q.median) ? (
    <>
      {f(q.median)} <span className="q-range">({`${f(q.p10)}–${f(q.p90)}`})</span>
    </>
  ) : (
    '–'
  );
const ms = (v: number) => `${num(v)} ms`;
/** The flow's number, and its direction where the scenario gives one (rrul's uploads and downloads). */
const flowLabel = (flow: number, dir: 'up' | 'down' | undefined) =>
  dir ? `${flow} ${dir === 'down' ? '↓ download' : '↑ upload'}` : String(flow);
const count = (v: number) => num(v, 4);

const FLOW_COLUMNS = [
  'flow',
  'goodput',
  'srtt',
  'min_rtt',
  'cwnd',
  'pacing rate',
  'delivery rate',
  'skmem t',
  'retrans',
  'lost',
  'dsacks',
  'reordering',
];

export function FlowTables({ summary }: { summary: Summary }) {
  const { flows, qdiscs } = summary;
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  useStackWhenNarrow(box, table, flows.length > 0);
  return (
    <>
      {flows.length > 0 && (
        <div className="table-box" ref={box}>
          <table className="summary-table" data-testid="flow-table" ref={table}>
            <caption>TCP flows (as ss -tinm: median, p10–p90)</caption>
            <thead>
              <tr>
                <th scope="col">flow</th>
                <th scope="col">goodput</th>
                <th scope="col">srtt</th>
                <th scope="col">min_rtt</th>
                <th scope="col">cwnd</th>
                <th scope="col">pacing rate</th>
                <th scope="col">delivery rate</th>
                <th scope="col">skmem t</th>
                <th scope="col">retrans</th>
                <th scope="col">lost</th>
                <th scope="col">dsacks</th>
                <th scope="col">reordering</th>
              </tr>
            </thead>
            <tbody>
              {flows.map((fl) => (
                <tr key={fl.flow}>
                  {[
                    flowLabel(fl.flow, summary.flowShares[fl.flow]?.direction),
                    formatBps(fl.goodputBps),
                    range(fl.srttMs, ms),
                    Number.isFinite(fl.minRttMs) ? ms(fl.minRttMs) : '–',
                    range(fl.cwndPkts, count),
                    range(fl.pacingRateBps, formatBps),
                    range(fl.deliveryRateBps, formatBps),
                    range(fl.skmemTBytes, formatBytes),
                    String(fl.totalRetrans),
                    String(fl.lost),
                    String(fl.dsacks),
                    `${fl.reordering} (seen ${fl.reordSeen})`,
                  ].map((v, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" data-label={FLOW_COLUMNS[i]}>
                        {v}
                      </th>
                    ) : (
                      <td key={i} data-label={FLOW_COLUMNS[i]}>
                        {v}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {summary.latencyMs && Number.isFinite(summary.latencyMs.mean) && (
        <table className="summary-table" data-testid="ping-table">
          <caption>Ping (as Flent: mean, median, p10–p90)</caption>
          <tbody>
            <tr>
              <th scope="row">every reply</th>
              <td>mean {ms(summary.latencyMs.mean)}</td>
              <td>{range(summary.latencyMs, ms)}</td>
            </tr>
          </tbody>
        </table>
      )}
      {qdiscs.length > 0 && (
        <table className="summary-table" data-testid="qdisc-table">
          <caption>Qdisc backlog (as tc -s qdisc: median, p10–p90)</caption>
          <thead>
            <tr>
              <th scope="col">qdisc</th>
              <th scope="col">skbs</th>
              <th scope="col">bytes</th>
              <th scope="col">dropped</th>
              <th scope="col">requeues</th>
              <th scope="col">overlimits</th>
            </tr>
          </thead>
          <tbody>
            {qdiscs.map((q) => (
              <tr key={q.name}>
                <th scope="row">{q.name}</th>
                <td>{range(q.backlogPkts, count)}</td>
                <td>{range(q.backlogBytes, formatBytes)}</td>
                <td>{q.drops}</td>
                <td>{q.requeues}</td>
                <td>{q.overlimits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
