/**
 * A lesson step's live figure: the panels it names, drawn by the explorer's
 * tracks through the embed's chart mounts, with the step's highlights over
 * them — the panels and legend entries of its series, a shaded time range,
 * the marks — and, in follow-one-skb, a tick per traced skb and the followed
 * skb's hops as labelled lines.
 */
import { readChartTheme, type ChartTheme } from '../charts/chart-theme';
import { buildTracks } from '../charts/tracks';
import type { Track } from '../charts/tracks/track';
import { mountStack, type ChartOverlay } from '../../embed/widget-charts';
import type { Figure, Highlight } from '../../sim/lessons/format';
import { HOP_NAMES } from '../../sim/model/skb-trace';
import { el } from '../../embed/el';
import type { LessonRuntime } from './lesson-runtime';

export interface FigureOptions {
  figure: Figure;
  highlight: Highlight | undefined;
  marksNs: number[];
  /** The skb being followed (null: none), read at each draw. */
  followed: () => number | null;
  /** Only the first panel (presentation mode, a phone). */
  firstOnly: boolean;
}

const POINT_KEYS: Record<string, string> = { pings: 'latency', aggregates: 'aggregates' };

/** The tracks of the step's panels, in the step's order. */
export function stepTracks(rt: LessonRuntime, figure: Figure, theme: ChartTheme): Track[] {
  const all = buildTracks(
    rt.series,
    theme,
    { agg: figure.panels.includes('aggregates'), ping: figure.panels.includes('latency') },
    rt.stations,
  );
  return figure.panels.flatMap((p) => all.filter((t) => t.panel === p));
}

function overlay(rt: LessonRuntime, o: FigureOptions, theme: ChartTheme): ChartOverlay {
  const h = o.highlight;
  return {
    key: () => `${rt.hops.version}|${o.followed() ?? ''}`,
    draw(d) {
      const { ctx, x, heightPx } = d;
      ctx.save();
      if (h && (h.fromMs !== undefined || h.toMs !== undefined)) {
        const a = x((h.fromMs ?? 0) * 1e6);
        const b = x((h.toMs ?? d.t1Ns / 1e6) * 1e6);
        ctx.fillStyle = 'rgba(42, 99, 201, 0.09)';
        ctx.fillRect(Math.min(a, b), 0, Math.abs(b - a), heightPx);
      }
      ctx.strokeStyle = theme.muted;
      ctx.setLineDash([2, 3]);
      for (const t of o.marksNs) {
        if (t < d.t0Ns || t > d.t1Ns) continue;
        const px = Math.round(x(t)) + 0.5;
        ctx.beginPath();
        ctx.moveTo(px, 0);
        ctx.lineTo(px, heightPx);
        ctx.stroke();
      }
      ctx.setLineDash([]);
      drawSkbs(rt, o, d, theme);
      ctx.restore();
    },
  };
}

/** A tick at the top for each traced skb in view; the followed one's hops as lines with their names. */
function drawSkbs(
  rt: LessonRuntime,
  o: FigureOptions,
  d: Parameters<ChartOverlay['draw']>[0],
  theme: ChartTheme,
): void {
  const { ctx, x, heightPx } = d;
  const follow = o.followed();
  ctx.fillStyle = theme.fg;
  for (const s of rt.hops.skbs()) {
    if (s.tNs < d.t0Ns || s.tNs > d.t1Ns) continue;
    const px = x(s.tNs);
    ctx.beginPath();
    ctx.moveTo(px - 3, 0);
    ctx.lineTo(px + 3, 0);
    ctx.lineTo(px, 5);
    ctx.fill();
  }
  if (follow === null) return;
  ctx.strokeStyle = '#d9480f';
  ctx.fillStyle = '#d9480f';
  ctx.font = '10px system-ui, sans-serif';
  let lastLabel = -Infinity;
  for (const r of rt.hops.pathOf(follow)) {
    if (r.tNs < d.t0Ns || r.tNs > d.t1Ns) continue;
    const px = Math.round(x(r.tNs)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(px, 0);
    ctx.lineTo(px, heightPx);
    ctx.stroke();
    if (px - lastLabel > 60) {
      ctx.fillText(HOP_NAMES[r.kind] ?? '', px + 2, 12);
      lastLabel = px;
    }
  }
}

/** Mounts the figure into `parent` (the explorer's chart layout, through the embed's stack); returns unmount. */
export function mountFigure(parent: HTMLElement, rt: LessonRuntime, o: FigureOptions): () => void {
  const theme = readChartTheme(parent);
  let tracks = stepTracks(rt, o.figure, theme);
  if (o.firstOnly) tracks = tracks.slice(0, 1);
  const hl = new Set(o.highlight?.series ?? []);
  return mountStack(parent, tracks, rt, theme, {
    fill: true,
    overlay: overlay(rt, o, theme),
    decorate(section, t) {
      const lit = t.legend.some((l) => hl.has(l.key)) || [...hl].some((k) => POINT_KEYS[k] === t.panel);
      section.classList.toggle('highlight', lit);
      section
        .querySelectorAll('.legend li')
        .forEach((li, i) => li.classList.toggle('hl', hl.has(t.legend[i]?.key)));
      if (lit) section.prepend(el('span', 'hl-tag', 'look here'));
    },
  });
}
