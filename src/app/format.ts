/** Number formatting by unit, shared by controls, charts and panels. */

const isBytes = (u?: string) => !!u && /^(b|bytes?)$/i.test(u);
const isBps = (u?: string) => !!u && /^(bit\/s|bps|b\/s)$/i.test(u);
const isFraction = (u?: string) => !!u && /^(fraction|ratio|0\.\.1)$/i.test(u);

/**
 * Thousands separators, without Intl: the page's first Intl number format
 * (or `toLocaleString`) loads ICU's number formatting, a 60 ms task that
 * fell on the first summary of a run.
 */
const grouped = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Trims a number to `digits` significant digits without trailing zeros. */
export function num(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 10 ** digits) return grouped(Math.round(v));
  return String(Number(v.toPrecision(digits)));
}

/** The sender's CPU busy share as the summary shows it; NaN means the scenario does not model CPU cost. */
export function formatCpuBusy(fraction: number): string {
  return Number.isFinite(fraction) ? `${num(fraction * 100)} %` : 'not modelled';
}

/** Bytes the way the kernel docs write them: 128K, 4M (powers of 1024). */
export function formatBytes(v: number): string {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  if (a >= 1 << 30) return `${num(v / (1 << 30))}G`;
  if (a >= 1 << 20) return `${num(v / (1 << 20))}M`;
  if (a >= 1 << 10) return `${num(v / (1 << 10))}K`;
  return `${num(v)}`;
}

/** Bits per second: 940 Mbit/s, 1.2 Gbit/s. */
export function formatBps(v: number): string {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  if (a >= 1e9) return `${num(v / 1e9)} Gbit/s`;
  if (a >= 1e6) return `${num(v / 1e6)} Mbit/s`;
  if (a >= 1e3) return `${num(v / 1e3)} kbit/s`;
  return `${num(v)} bit/s`;
}

/** Units that count things, and their singular: "1 frame", not "1 frames". */
const SINGULAR: Record<string, string> = { frames: 'frame', packets: 'packet', pkts: 'pkt', runs: 'run' };

/** A value with its unit, compact (for ticks, readouts and sliders). */
export function formatValue(v: number, unit?: string): string {
  if (!Number.isFinite(v)) return '–';
  if (isBytes(unit)) return `${formatBytes(v)}${Math.abs(v) >= 1024 ? '' : ' B'}`;
  if (isBps(unit)) return formatBps(v);
  if (isFraction(unit)) return `${num(v * 100)} %`;
  const n = num(v);
  if (!unit) return n;
  return `${n} ${n === '1' && SINGULAR[unit] ? SINGULAR[unit] : unit}`;
}

/** Tick label without the unit (the axis names it). */
export function formatTick(v: number, unit?: string): string {
  if (isBytes(unit)) return formatBytes(v);
  if (isBps(unit)) {
    const a = Math.abs(v);
    return a >= 1e9
      ? `${num(v / 1e9)}G`
      : a >= 1e6
        ? `${num(v / 1e6)}M`
        : a >= 1e3
          ? `${num(v / 1e3)}k`
          : num(v);
  }
  if (isFraction(unit)) return `${num(v * 100)}%`;
  return num(v);
}

/** Simulated time with a unit fitting its size. */
export function formatNs(ns: number): string {
  const a = Math.abs(ns);
  if (a >= 1e9) return `${num(ns / 1e9, 4)} s`;
  if (a >= 1e6) return `${num(ns / 1e6, 4)} ms`;
  if (a >= 1e3) return `${num(ns / 1e3, 4)} µs`;
  return `${num(ns)} ns`;
}

/** Unit in which to label a time axis spanning `spanNs`. */
export function timeUnit(spanNs: number): { div: number; label: string } {
  if (spanNs >= 2e9) return { div: 1e9, label: 's' };
  if (spanNs >= 2e6) return { div: 1e6, label: 'ms' };
  return { div: 1e3, label: 'µs' };
}

/** A rate per second with k/M prefixes. */
export function formatRate(perSec: number, unit: string): string {
  const a = Math.abs(perSec);
  if (a >= 1e6) return `${num(perSec / 1e6)} M${unit}`;
  if (a >= 1e3) return `${num(perSec / 1e3)} k${unit}`;
  return `${num(perSec)} ${unit}`;
}

/** Speed as a multiple of real time. */
export function formatSpeed(simNsPerSec: number): string {
  if (!Number.isFinite(simNsPerSec)) return 'max';
  return `${num(simNsPerSec / 1e9, 2)}×`;
}
