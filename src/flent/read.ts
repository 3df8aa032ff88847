/**
 * Reads a Flent data file (any version, 1–4) into a FlentRun: the series
 * Flent lists (`results`), each with the raw samples its summary reads.
 * Follows flent/resultset.py (unserialise, raw_series) and combiners.py
 * (RawReducer: a socket-stats series "X::tcp_rtt" reads the `tcp_rtt`
 * entries of X's raw values). Every problem is a FlentFileError naming the
 * field; nothing here throws anything else.
 */
import { upgradeToV4 } from './compat';
import { parseFlentDate } from './dates';
import { fileText, FlentFileError, shownValue } from './errors';
import { flentText, type FlentTextOptions } from './gzip';
import { KIND_UNITS, parseSeriesName } from './names';
import { FLENT_FILE_VERSION, type FlentPoint, type FlentRun, type FlentSeries } from './types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * `where` holds `x`, which is not `expected`. JSON has no infinity: a number
 * past a double's range (1e309) parses as one, and is out of range.
 */
function notNumber(where: string, x: unknown, expected: string): FlentFileError {
  return new FlentFileError(
    typeof x === 'number'
      ? `${where} is out of range: a number beyond ±1.8e308, the largest a double holds`
      : `${where} is ${shownValue(x)}, not ${expected}`,
  );
}

/** Reads the bytes of a `.flent.gz` (or plain JSON) file. */
export function readFlent(bytes: Uint8Array, opts?: FlentTextOptions): FlentRun {
  return parseFlentJson(flentText(bytes, opts));
}

export function parseFlentJson(text: string): FlentRun {
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    // The parser's message quotes the file's bytes, control characters and all.
    throw new FlentFileError(`the file is not JSON (${fileText((e as Error).message, 200)})`, { cause: e });
  }
  if (!isObj(obj)) throw new FlentFileError("the file must hold a JSON object (Flent's data format)");
  return fromJson(obj);
}

function fileVersion(o: Obj): number {
  // Flent: int(obj['version']), 1 when missing or not a number.
  const v = typeof o.version === 'string' ? Number(o.version) : o.version;
  if (v === undefined || typeof v !== 'number' || !Number.isInteger(v)) return 1;
  if (v > FLENT_FILE_VERSION)
    throw new FlentFileError(
      `version ${v} is newer than the Flent data format this reads (versions 1 to ${FLENT_FILE_VERSION})`,
    );
  if (v < 1)
    throw new FlentFileError(`version ${v} is not a Flent data-file version (1 to ${FLENT_FILE_VERSION})`);
  return v;
}

function checkShape(o: Obj): { xs: number[]; results: Obj } {
  if (!isObj(o.metadata))
    throw new FlentFileError('metadata is missing or not an object: not a Flent data file');
  if (typeof o.metadata.NAME !== 'string' || o.metadata.NAME === '')
    throw new FlentFileError('metadata.NAME (the Flent test) is missing');
  if (!Array.isArray(o.x_values)) throw new FlentFileError('x_values is missing or not a list');
  const xs = o.x_values.map((x, i) => {
    if (typeof x !== 'number' || !Number.isFinite(x)) throw notNumber(`x_values[${i}]`, x, 'a number');
    return x;
  });
  if (!isObj(o.results)) throw new FlentFileError('results is missing or not an object');
  if (o.raw_values !== undefined && !isObj(o.raw_values))
    throw new FlentFileError('raw_values is not an object of series');
  return { xs, results: o.results };
}

function seriesValues(name: string, v: unknown, n: number): (number | null)[] {
  if (!Array.isArray(v)) throw new FlentFileError(`results[${shownValue(name)}] is not a list`);
  if (v.length !== n)
    throw new FlentFileError(`results[${shownValue(name)}] has ${v.length} values but x_values has ${n}`);
  return v.map((x, i) => {
    if (x === null) return null;
    if (typeof x !== 'number' || !Number.isFinite(x))
      throw notNumber(`results[${shownValue(name)}][${i}]`, x, 'a number or null');
    return x;
  });
}

