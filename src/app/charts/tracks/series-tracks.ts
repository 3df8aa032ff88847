/**
 * Tracks of sampled series: occupancy (stacked layers of the transmit path
 * with overlays and throttled shading), lines (throughput, cpu) and small
 * multiples (tcp: cwnd, pacing rate, srtt each on its own scale).
 */
import { color as d3color } from 'd3';
import type { Panel, SeriesSpec } from '../../../worker/protocol';
import { formatValue } from '../../format';
import { seriesColor, type ChartTheme } from '../chart-theme';
import { drawLine, drawStack, maxOver, shadeIntervals } from '../draw';
import {
  PAD_BOTTOM,
  PAD_TOP,
  firstRow,
  heldMax,
  sampleText,
  yLinear,
  type AxisSpec,
  type DrawCtx,
  type LegendItem,
  type Track,
} from './track';

const TITLES: Record<Panel, string> = {
  occupancy: 'Queue occupancy',
  // An AP: what waits below the qdisc (mac80211 TXQs, driver queues) for each station.
  stations: 'Queued per station',
  aggregates: 'A-MPDU aggregates',
  latency: 'Latency',
  throughput: 'Throughput',
  tcp: 'TCP sender',
  // The sender's CPU (when modelled) and, on WiFi, the channel.
  cpu: 'Busy time',
};

export const panelTitle = (p: Panel) => TITLES[p];

function legendOf(specs: SeriesSpec[], theme: ChartTheme, offset = 0): LegendItem[] {
  return specs.map((s, i) => ({
    key: s.key,
    label: s.label,
    unit: s.unit,
    color: seriesColor(s.key, i + offset, theme),
    line: s.overlay,
  }));
}

/** Each series' column in the sample ring, −1 for one switched off in the legend (or absent). */
function shownColumns(d: DrawCtx, specs: SeriesSpec[]): number[] {
  return specs.map((s) => (d.hidden.has(s.key) ? -1 : d.buf.samples.col(s.key)));
}

/** The largest value of the shown columns (c > 0; −1 is off, 0 is time) over rows [i0, i1). */
function visibleMax(ring: DrawCtx['buf']['samples'], cs: number[], i0: number, i1: number, stacked = false) {
  return maxOver(
    ring,
    cs.filter((c) => c > 0),
    i0,
    i1,
    stacked,
  );
}

function readoutOf(legend: LegendItem[]) {
  return (buf: DrawCtx['buf'], tNs: number | null) =>
    legend.map((l) => sampleText(buf, l.key, tNs, (v) => formatValue(v, l.unit)));
}

/** The throttled strip: this tall, under the zero line, so it never covers a layer. */
export const THROTTLE_STRIP_PX = 5;
const OCC_PAD_BOTTOM = THROTTLE_STRIP_PX + 3;
/** The socket's unsent data is drawn see-through: it is not queued below TCP, and the lines over it must read. */
const UNSENT_OPACITY = 0.4;
/** The legend key of the throttled strip (switchable like a series). */
export const THROTTLED_KEY = 'tsq.throttled';

const withOpacity = (c: string, a: number) => d3color(c)?.copy({ opacity: a }).formatRgb() ?? c;

/** Whether TSQ held the socket back at `tNs` (the interval containing it), or at the latest interval's end. */
function throttledText(buf: DrawCtx['buf'], tNs: number | null): string {
  const r = buf.throttled;
  if (!r.length) return '–';
  if (tNs === null) return r.get(1, r.length - 1) >= buf.nowNs - 1e6 ? 'yes' : 'no';
  const i = r.lowerBound(tNs + 1) - 1;
  return i >= 0 && r.get(1, i) > tNs ? 'yes' : 'no';
}

/** How far above the queues a limit may reach before it stops setting the scale. */
export const LIMIT_SCALE_FACTOR = 4;

/**
 * The occupancy panel's y extent: the queues, and a larger extent (the TSQ
 * limit, or the socket's unsent data on top of the queues) only while it is
 * within LIMIT_SCALE_FACTOR of them, so that a limit raised out of the way
 * (tcp_limit_output_bytes = 64M) or a 4 MB send buffer does not flatten the
 * queues below TCP.
 */
