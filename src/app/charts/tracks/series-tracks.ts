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
  yLog,
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
 * The occupancy panel's y extent: the queues, and the TSQ limit only while
 * it is within LIMIT_SCALE_FACTOR of them, so that a limit raised out of the
 * way (tcp_limit_output_bytes = 64M) does not flatten the queues below TCP.
 */
export function occupancyMax(dataMax: number, limitMax: number): number {
  if (dataMax <= 0 || limitMax <= LIMIT_SCALE_FACTOR * dataMax) return Math.max(dataMax, limitMax);
  return dataMax;
}

/**
 * The socket's unsent data is not queued below TCP and is often a hundred
 * times larger than what is: it gets a strip of its own along the top edge,
 * on its own scale, so the queues below keep the plot's height.
 */
export const SOCKET_STRIP_PX = 22;
const STRIP_GAP_PX = 5;
/** On a log scale the queues' axis starts this far below its top (bytes: 1/10^4 of the largest). */
const LOG_DECADES = 4;

export function occupancyTrack(specs: SeriesSpec[], theme: ChartTheme): Track {
  const stack = specs
    .filter((s) => s.stackOrder !== undefined)
    .sort((a, b) => (a.stackOrder ?? 0) - (b.stackOrder ?? 0));
  const socketIdx = stack.findIndex((s) => s.role === 'unsent');
  const queueIdx = [...stack.keys()].filter((k) => k !== socketIdx);
  const lines = specs.filter((s) => s.stackOrder === undefined);
  const ordered = [...stack, ...lines];
  const isLimit = lines.map((s) => s.role === 'limit');
  const legend = legendOf(ordered, theme);
  const strip = withOpacity(theme.throttle, 0.9);
  const unit = ordered[0]?.unit;
  const values = readoutOf(legend);
  const socketTop = socketIdx >= 0 ? SOCKET_STRIP_PX + STRIP_GAP_PX : 0;
  return {
    panel: 'occupancy',
    title: TITLES.occupancy,
    description: `Bytes queued in each layer below TCP, stacked (${queueIdx.map((k) => stack[k].label).join(', ')}), with ${lines.map((s) => s.label).join(', ') || 'no'} overlay${socketIdx >= 0 ? `; ${stack[socketIdx].label} in a strip along the top on its own scale` : ''}; TSQ-throttled time marked along the bottom.`,
    // The strip comes out of the panel's height: the queues keep most of it, the page below does not move.
    heightPx: 170,
    minHeightPx: 110 + socketTop,
    logY: true,
    legend: [...legend, { key: THROTTLED_KEY, label: 'TSQ throttled', color: strip }],
    readout: (buf, t) => [...values(buf, t), throttledText(buf, t)],
    draw(d: DrawCtx): AxisSpec[] {
      const ring = d.buf.samples;
      const [i0, i1] = ring.range(d.t0Ns, d.t1Ns);
      const sc = stack.map((s) => (d.hidden.has(s.key) ? -1 : ring.col(s.key)));
      const lc = lines.map((s) => (d.hidden.has(s.key) ? -1 : ring.col(s.key)));
      const queueCols = lc.filter((_, k) => !isLimit[k]);
      const limitCols = lc.filter((_, k) => isLimit[k]);
      const below = queueIdx.map((k) => sc[k]);
      const queued = Math.max(visibleMax(ring, below, i0, i1, true), visibleMax(ring, queueCols, i0, i1));
      const max = heldMax(d, 'y', occupancyMax(queued, visibleMax(ring, limitCols, i0, i1)));
      const bottom = d.heightPx - OCC_PAD_BOTTOM;
      const y = d.logY
        ? yLog(Math.max(1, max / 10 ** LOG_DECADES), max, socketTop + PAD_TOP, bottom)
        : yLinear(max, socketTop + PAD_TOP, bottom);
      // What is off the scale runs along the top edge; its legend value says how far.
      const yClamped = y.copy().clamp(true);
      const from = firstRow(ring, d, i0);
      if (!d.hidden.has(THROTTLED_KEY))
        shadeIntervals(d.ctx, d.buf.throttled, d.fromNs, d.t1Ns, d.x, strip, {
          top: d.heightPx - THROTTLE_STRIP_PX,
          height: THROTTLE_STRIP_PX,
        });
      const present = queueIdx.filter((k) => sc[k] > 0);
      drawStack(
        d.ctx,
        ring,
        present.map((k) => sc[k]),
        present.map((k) => legend[k].color),
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
      const axes: AxisSpec[] = [];
      if (socketIdx >= 0)
        axes.push(socketStrip(d, sc[socketIdx], legend[socketIdx].color, i0, i1, from, unit));
      axes.push({ scale: y, unit, label: unit ?? '', ...(d.logY ? { log: true } : {}) });
      return axes;
    },
  };
}

/** The socket's unsent data in its strip along the top edge, from 0 to its own largest value; returns the strip's axis. */
function socketStrip(
  d: DrawCtx,
  col: number,
  color: string,
  i0: number,
  i1: number,
  from: number,
  unit: string | undefined,
): AxisSpec {
  const ring = d.buf.samples;
  const top = 1;
  const bottom = SOCKET_STRIP_PX;
  const max = heldMax(d, 'socket', col > 0 ? visibleMax(ring, [col], i0, i1) : 0);
  const y = yLinear(max, top, bottom);
  d.ctx.fillStyle = d.theme.grid;
  d.ctx.fillRect(0, bottom + Math.floor(STRIP_GAP_PX / 2), d.widthPx, 1);
  if (col > 0) drawStack(d.ctx, ring, [col], [color], i0, i1, d.x, y, d.widthPx, from, d.vector);
  const [, hi] = y.domain();
  return { scale: y, unit, label: 'socket', title: '', tickValues: [hi] };
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

/** A band's least height: three tick labels and its title without overlap. */
const MIN_BAND_PX = 60;

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
    // Shared out with other panels (a lesson's figure), each band keeps room for its axis labels.
    minHeightPx: Math.max(1, bands.length) * MIN_BAND_PX,
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
