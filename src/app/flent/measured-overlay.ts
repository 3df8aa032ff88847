/**
 * Measured series laid over the explorer's own tracks: a Track wrapped so
 * that the simulated series draw first, the measured ones then on the same
 * axes (the wrapper widens the y extent the track asks its host for, so
 * neither is off the scale), with legend entries and readouts of their own:
 * one per total and one per kind's flows (or pings), which share a colour.
 * Latency gets the measured pings as points and their CDF beside the
 * simulated one; throughput lines (per flow, and the sum thicker); the TCP
 * panel cwnd, RTT and pacing rate in the bands of those units.
 */
import { formatValue } from '../format';
import type { AxisSpec, DrawCtx, LegendItem, Track } from '../charts/tracks/track';
import {
  extentIn,
  lowerBound,
  type MeasuredGroup,
  type MeasuredLine,
  type MeasuredOverlay,
  type OverlayPanel,
} from './measured-data';

const DASH = [5, 3];

/** What the overlay has drawn, for the test hook: points (pings) or vertices (lines) per series key, added up over frames. */
export const drawnPoints = new Map<string, number>();

function drawLineOf(d: DrawCtx, l: MeasuredLine, y: (v: number) => number): number {
  const from = Math.max(0, lowerBound(l.tNs, Math.max(d.t0Ns, d.fromNs)) - 1);
  const ctx = d.ctx;
  ctx.beginPath();
  ctx.strokeStyle = l.color;
  ctx.lineWidth = l.total ? 2 : 1.25;
  ctx.setLineDash(DASH);
  let n = 0;
  for (let i = from; i < l.tNs.length && (i === 0 || l.tNs[i - 1] <= d.t1Ns); i++) {
    const px = d.x(l.tNs[i]);
    const py = y(l.v[i]);
    if (n++ === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  return n;
}

/** Pings as small hollow squares, so they read apart from the simulated filled points. */
function drawPointsOf(d: DrawCtx, l: MeasuredLine, y: (v: number) => number): number {
  const ctx = d.ctx;
  ctx.strokeStyle = l.color;
  ctx.lineWidth = 1;
  let n = 0;
  for (let i = lowerBound(l.tNs, Math.max(d.t0Ns, d.fromNs)); i < l.tNs.length && l.tNs[i] <= d.t1Ns; i++) {
    ctx.strokeRect(Math.round(d.x(l.tNs[i])) - 1.5, Math.round(y(l.v[i])) - 1.5, 3, 3);
    n++;
  }
  return n;
}

/** The band a line belongs to: the track's axis in its unit (the only axis for one-axis tracks). */
function axisFor(axes: AxisSpec[], l: MeasuredLine): AxisSpec | undefined {
  return axes.length === 1 ? axes[0] : axes.find((a) => a.unit === l.unit);
}

/** The y extent slot of a line in the wrapped track's `hold` calls, and the value it asks for. */
function slotsOf(panel: OverlayPanel, l: MeasuredLine, lo: number, hi: number): [string, number][] {
  if (panel === 'latency')
    return [
      ['hi', hi * 1.25],
      ['lo', 1 / Math.max(1e-3, lo * 0.8)],
    ];
  if (panel === 'tcp') return [[`unit:${l.unit}`, hi]];
  return [['y', hi]];
}

/** A line's value at tNs (nearest sample within 2 s), or its median when tNs is null. */
function valueOf(l: MeasuredLine, tNs: number | null): number {
  if (tNs === null) return l.median;
  const i = Math.min(l.tNs.length - 1, lowerBound(l.tNs, tNs));
  return i < 0 || Math.abs(l.tNs[i] - tNs) > 2e9 ? NaN : l.v[i];
}

/** A legend entry's value: its one line's, or the median over its flows. */
function groupValue(g: MeasuredGroup, tNs: number | null): string {
  const vs = g.lines
    .map((l) => valueOf(l, tNs))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (!vs.length) return '–';
  const mid = vs.length >> 1;
  const v = vs.length % 2 ? vs[mid] : (vs[mid - 1] + vs[mid]) / 2;
  const what = g.lines.length > 1 ? `median of ${vs.length}` : 'median';
  return tNs === null || g.lines.length > 1 ? `${what} ${formatValue(v, g.unit)}` : formatValue(v, g.unit);
}

function cdf(
  ctx: CanvasRenderingContext2D,
  w: number,
  l: MeasuredLine,
  y: (v: number) => number,
  t0: number,
  t1: number,
) {
  const vals: number[] = [];
  for (let i = lowerBound(l.tNs, t0); i < l.tNs.length && l.tNs[i] <= t1; i++) vals.push(l.v[i]);
  if (!vals.length) return;
  vals.sort((a, b) => a - b);
  ctx.beginPath();
  ctx.strokeStyle = l.color;
  ctx.lineWidth = 1.5;
  ctx.setLineDash(DASH);
  ctx.moveTo(1, y(vals[0]));
  vals.forEach((v, k) => ctx.lineTo(((k + 1) / vals.length) * (w - 2) + 1, y(v)));
  ctx.stroke();
  ctx.setLineDash([]);
}

export function withMeasured(track: Track, m: MeasuredOverlay): Track {
  const panel = track.panel as OverlayPanel;
  const lines = m.lines[panel];
  const groups = m.groups[panel];
  if (!lines?.length) return track;
  // One entry per group: a file's flows fold into one line of the legend per kind.
  const legend: LegendItem[] = groups.map((g) => ({
    key: g.key,
    label: g.label,
    unit: g.unit,
    color: g.color,
    line: true,
  }));
  const shown = (d: DrawCtx) => lines.filter((l) => !d.hidden.has(l.group));
  return {
    ...track,
    description: `${track.description} Dashed: ${m.label}.`,
    legend: [...track.legend, ...legend],
    readout: (buf, t) => [...track.readout(buf, t), ...groups.map((g) => groupValue(g, t))],
    draw(d: DrawCtx): AxisSpec[] {
      const want = new Map<string, number>();
      for (const l of shown(d)) {
        const [lo, hi] = extentIn(l, d.t0Ns, d.t1Ns);
        if (Number.isFinite(hi))
          for (const [slot, v] of slotsOf(panel, l, lo, hi)) want.set(slot, Math.max(want.get(slot) ?? 0, v));
      }
      const hold = (slot: string, max: number) => {
        const wider = Math.max(max, want.get(slot) ?? 0);
        return d.hold ? d.hold(slot, wider) : wider;
      };
      const axes = track.draw({ ...d, hold });
      for (const l of shown(d)) {
        const a = axisFor(axes, l);
        if (!a) continue;
        const y = (v: number) => a.scale(v);
        const n = panel === 'latency' ? drawPointsOf(d, l, y) : drawLineOf(d, l, y);
        drawnPoints.set(l.key, (drawnPoints.get(l.key) ?? 0) + n);
      }
      return axes;
    },
    side:
      track.side && panel === 'latency'
        ? {
            title: track.side.title,
            draw(ctx, w, h, d, axes) {
              track.side!.draw(ctx, w, h, d, axes);
              const y = axes[0]?.scale;
              if (y) for (const l of shown(d)) cdf(ctx, w, l, (v) => y(v), d.t0Ns, d.t1Ns);
            },
          }
        : track.side,
  };
}

/** Every track, each with its measured series when the run has some for its panel. */
export function withMeasuredTracks(tracks: Track[], m: MeasuredOverlay | null): Track[] {
  return m ? tracks.map((t) => withMeasured(t, m)) : tracks;
}
