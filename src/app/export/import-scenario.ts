/**
 * Loads a scenario file into the explorer. The file is checked in full
 * before anything changes — its shape, and its parameters by the core in a
 * short-lived worker of its own (./check-file.ts) — so a bad file leaves the
 * running simulation exactly as it was, and every problem is reported by field.
 */
import type { SimController } from '../sim-controller';
import { useExplorer } from '../state/explorer-store';
import { startWorker } from '../worker-client';
import { checkScenarioFile } from './check-file';

export type ImportResult = { ok: true; message: string } | { ok: false; errors: string[] };

/** Larger files are refused before they are read. */
export const MAX_SCENARIO_BYTES = 1 << 20;

export async function importScenario(text: string, controller: SimController): Promise<ImportResult> {
  const st = useExplorer.getState();
  const { remote, worker } = startWorker();
  let checked;
  try {
    checked = await checkScenarioFile(text, st.presets, (req) => remote.load(req));
  } finally {
    worker.terminate();
  }
  if (!checked.ok) return checked;
  const { resolved: r, seed } = checked;
  const prevSeed = st.seed;
  st.patch({ seed, presetDefaults: { presetId: r.presetId, values: r.presetValues } });
  const ok = await controller.loadPreset(r.presetId, r.overrides);
  if (!ok) {
    const error = useExplorer.getState().error ?? 'the simulation refused the scenario';
    useExplorer.getState().patch({ seed: prevSeed, error: null });
    return { ok: false, errors: [error] };
  }
  const n = Object.keys(r.overrides).length;
  const title = st.presets.find((p) => p.id === r.presetId)?.title ?? r.presetId;
  return { ok: true, message: `${title}, seed ${seed}, ${n} parameter${n === 1 ? '' : 's'} set` };
}

export async function readScenarioFile(file: File): Promise<string> {
  if (file.size > MAX_SCENARIO_BYTES) throw new Error(`the file is larger than ${MAX_SCENARIO_BYTES} bytes`);
  return file.text();
}
