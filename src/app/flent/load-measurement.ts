/**
 * "Load measurement…": a Flent data file read in the page. Every problem is
 * a message naming the file and what is wrong (src/flent's FlentFileError),
 * or that the file has nothing the explorer can lay over its panels.
 */
import { FlentFileError, readFlent, type FlentRun } from '../../flent/index';
import { useMeasured } from './measured-store';

/** Larger files are refused before they are read (Flent's own ten-minute runs are well under). */
export const MAX_MEASUREMENT_BYTES = 64 * 1024 * 1024;

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

export function readMeasurementBytes(bytes: Uint8Array): FlentRun {
  return checkMeasured(readFlent(bytes));
}

/** Reads `file` into the measured store; false (and a message in the store) when it cannot. */
export async function loadMeasurement(file: File): Promise<boolean> {
  const st = useMeasured.getState();
  try {
    if (file.size > MAX_MEASUREMENT_BYTES)
      throw new FlentFileError(`the file is larger than ${MAX_MEASUREMENT_BYTES / 1024 / 1024} MB`);
    const run = readMeasurementBytes(new Uint8Array(await file.arrayBuffer()));
    st.show(file.name, run);
    return true;
  } catch (e) {
    st.refuse(
      file.name,
      e instanceof FlentFileError ? e.message : `the file could not be read (${String(e)})`,
    );
    return false;
  }
}
