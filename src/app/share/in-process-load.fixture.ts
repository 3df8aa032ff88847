/**
 * For tests: the worker's load (src/worker/host.ts) run in process, on the
 * same core with the same messages, so share-link resolution can be checked
 * without a worker.
 */
import { createSim } from '../../sim/index';
import type { LoadRequest, LoadResult, ParamValue } from '../../worker/protocol';

export async function loadInProcess(req: LoadRequest): Promise<LoadResult> {
  const r = createSim(req.presetId, req.overrides, req.seed, req.changes);
  if (!r.ok) return r;
  const values: Record<string, ParamValue> = {};
  for (const p of r.sim.params) values[p.key] = r.sim.getParam(p.key)!;
  return {
    ok: true,
    params: [...r.sim.params],
    series: [...r.sim.series],
    points: { ...r.sim.points },
    values,
    runId: 1,
    script: { overrides: req.overrides, changes: [...r.sim.changes] },
  };
}
