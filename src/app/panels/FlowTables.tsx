/**
 * The numbers a user holds against `ss -tinm` and `tc -s qdisc`: per TCP flow
 * its goodput, srtt, min_rtt, cwnd, pacing and delivery rate and skmem t, per
 * qdisc its backlog, each as the median since the measurement began with
 * p10–p90 beside it (from the core's Summary).
 */
import type { Quantiles, Summary } from '../../sim/api';
import { formatBps, formatBytes, num } from '../format';

const range = (q: Quantiles, f: (v: number) => string): string =>
  Number.isFinite(q.median) ? `${f(q.median)} (${f(q.p10)}–${f(q.p90)})` : '–';
const ms = (v: number) => `${num(v)} ms`;
const count = (v: number) => num(v, 4);

export function FlowTables({ summary }: { summary: Summary }) {
  const { flows, qdiscs } = summary;
  return (
    <>
      {flows.length > 0 && (
        <table className="summary-table" data-testid="flow-table">
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
            </tr>
          </thead>
          <tbody>
            {flows.map((fl) => (
              <tr key={fl.flow}>
                <th scope="row">{fl.flow}</th>
                <td>{formatBps(fl.goodputBps)}</td>
                <td>{range(fl.srttMs, ms)}</td>
                <td>{Number.isFinite(fl.minRttMs) ? ms(fl.minRttMs) : '–'}</td>
                <td>{range(fl.cwndPkts, count)}</td>
                <td>{range(fl.pacingRateBps, formatBps)}</td>
                <td>{range(fl.deliveryRateBps, formatBps)}</td>
                <td>{range(fl.skmemTBytes, formatBytes)}</td>
              </tr>
            ))}
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
            </tr>
          </thead>
          <tbody>
            {qdiscs.map((q) => (
              <tr key={q.name}>
                <th scope="row">{q.name}</th>
                <td>{range(q.backlogPkts, count)}</td>
                <td>{range(q.backlogBytes, formatBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
