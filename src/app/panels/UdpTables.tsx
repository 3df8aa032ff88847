/**
 * The UDP side of a run, as the tools report it: each iperf3 -u flow's
 * goodput, loss and jitter (its server's report), and each UDP latency
 * probe as irtt and Flent report it (RTT mean, median with p10–p90, the
 * one-way delays' medians, the mean IPDV, loss), from the core's Summary.
 */
import type { Summary } from '../../sim/api';
import { formatBps, num } from '../format';

const ms = (v: number) => (Number.isFinite(v) ? `${num(v)} ms` : '–');
const pct = (v: number) => (Number.isFinite(v) ? `${num(v * 100)} %` : '–');

export function UdpTables({ summary }: { summary: Summary }) {
  const flows = summary.udp ?? [];
  const probes = summary.udpProbes ?? [];
  return (
    <>
      {flows.length > 0 && (
        <table className="summary-table" data-testid="udp-table">
          <caption>UDP flows (as iperf3 -u’s server)</caption>
          <thead>
            <tr>
              <th scope="col">flow</th>
              <th scope="col">target</th>
              <th scope="col">goodput</th>
              <th scope="col">loss</th>
              <th scope="col">jitter</th>
            </tr>
          </thead>
          <tbody>
            {flows.map((u) => (
              <tr key={u.name}>
                <th scope="row">{u.name}</th>
                <td>{formatBps(u.targetBps)}</td>
                <td>{formatBps(u.goodputBps)}</td>
                <td>{pct(u.lossFraction)}</td>
                <td>{ms(u.jitterMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {probes.length > 0 && (
        <table className="summary-table" data-testid="udp-probe-table">
          <caption>UDP latency probes (irtt, as Flent’s rrul: mean, median, p10–p90)</caption>
          <thead>
            <tr>
              <th scope="col">probe</th>
              <th scope="col">RTT mean</th>
              <th scope="col">RTT median</th>
              <th scope="col">send delay</th>
              <th scope="col">receive delay</th>
              <th scope="col">IPDV</th>
              <th scope="col">loss</th>
            </tr>
          </thead>
          <tbody>
            {probes.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.flentSeries}</th>
                <td>{ms(p.rttMs.mean)}</td>
                <td>
                  {ms(p.rttMs.median)}{' '}
                  <span className="q-range">({`${ms(p.rttMs.p10)}–${ms(p.rttMs.p90)}`})</span>
                </td>
                <td>{ms(p.sendDelayMs.median)}</td>
                <td>{ms(p.receiveDelayMs.median)}</td>
                <td>{ms(p.ipdvMs.mean)}</td>
                <td>
                  {pct(p.lossFraction)} <span className="q-range">of {p.sent}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
