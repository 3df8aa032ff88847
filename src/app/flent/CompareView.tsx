/**
 * The compare page: a measured Flent run and a simulated one side by side, as
 * Flent's box and CDF plots, one card per series both have. The measured run
 * is the explorer's (Load measurement… here too); the simulated one is the
 * explorer's scenario and seed run headless and read back from its own Flent
 * file, so both sides go through the same reader.
 */
import { axisBottom, axisLeft, extent, scaleLinear, select } from 'd3';
import { useEffect, useRef, useState } from 'react';
import { readFlent, type FlentRun } from '../../flent/index';
import { useExplorer } from '../state/explorer-store';
import { boxStats, cdfPoints, comparedSeries, type ComparedSeries } from './compare-plots';
import { flentFileOf } from './export-flent';
import { LoadMeasurement } from './LoadMeasurement';
import { useMeasured } from './measured-store';
import { measuredLabel } from './measured-data';
import './flent.css';

const W = 360;
const H = 170;
const M = { l: 46, r: 8, t: 8, b: 26 };
const COLORS = { measured: '#e15759', simulated: '#4e79a7' };

function drawCard(svg: SVGSVGElement, c: ComparedSeries): void {
  const root = select(svg);
  root.selectAll('*').remove();
  const all = [...c.measured.values, ...c.simulated.values];
  const [lo, hi] = extent(all) as [number, number];
  const pad = (hi - lo) * 0.05 || Math.abs(hi) * 0.05 || 1;
  const boxW = 110;
  // Box plots on the left (value up), CDFs on the right (value along, fraction up), one value scale each.
  const yv = scaleLinear()
    .domain([lo - pad, hi + pad])
    .nice()
    .range([H - M.b, M.t]);
  const g = root.append('g');
  g.append('g').attr('class', 'axis').attr('transform', `translate(${M.l},0)`).call(axisLeft(yv).ticks(5));
  (['measured', 'simulated'] as const).forEach((side, k) => {
    const b = boxStats(c[side].values);
    if (!b) return;
    const cx = M.l + 28 + k * 44;
    const col = COLORS[side];
    g.append('line')
      .attr('x1', cx)
      .attr('x2', cx)
      .attr('y1', yv(b.whiskerLo))
      .attr('y2', yv(b.whiskerHi))
      .attr('stroke', col);
    g.append('rect')
      .attr('x', cx - 12)
      .attr('width', 24)
      .attr('y', yv(b.q3))
      .attr('height', Math.max(1, yv(b.q1) - yv(b.q3)))
      .attr('fill', 'none')
      .attr('stroke', col);
    g.append('line')
      .attr('x1', cx - 12)
      .attr('x2', cx + 12)
      .attr('y1', yv(b.median))
      .attr('y2', yv(b.median))
      .attr('stroke', col)
      .attr('stroke-width', 2);
    g.append('text')
      .attr('x', cx)
      .attr('y', H - 8)
      .attr('text-anchor', 'middle')
      .text(side === 'measured' ? 'meas.' : 'sim.');
  });
  const x0 = M.l + boxW;
  const xv = scaleLinear()
    .domain(yv.domain())
    .range([x0 + 30, W - M.r]);
  const yf = scaleLinear()
    .domain([0, 1])
    .range([H - M.b, M.t]);
  g.append('g')
    .attr('class', 'axis')
    .attr('transform', `translate(0,${H - M.b})`)
    .call(axisBottom(xv).ticks(4));
  g.append('g')
    .attr('class', 'axis')
    .attr('transform', `translate(${x0 + 30},0)`)
    .call(axisLeft(yf).ticks(4));
  (['measured', 'simulated'] as const).forEach((side) => {
    const pts = cdfPoints(c[side].values);
    const d = pts.map(([v, f], i) => `${i ? 'L' : 'M'}${xv(v).toFixed(1)},${yf(f).toFixed(1)}`).join('');
    g.append('path').attr('d', d).attr('fill', 'none').attr('stroke', COLORS[side]).attr('stroke-width', 1.5);
  });
}

function Card({ c }: { c: ComparedSeries }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current) drawCard(ref.current, c);
  }, [c]);
  const med = (v: number[]) => boxStats(v)?.median.toFixed(2) ?? '–';
  return (
    <figure className="compare-card" data-testid="compare-card">
      <h3>{c.title}</h3>
      <svg
        ref={ref}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${c.title}: box plots and CDFs, measured vs simulated (${c.units})`}
      />
      <figcaption>
        median ({c.units}): <span style={{ color: COLORS.measured }}>measured {med(c.measured.values)}</span>,{' '}
        <span style={{ color: COLORS.simulated }}>simulated {med(c.simulated.values)}</span>
      </figcaption>
    </figure>
  );
}

export function CompareView() {
  const measured = useMeasured((s) => s.measured);
  const error = useMeasured((s) => s.error);
  const [simulated, setSimulated] = useState<FlentRun | null>(null);
  const [status, setStatus] = useState('');
  const simulate = async () => {
    const st = useExplorer.getState();
    try {
      setStatus('Running the explorer’s scenario…');
      const { bytes } = await flentFileOf(
        { presetId: st.presetId, overrides: st.overrides, seed: st.seed },
        (f) => setStatus(`Running the explorer’s scenario… ${Math.round(f * 100)} %`),
      );
      setSimulated(readFlent(bytes));
      setStatus('');
    } catch (e) {
      setStatus(`The simulated run failed: ${(e as Error).message}`);
    }
  };
  const cards = measured && simulated ? comparedSeries(measured.run, simulated) : [];
  return (
    <section className="compare-view" aria-label="Compare a measured and a simulated run">
      <h2>Measured vs simulated, as Flent plots them</h2>
      <p>
        Measured:{' '}
        {measured ? `${measured.overlay.label}, ${measured.run.name} (${measured.fileName})` : 'none loaded'}{' '}
        <LoadMeasurement />
      </p>
      {error && (
        <p role="alert">
          {error.fileName}: {error.message}
        </p>
      )}
      <p>
        Simulated:{' '}
        {simulated
          ? `${simulated.title} (${simulated.name}, ${measuredLabel(simulated).replace('measured', 'simulated')})`
          : 'not run yet'}{' '}
        <button type="button" data-testid="compare-simulate" onClick={() => void simulate()}>
          Simulate the explorer’s scenario
        </button>{' '}
        <span role="status">{status}</span>
      </p>
      {measured && simulated && !cards.length && <p>The two runs have no series in common.</p>}
      <div className="compare-grid">
        {cards.map((c) => (
          <Card key={c.title} c={c} />
        ))}
      </div>
    </section>
  );
}
