/**
 * "Export → Flent data file": the explorer's current scenario and seed run
 * headless in a sweep worker with per-step samples, written as Flent's
 * format — the same file `npm run sim -- <preset> --flent` writes for them.
 */
import { simToFlent, writeFlent } from '../../flent/index';
import { startSweepWorker } from '../../worker/sweep-client';
import { jobScenario } from '../../worker/sweep-runner';
import type { ParamValue } from '../../worker/protocol';
import { fileSafe, saveBlob } from '../export/download';

/** Flent's default step. */
export const FLENT_STEP_MS = 200;

export interface FlentExportJob {
  presetId: string;
  overrides: Record<string, ParamValue>;
  seed: number;
}

/** Runs the job and returns the file's bytes and its Flent test name. */
export async function flentFileOf(
  job: FlentExportJob,
  onProgress: (fraction: number) => void = () => {},
): Promise<{ bytes: Uint8Array; test: string }> {
  const scenario = jobScenario(job);
  const w = startSweepWorker();
  try {
    const r = await w.run({ jobId: 1, ...job, stepMs: FLENT_STEP_MS }, (p) =>
      onProgress(p.simulatedNs / p.endNs),
    );
    if (r.status !== 'done' || !r.steps)
      throw new Error(r.status === 'error' ? r.error : 'the run was stopped');
    const made = simToFlent({
      scenario,
      seed: job.seed,
      presetId: job.presetId,
      summary: r.summary,
      steps: r.steps,
      timeMs: Date.now(),
      producer: 'TSQ Lab (explorer)',
    });
    return { bytes: writeFlent(made.input), test: made.input.name };
  } finally {
    w.terminate();
  }
}

export async function exportFlentFile(
  job: FlentExportJob,
  onProgress?: (f: number) => void,
): Promise<string> {
  const { bytes, test } = await flentFileOf(job, onProgress);
  const name = `tsq-lab-${fileSafe(job.presetId)}-${test}.flent.gz`;
  saveBlob(name, new Blob([bytes as BlobPart], { type: 'application/gzip' }));
  return name;
}
