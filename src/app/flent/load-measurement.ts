/**
 * "Load measurement…": a Flent data file read and parsed in a worker of its
 * own (src/worker/flent-client.ts), so that the page stays responsive while
 * a large file loads; the measured store holds its progress meanwhile, and
 * the load can be cancelled. Every problem is a message naming the file and
 * what is wrong (src/flent's FlentFileError), or that the file has nothing
 * the explorer can lay over its panels.
 */
import { FlentFileError, type FlentRun } from '../../flent/index';
import { readFlentInWorker, type FlentRead } from '../../worker/flent-client';
import { MAX_MEASUREMENT_BYTES } from '../../worker/flent-reader';
import type { FlentReadProgress } from '../../worker/protocol';
import { useMeasured } from './measured-store';

export { MAX_MEASUREMENT_BYTES };

/** Names that mean a Flent data file (the rest dropped on the page are scenario files). */
export const isFlentFileName = (name: string): boolean => /\.(flent(\.gz)?|gz)$/i.test(name);

const OVERLAID = new Set(['ping', 'throughput', 'tcp_cwnd', 'tcp_rtt', 'tcp_pacing_rate']);

/** Checks a parsed run has something to draw; returns it or throws with what it has instead. */
export function checkMeasured(run: FlentRun): FlentRun {
  if (run.series.some((s) => OVERLAID.has(s.kind))) return run;
  const names = run.series.map((s) => s.name);
  throw new FlentFileError(
    `the Flent test ${run.name} has no ping, throughput or TCP series to lay over the simulation (it has ${names.slice(0, 4).join(', ') || 'no series'}${names.length > 4 ? ', …' : ''})`,
  );
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);

/** What the page says while a file loads. */
export function progressText(p: FlentReadProgress): string {
  switch (p.stage) {
    case 'reading':
      return `Reading: ${mb(p.doneBytes)} of ${mb(p.totalBytes)} MB`;
    case 'inflating':
      return `Decompressing: ${mb(p.doneBytes)} of ${mb(p.totalBytes)} MB read, ${mb(p.outBytes)} MB out`;
    case 'parsing':
      return `Parsing ${mb(p.totalBytes)} MB of JSON`;
  }
}

let current: FlentRead | null = null;

/** Cancels the file loading, if any: the measurement shown before stays. */
export function cancelMeasurementLoad(): void {
  current?.cancel();
}

/** Reads `file` into the measured store; false (and a message in the store) when it cannot. */
export async function loadMeasurement(file: File): Promise<boolean> {
  const st = useMeasured.getState();
  if (file.size > MAX_MEASUREMENT_BYTES) {
    st.refuse(file.name, `the file is larger than ${MAX_MEASUREMENT_BYTES / 1024 / 1024} MB`);
    return false;
  }
  current?.cancel();
  const read = readFlentInWorker(file, (p) => {
    if (current === read) st.progress({ fileName: file.name, ...p });
  });
  current = read;
  st.progress({ fileName: file.name, stage: 'reading', doneBytes: 0, totalBytes: file.size, outBytes: 0 });
  try {
    const r = await read.result;
    if (current !== read) return false; // a newer file took its place
    if (r === 'cancelled') {
      st.refuse(file.name, 'loading was cancelled; nothing of the file was read');
      return false;
    }
    if (!r.ok) throw new FlentFileError(r.error);
    st.show(file.name, checkMeasured(r.run));
    return true;
  } catch (e) {
    st.refuse(
      file.name,
      e instanceof FlentFileError ? e.message : `the file could not be read (${String(e)})`,
    );
    return false;
  } finally {
    if (current === read) {
      current = null;
      st.progress(null);
    }
  }
}
