/**
 * Lesson prose: plain text, `code` spans and {placeholder|format} values
 * (./format.ts), read into segments; the rule that a number in prose is
 * always a placeholder; and how a value is written in each format.
 */
import { parseExpr, type Expr, type Value } from './expr';

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'value'; src: string; expr: Expr; format: string };

/** A published cell's label as a ref writes it: word characters only (fc2/shift7 → fc2_shift7). */
export const cellRef = (label: string): string => label.replace(/\W/g, '_');

export const FORMATS = [
  'rate',
  'Bps',
  'bytes',
  'ms',
  'us',
  's',
  'pct',
  'x',
  'int',
  'num',
  'frames',
  'cc',
  'text',
  'yesno',
] as const;

/** Congestion controls as their authors write them (the kernel's module names are lower case). */
const CC_NAMES: Record<string, string> = { cubic: 'CUBIC', bbr: 'BBR', reno: 'Reno', dctcp: 'DCTCP' };

/** Reads prose into segments; `errors` says what could not be read, with its position. */
export function parseText(s: string): { segments: Segment[]; errors: string[] } {
  const segments: Segment[] = [];
  const errors: string[] = [];
  const re = /`([^`]*)`|\{([^{}]*)\}/g;
  let last = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    if (m.index > last) segments.push({ kind: 'text', text: s.slice(last, m.index) });
    last = re.lastIndex;
    if (m[1] !== undefined) {
      segments.push({ kind: 'code', text: m[1] });
      continue;
    }
    const [src, format = ''] = m[2].split('|').map((x) => x.trim());
    if (format && !(FORMATS as readonly string[]).includes(format)) {
      errors.push(`{${m[2]}}: unknown format ${JSON.stringify(format)} (expected ${FORMATS.join(', ')})`);
      continue;
    }
    try {
      segments.push({ kind: 'value', src, expr: parseExpr(src), format });
    } catch (e) {
      errors.push(`{${m[2]}}: the expression ${(e as Error).message}`);
    }
  }
  if (last < s.length) segments.push({ kind: 'text', text: s.slice(last) });
  const stray = segments.find((g) => g.kind === 'text' && /[{}`]/.test(g.text));
  if (stray) errors.push('has an unmatched { } or `');
  return { segments, errors };
}

/**
 * Numbers standing on their own in prose (not inside a word such as ath9k or
 * mac80211): a lesson's numbers come from the run, as placeholders.
 */
export function typedNumbers(segments: readonly Segment[]): string[] {
  const out: string[] = [];
  for (const g of segments) {
    if (g.kind !== 'text') continue;
    // A kernel release is a name ("Linux 4.17"), not a measurement.
    const text = g.text.replace(/\bLinux \d+\.\d+\b/g, 'Linux');
    for (const m of text.matchAll(/(?<![\w.-])\d+(?:[.,]\d+)*(?![\w.]*\w)/g)) out.push(m[0]);
  }
  return out;
}

/** The format a ref is written in when the placeholder names none: from its field's unit. */
export function defaultFormat(path: readonly string[], seriesUnit?: string): string {
  if (path[0] === 'param') {
    const key = path.join('.');
    if (key === 'param.tcp.cc') return 'cc';
    return /Bps$/.test(key) ? 'rate' : /bytes/i.test(key) ? 'bytes' : 'text';
  }
  const last = path[path.length - 1];
  if (path.includes('seriesMeans') && seriesUnit) {
    if (seriesUnit === 'B') return 'bytes';
    if (seriesUnit === 'bit/s') return 'rate';
    if (seriesUnit === 'ms') return 'ms';
    if (seriesUnit === 'fraction') return 'pct';
    return 'num';
  }
  if (/Bps$/.test(last)) return 'rate';
  if (/Bytes$/.test(last)) return 'bytes';
  if (/Ms$/.test(last)) return 'ms';
  if (/Ns$/.test(last)) return 's';
  if (/Us$/.test(last)) return 'us';
  if (/Fraction$|Share$|^cpuBusy$|^payloadPerTruesize$/.test(last)) return 'pct';
  if (/^(medianAggregate|medianAvgAmpduLen)$/.test(last)) return 'frames';
  if (last === 'bound') return 'text';
  if (/^(capApplies|dynamic|forwarded)$/.test(last)) return 'yesno';
  return 'num';
}

/** Three significant digits, thousands grouped, no trailing zeros. */
export function sig(v: number, digits = 3): string {
  if (!Number.isFinite(v)) return '–';
  if (v === 0) return '0';
  if (Math.abs(v) >= 10 ** digits) return String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return String(Number(v.toPrecision(digits)));
}

function bytes(v: number): string {
  const a = Math.abs(v);
  if (a >= 2 ** 30) return `${sig(v / 2 ** 30)} GB`;
  if (a >= 2 ** 20) return `${sig(v / 2 ** 20)} MB`;
  if (a >= 2 ** 10) return `${sig(v / 2 ** 10)} KB`;
  return `${sig(v)} bytes`;
}

function rate(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e9) return `${sig(v / 1e9)} Gbit/s`;
  if (a >= 1e6) return `${sig(v / 1e6)} Mbit/s`;
  if (a >= 1e3) return `${sig(v / 1e3)} kbit/s`;
  return `${sig(v)} bit/s`;
}

/** A value as prose writes it. */
export function formatValue(v: Value | null, format: string): string {
  if (v === null) return '…';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return format === 'cc' ? (CC_NAMES[v] ?? v.toUpperCase()) : v;
  if (!Number.isFinite(v)) return 'not measured';
  switch (format) {
    case 'rate':
      return rate(v);
    case 'bytes':
      return bytes(v);
    case 'Bps':
      return `${bytes(v)}/s`;
    case 'ms':
      return `${sig(v)} ms`;
    case 's':
      return `${(v / 1e9).toFixed(2)} s`;
    case 'frames':
      return `${sig(v)} ${v === 1 ? 'frame' : 'frames'}`;
    case 'us':
      return Math.abs(v) >= 1000 ? `${sig(v / 1000)} ms` : `${sig(v)} µs`;
    case 'pct':
      return `${sig(v * 100, Math.abs(v) < 0.1 ? 2 : 3)} %`;
    case 'x':
      return `×${sig(v)}`;
    case 'int':
      return sig(Math.round(v), 16);
    case 'yesno':
      return v ? 'yes' : 'no';
    default:
      return sig(v);
  }
}
