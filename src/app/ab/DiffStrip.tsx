/**
 * The difference strip: goodput of A and B over the shared window (canvas,
 * drawn in the scheduler's frame, the gap between them shaded) and the
 * headline numbers of both runs with B − A and B ÷ A.
 */
import { useEffect, useRef } from 'react';
import { scaleLinear } from 'd3';
import { useShallow } from 'zustand/react/shallow';
import { fitCanvas } from '../charts/canvas';
import { useExplorerContext } from '../explorer-context';
import { formatValue, num } from '../format';
import { metricLabel, summaryMetric } from '../summary-metrics';
import type { SeriesBuffers } from '../charts/series-buffer';
import type { AbController } from './ab-controller';
import { useAb } from './ab-store';

const H = 90;
const KEY = 'tput.total';
export const COLOR_A = '#4e79a7';
export const COLOR_B = '#f28e2b';

/** The headline metrics the table compares. */
const ROWS = [
  'goodput_bps',
  'median_latency_ms',
  'median_aggregate',
  'tsq_limit_bytes',
  'median_completion_us',
  'throttled_fraction',
  // Only where a side has them: its first UDP probe and UDP flow.
  'udp_probe_rtt_ms',
  'udp_loss_fraction',
].map(summaryMetric);

/** Bins across the window: per-sample goodput is noisy, the strip shows the trend of the gap. */
const BINS = 80;

/** Mean of KEY per time bin over [t0, t1] (NaN where a bin has no sample). */
function binned(buf: SeriesBuffers, t0: number, t1: number): Float64Array {
  const out = new Float64Array(BINS).fill(NaN);
  const r = buf.samples;
  const c = r.col(KEY);
  if (c <= 0 || !r.length || !(t1 > t0)) return out;
  const sum = new Float64Array(BINS);
  const n = new Uint32Array(BINS);
  const [i0, i1] = r.range(t0, t1);
  for (let i = i0; i < i1; i++) {
    const t = r.t(i);
    const v = r.get(c, i);
    if (t < t0 || t > t1 || !Number.isFinite(v)) continue;
    const b = Math.min(BINS - 1, Math.floor(((t - t0) / (t1 - t0)) * BINS));
    sum[b] += v;
    n[b]++;
  }
  for (let b = 0; b < BINS; b++) if (n[b]) out[b] = sum[b] / n[b];
  return out;
}

function GoodputStrip({ ab }: { ab: AbController }) {
  const { chartTheme: theme } = useExplorerContext();
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    const size = { w: c.clientWidth };
    const sched = ab.sides[0].scheduler;
    const ro = new ResizeObserver((e) => {
      size.w = e[0].contentRect.width;
      sched.invalidate(true);
    });
    ro.observe(c);
    let key = '';
    const off = sched.add((s) => {
      const k = `${s.version}|${ab.sides[1].buffers.version}|${s.t0Ns}|${s.t1Ns}|${s.epoch}|${size.w}`;
      if (k === key || size.w <= 0) return;
      key = k;
      const ctx = fitCanvas(c, size.w, H);
      if (!ctx) return;
      const a = binned(ab.sides[0].buffers, s.t0Ns, s.t1Ns);
      const b = binned(ab.sides[1].buffers, s.t0Ns, s.t1Ns);
      const x = (bin: number) => ((bin + 0.5) / BINS) * size.w;
      let hi = 0;
      for (let i = 0; i < BINS; i++) hi = Math.max(hi, a[i] || 0, b[i] || 0);
      const y = scaleLinear()
        .domain([0, hi > 0 ? hi * 1.1 : 1])
        .range([H - 2, 16])
        .nice(3);
      // A scale with its unit, so the gap reads as bit/s and not as a shape.
      ctx.font = '10px system-ui, sans-serif';
      for (const t of y.ticks(3)) {
        ctx.fillStyle = theme.grid;
        ctx.fillRect(0, Math.round(y(t)), size.w, 1);
        ctx.fillStyle = theme.muted;
        if (t > 0)
          ctx.fillText(
            formatValue(t, 'bit/s'),
            size.w - 4 - ctx.measureText(formatValue(t, 'bit/s')).width,
            y(t) - 2,
          );
      }
      ctx.fillStyle = theme.throttle;
      for (let i = 1; i < BINS; i++) {
        if (![a[i - 1], b[i - 1], a[i], b[i]].every(Number.isFinite)) continue;
        ctx.beginPath();
        ctx.moveTo(x(i - 1), y(a[i - 1]));
        ctx.lineTo(x(i), y(a[i]));
        ctx.lineTo(x(i), y(b[i]));
        ctx.lineTo(x(i - 1), y(b[i - 1]));
        ctx.fill();
      }
      for (const [color, v] of [
        [COLOR_A, a],
        [COLOR_B, b],
      ] as const) {
        ctx.beginPath();
        ctx.strokeStyle = color;
        ctx.lineWidth = 2;
        let pen = false;
        for (let i = 0; i < BINS; i++) {
          if (!Number.isFinite(v[i])) {
            pen = false;
            continue;
          }
          if (pen) ctx.lineTo(x(i), y(v[i]));
          else ctx.moveTo(x(i), y(v[i]));
          pen = true;
        }
        ctx.stroke();
      }
      ctx.fillStyle = theme.muted;
      ctx.font = '11px system-ui, sans-serif';
      ctx.fillText(
        `goodput of A and B in bit/s (mean per ${BINS}th of the window), 0 – ${formatValue(y.domain()[1], 'bit/s')}; the gap between them shaded`,
        4,
        12,
      );
    });
    return () => {
      off();
      ro.disconnect();
    };
  }, [ab, theme]);
  return (
    <canvas
      ref={ref}
      className="diff-canvas"
      data-testid="ab-diff-canvas"
      role="img"
      aria-label="Goodput of A and B over the visible window, the gap between them shaded"
    />
  );
}

const diffText = (a: number, b: number, unit: string) => {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return ['–', '–'];
  const d = b - a;
  const sign = d > 0 ? '+' : d < 0 ? '−' : '±';
  return [`${sign}${formatValue(Math.abs(d), unit)}`, a !== 0 ? `×${num(b / a, 3)}` : '–'];
};

export function DiffStrip({ ab }: { ab: AbController }) {
  const [a, b] = useAb(useShallow((s) => [s.sides[0].summary, s.sides[1].summary]));
  return (
    <section className="diff-strip panel" aria-label="Difference A vs B" data-testid="ab-diff">
      <GoodputStrip ab={ab} />
      <table className="result-table">
        <thead>
          <tr>
            <th scope="col">over the run</th>
            <th scope="col" style={{ color: COLOR_A }}>
              A
            </th>
            <th scope="col" style={{ color: COLOR_B }}>
              B
            </th>
            <th scope="col">B − A</th>
            <th scope="col">B ÷ A</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.filter((r) => !r.only || [a, b].some((s) => s && r.only!(s))).map((r) => {
            const va = a ? r.get(a) : NaN;
            const vb = b ? r.get(b) : NaN;
            const [d, ratio] = diffText(va, vb, r.unit);
            return (
              <tr key={r.key}>
                <th scope="row">{metricLabel(r, a ?? b)}</th>
                <td>{formatValue(va, r.unit)}</td>
                <td>{formatValue(vb, r.unit)}</td>
                <td>{d}</td>
                <td>{ratio}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