/** The raw samples Flent's RawReducer reads for `name` (own key, else the parent's sub-key), t0 in Unix s. */
function rawPoints(name: string, raw: Obj, t0S: number): FlentPoint[] {
  let list: unknown = raw[name];
  let key = 'val';
  if (list === undefined && name.includes('::')) {
    const at = name.lastIndexOf('::');
    list = raw[name.slice(0, at)];
    key = name.slice(at + 2);
  }
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new FlentFileError(`raw_values[${shownValue(name)}] is not a list`);
  const out: FlentPoint[] = [];
  for (const p of list) {
    if (!isObj(p) || !(key in p)) continue;
    const t = num(p.t);
    const v = num(p[key]);
    if (t !== null && v !== null) out.push({ tS: t - t0S, value: v });
  }
  return out;
}

function minRawTime(raw: Obj): number | null {
  let min = Infinity;
  for (const list of Object.values(raw))
    if (Array.isArray(list))
      for (const p of list) if (isObj(p) && typeof p.t === 'number') min = Math.min(min, p.t);
  return Number.isFinite(min) ? min : null;
}

function dateField(meta: Obj, key: string, minRawS: number | null): number | null {
  const v = meta[key];
  if (v === undefined || v === null) return null;
  const ms = typeof v === 'string' ? parseFlentDate(v, minRawS) : null;
  if (ms === null)
    throw new FlentFileError(
      `metadata.${key} is ${shownValue(v)}, not a Flent date (2017-02-21T20:55:11.677001Z)`,
    );
  return ms;
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isObj(v)) for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = String(x);
  return out;
}

function fromJson(input: Obj): FlentRun {
  const version = fileVersion(input);
  // `input` is freshly parsed and ours: the upgrade rewrites its raw values in place.
  const o = input;
  const { xs, results } = checkShape(o);
  if (version < FLENT_FILE_VERSION) upgradeToV4(o, version);
  const meta = o.metadata as Obj;
  const raw = isObj(o.raw_values) ? o.raw_values : {};
  const minRawS = minRawTime(raw);
  const timeMs = dateField(meta, 'TIME', minRawS);
  const t0Ms = dateField(meta, 'T0', minRawS) ?? timeMs ?? (minRawS !== null ? minRawS * 1000 : null);
  if (t0Ms === null)
    throw new FlentFileError('metadata.T0 is missing (and no TIME or raw sample to stand in)');
  const hosts = Array.isArray(meta.HOSTS) ? meta.HOSTS.filter((h): h is string => typeof h === 'string') : [];
  const seriesMeta = isObj(meta.SERIES_META) ? meta.SERIES_META : {};
  const series: FlentSeries[] = Object.entries(results).map(([name, v]) => {
    const sm = isObj(seriesMeta[name]) ? seriesMeta[name] : {};
    const parts = parseSeriesName(name, hosts, sm.RUNNER);
    return {
      name,
      units: str(sm.UNITS) ?? KIND_UNITS[parts.kind],
      ...parts,
      values: seriesValues(name, v, xs.length),
      raw: rawPoints(name, raw, t0Ms / 1000),
      meanValue: num(sm.MEAN_VALUE),
      computedLate: 'COMPUTED_LATE' in sm,
    };
  });
  return {
    version,
    name: meta.NAME as string,
    title: str(meta.TITLE) ?? '',
    timeMs,
    t0Ms,
    lengthS: num(meta.LENGTH),
    totalLengthS: num(meta.TOTAL_LENGTH),
    stepS: num(meta.STEP_SIZE),
    host: str(meta.HOST),
    hosts,
    localHost: str(meta.LOCAL_HOST),
    kernelRelease: str(meta.KERNEL_RELEASE),
    testParameters: stringMap(meta.TEST_PARAMETERS),
    xS: xs,
    series,
    metadata: meta,
  };
}