export function occupancyMax(dataMax: number, limitMax: number): number {
  if (dataMax <= 0 || limitMax <= LIMIT_SCALE_FACTOR * dataMax) return Math.max(dataMax, limitMax);
  return dataMax;
}

export function occupancyTrack(specs: SeriesSpec[], theme: ChartTheme): Track {
  const stack = specs
    .filter((s) => s.stackOrder !== undefined)
    .sort((a, b) => (a.stackOrder ?? 0) - (b.stackOrder ?? 0));
  // Drawn from the bottom: the layers TSQ counts first, so that their height
  // reads against the limit line, and the socket's unsent data on top.
  const drawOrder = [...stack.keys()].sort(
    (a, b) => Number(stack[a].role === 'unsent') - Number(stack[b].role === 'unsent'),
  );
  const lines = specs.filter((s) => s.stackOrder === undefined);
  const ordered = [...stack, ...lines];
  const isLimit = lines.map((s) => s.role === 'limit');
  const legend = legendOf(ordered, theme).map((l, k) =>
    ordered[k].role === 'unsent' ? { ...l, color: withOpacity(l.color, UNSENT_OPACITY) } : l,
  );
  const strip = withOpacity(theme.throttle, 0.9);
  const unit = ordered[0]?.unit;
  const values = readoutOf(legend);
  return {
    panel: 'occupancy',
    title: TITLES.occupancy,
    description: `Bytes queued in each layer, stacked (${stack.map((s) => s.label).join(', ')}), with ${lines.map((s) => s.label).join(', ') || 'no'} overlay; TSQ-throttled time marked along the bottom.`,
    heightPx: 170,
    legend: [...legend, { key: THROTTLED_KEY, label: 'TSQ throttled', color: strip }],
    readout: (buf, t) => [...values(buf, t), throttledText(buf, t)],
    draw(d: DrawCtx): AxisSpec[] {
      const ring = d.buf.samples;
      const [i0, i1] = ring.range(d.t0Ns, d.t1Ns);
      const sc = stack.map((s) => (d.hidden.has(s.key) ? -1 : ring.col(s.key)));
      const lc = lines.map((s) => (d.hidden.has(s.key) ? -1 : ring.col(s.key)));
      const queueCols = lc.filter((_, k) => !isLimit[k]);
      const limitCols = lc.filter((_, k) => isLimit[k]);
      const belowSocket = sc.filter((_, k) => stack[k].role !== 'unsent');
      const queued = Math.max(
        visibleMax(ring, belowSocket, i0, i1, true),
        visibleMax(ring, queueCols, i0, i1),
      );
      // The socket's backlog and the limit set the scale only while near the queues.
      const withSocket = occupancyMax(queued, visibleMax(ring, sc, i0, i1, true));
      const max = occupancyMax(withSocket, visibleMax(ring, limitCols, i0, i1));
      const y = yLinear(heldMax(d, 'y', max), PAD_TOP, d.heightPx - OCC_PAD_BOTTOM);
      // What is off the scale runs along the top edge; its legend value says how far.
      const yClamped = y.copy().clamp(true);
      const from = firstRow(ring, d, i0);
      if (!d.hidden.has(THROTTLED_KEY))
        shadeIntervals(d.ctx, d.buf.throttled, d.fromNs, d.t1Ns, d.x, strip, {
          top: d.heightPx - THROTTLE_STRIP_PX,
          height: THROTTLE_STRIP_PX,
        });
      const present = drawOrder.map((k) => [sc[k], k] as const).filter(([c]) => c > 0);
      drawStack(
        d.ctx,
        ring,
        present.map(([c]) => c),
        present.map(([, k]) => legend[k].color),
        i0,
        i1,
        d.x,
        yClamped,
        d.widthPx,
        from,
        d.vector,
      );
      lc.forEach((c, k) => {
        const dash = isLimit[k] ? [5, 3] : undefined;
        drawLine(
          d.ctx,
          ring,
          c,
          i0,
          i1,
          d.x,
          isLimit[k] ? yClamped : y,
          d.widthPx,
          { color: legend[stack.length + k].color, width: 1.5, dash },
          from,
          d.vector,
        );
      });
      return [{ scale: y, unit, label: unit ?? '' }];
    },
  };
}

