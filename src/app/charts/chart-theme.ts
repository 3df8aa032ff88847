/**
 * Colours for canvas drawing. Chrome colours come from the CSS variables of
 * the current theme; series colours are fixed defaults for known keys and a
 * categorical palette for the rest.
 */
import { schemeTableau10 } from 'd3';

export interface ChartTheme {
  fg: string;
  muted: string;
  grid: string;
  throttle: string;
  crosshair: string;
  change: string;
}

export function readChartTheme(el: Element = document.documentElement): ChartTheme {
  const cs = getComputedStyle(el);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  return {
    fg: v('--chart-fg', '#222'),
    muted: v('--chart-muted', '#888'),
    grid: v('--chart-grid', '#ddd'),
    throttle: v('--chart-throttle', 'rgba(225,87,89,0.15)'),
    crosshair: v('--chart-crosshair', '#555'),
    change: v('--chart-change', '#b07aa1'),
  };
}

/** 'fg' means: the theme's foreground (for totals and limits, which must read on both themes). */
const DEFAULTS: Record<string, string> = {
  'occ.sock_unsent': '#8c6bb1',
  'occ.qdisc': '#4e79a7',
  'occ.txq': '#59a14f',
  'occ.driver': '#f28e2b',
  'occ.dongle': '#ff9da7',
  'occ.hanger': '#e15759',
  'occ.air': '#9c755f',
  'occ.router_shaper': '#bab0ac',
  'occ.wire': '#76b7b2',
  'tsq.limit': 'fg',
  'tsq.wmem': '#edc948',
  'tput.total': 'fg',
  'tcp.cwnd': '#4e79a7',
  'tcp.pacing': '#f28e2b',
  'tcp.srtt': '#e15759',
  'cpu.busy': '#b07aa1',
};

/** A per-station series ends in `.staN` or `staN` (station N, from 1). */
const STATION_KEY = /\.?sta(\d+)$/;

/**
 * A series' colour: its fixed default, else its station's colour (the same as
 * that station's points in the aggregate and latency charts), else the
 * palette by position.
 */
export function seriesColor(key: string, index: number, theme: ChartTheme): string {
  const sta = STATION_KEY.exec(key);
  const c =
    DEFAULTS[key] ??
    (sta ? categoryColor(Number(sta[1]) - 1) : schemeTableau10[index % schemeTableau10.length]);
  return c === 'fg' ? theme.fg : c;
}

/** Colour of node / station `i` in point clouds. */
export function categoryColor(i: number): string {
  return schemeTableau10[((i % 10) + 10) % 10];
}
