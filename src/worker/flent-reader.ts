/**
 * What the Flent worker does (flent.worker.ts is its Comlink glue, so that
 * this runs under Vitest): reads a measured file in pieces, inflates and
 * parses it with src/flent, and reports progress (at most once per
 * PROGRESS_MS within a stage, and at each change of stage), and sends the
 * page the run with its text cut short (forThePage). Every problem is a
 * result with the reader's message, never a throw.
 */
import { fileText, FlentFileError } from '../flent/errors';
import { flentText } from '../flent/gzip';
import { parseFlentJson } from '../flent/read';
import type { FlentRun } from '../flent/types';
import type { FlentProgressSink, FlentReadProgress, FlentReadResult } from './protocol';

/** Larger files are refused before they are read (a long rrul run with many flows is a few MB of gzip). */
export const MAX_MEASUREMENT_BYTES = 64 * 1024 * 1024;

/**
 * The longest text of a file the page receives (a title, a host, a series
 * name, a metadata value), cut with "…": the page shows such text, never
 * needs megabytes of it, and receiving a 50 MB TITLE (a structured clone)
 * would hold up the main thread for the copy.
 */
export const MAX_PAGE_STRING_CHARS = 4096;

const cut = (s: string): string =>
  s.length > MAX_PAGE_STRING_CHARS ? `${s.slice(0, MAX_PAGE_STRING_CHARS)}…` : s;
const cutOrNull = (s: string | null): string | null => (s === null ? null : cut(s));

/** `v` with its strings (values and keys) cut, to a depth of 8 (Flent's metadata is 3 deep). */
function cutStrings(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return cut(v);
  if (depth > 8 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => cutStrings(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [cut(k), cutStrings(x, depth + 1)]));
}

/** The run as the page receives it: its text cut to MAX_PAGE_STRING_CHARS, its numbers whole. */
export function forThePage(run: FlentRun): FlentRun {
  return {
    ...run,
    name: cut(run.name),
    title: cut(run.title),
    host: cutOrNull(run.host),
    hosts: run.hosts.map(cut),
    localHost: cutOrNull(run.localHost),
    kernelRelease: cutOrNull(run.kernelRelease),
    testParameters: cutStrings(run.testParameters) as Record<string, string>,
    series: run.series.map((s) => ({
      ...s,
      name: cut(s.name),
      units: cut(s.units),
      flow: cutOrNull(s.flow),
      host: cutOrNull(s.host),
    })),
    metadata: cutStrings(run.metadata) as Record<string, unknown>,
  };
}

/** The least time between two progress reports of one stage. */
export const PROGRESS_MS = 50;

function throttled(sink: FlentProgressSink, now: () => number): FlentProgressSink {
  let stage = '';
  let lastMs = -Infinity;
  return (p) => {
    const t = now();
    if (p.stage === stage && t - lastMs < PROGRESS_MS) return;
    stage = p.stage;
    lastMs = t;
    sink(p);
  };
}

/** The whole of `file`, read a piece at a time (Blob.stream) with progress. */
async function readAll(file: Blob, onRead: (doneBytes: number) => void): Promise<Uint8Array> {
  const out = new Uint8Array(file.size);
  const reader = file.stream().getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (n + value.length > out.length) throw new FlentFileError('the file grew while it was being read');
    out.set(value, n);
    n += value.length;
    onRead(n);
  }
  return out.subarray(0, n);
}

export async function readFlentFile(
  file: Blob,
  onProgress: FlentProgressSink,
  now: () => number,
  maxFileBytes = MAX_MEASUREMENT_BYTES,
): Promise<FlentReadResult> {
  const report = throttled(onProgress, now);
  const progress = (stage: FlentReadProgress['stage'], doneBytes: number, totalBytes: number, outBytes = 0) =>
    report({ stage, doneBytes, totalBytes, outBytes });
  try {
    if (file.size > maxFileBytes)
      throw new FlentFileError(`the file is larger than ${maxFileBytes / 1024 / 1024} MB`);
    progress('reading', 0, file.size);
    const bytes = await readAll(file, (n) => progress('reading', n, file.size));
    const text = flentText(bytes, {
      onProgress: (p) => progress('inflating', p.readBytes, p.totalBytes, p.outBytes),
    });
    progress('parsing', 0, text.length);
    return { ok: true, run: forThePage(parseFlentJson(text)) };
  } catch (e) {
    return {
      ok: false,
      error:
        e instanceof FlentFileError ? e.message : `the file could not be read (${fileText(String(e), 200)})`,
    };
  }
}