/** Lines on one shared y scale; fraction-like units get a fixed 0..1 domain. */
export function linesTrack(panel: Panel, specs: SeriesSpec[], theme: ChartTheme, heightPx = 130): Track {
  const legend = legendOf(specs, theme);
  const unit = specs[0]?.unit;
  return {
    panel,
    title: TITLES[panel],
    description: `${TITLES[panel]}: ${specs.map((s) => `${s.label} (${s.unit})`).join(', ')} over time.`,
    heightPx,
    legend,
    readout: readoutOf(legend),
    draw(d: DrawCtx): AxisSpec[] {
      const ring = d.buf.samples;
      const [i0, i1] = ring.range(d.t0Ns, d.t1Ns);
      const cs = shownColumns(d, specs);
      const max = visibleMax(ring, cs, i0, i1);
      const y = yLinear(
        heldMax(d, 'y', panel === 'cpu' && max <= 1 ? 0.92 : max),
        PAD_TOP,
        d.heightPx - PAD_BOTTOM,
      );
      const from = firstRow(ring, d, i0);
      specs.forEach((s, k) => {
        const total = /total$/.test(s.key);
        drawLine(
          d.ctx,
          ring,
          cs[k],
          i0,
          i1,
          d.x,
          y,
          d.widthPx,
          { color: legend[k].color, width: total ? 2 : 1.25 },
          from,
          d.vector,
        );
      });
      return [{ scale: y, unit, label: unit ?? '' }];
    },
  };
}

/**
 * One band per unit, each with its own y scale (cwnd in packets, pacing in
 * bit/s, srtt in ms); series sharing a unit (each station's flow at an AP)
 * share its band.
 */
export function smallMultiplesTrack(panel: Panel, specs: SeriesSpec[], theme: ChartTheme): Track {
  const legend = legendOf(specs, theme);
  const units = [...new Set(specs.map((s) => s.unit))];
  const bands = units.map((unit) => ({
    unit,
    members: specs.flatMap((s, k) => (s.unit === unit ? [k] : [])),
  }));
  const BAND = 72;
  return {
    panel,
    title: TITLES[panel],
    description: `${TITLES[panel]}: ${specs.map((s) => `${s.label} (${s.unit})`).join(', ')}, each unit on its own scale.`,
    heightPx: Math.max(1, bands.length) * BAND,
    legend,
    readout: readoutOf(legend),
    draw(d: DrawCtx): AxisSpec[] {
      const ring = d.buf.samples;
      const [i0, i1] = ring.range(d.t0Ns, d.t1Ns);
      const band = d.heightPx / Math.max(1, bands.length);
      const from = firstRow(ring, d, i0);
      const axes: AxisSpec[] = [];
      bands.forEach((b, j) => {
        const cs = shownColumns(
          d,
          b.members.map((k) => specs[k]),
        );
        const top = j * band;
        const max = visibleMax(ring, cs, i0, i1);
        const y = yLinear(heldMax(d, `unit:${b.unit}`, max), top + PAD_TOP, top + band - PAD_BOTTOM);
        if (j > 0) {
          d.ctx.fillStyle = d.theme.grid;
          d.ctx.fillRect(0, Math.round(top), d.widthPx, 1);
        }
        b.members.forEach((k, n) =>
          drawLine(
            d.ctx,
            ring,
            cs[n],
            i0,
            i1,
            d.x,
            y,
            d.widthPx,
            { color: legend[k].color, width: 1.5 },
            from,
            d.vector,
          ),
        );
        // One series: its label names the axis; several: the unit does, the legend names the lines.
        axes.push({
          scale: y,
          unit: b.unit,
          label: b.members.length === 1 ? specs[b.members[0]].label : b.unit,
        });
      });
      return axes;
    },
  };
}
