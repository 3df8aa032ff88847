/**
 * Installs `window.__tsq` (see test-hook-types.ts) over a SimController.
 * Only a build for tests has it (VITE_TSQ_TEST_FAULTS=1, src/worker/test-faults.ts):
 * sim-controller.ts calls installTestHook under that constant, so the bundler
 * drops this module from a production build (test-hook-build.test.ts checks
 * it), and a deployed page exposes no handle on its run.
 */
import { useExplorer } from './state/explorer-store';
import { useWorkerHealth } from './robustness/health-store';
import type { SimController } from './sim-controller';
import type { TsqTestHook } from './test-hook-types';
import { drawnWindows } from './charts/drawn-windows';
import type { ChartScheduler } from './charts/scheduler';
import { TEST_FAULTS } from '../worker/test-faults';

export function installTestHook(c: SimController): void {
  window.__tsq = makeTestHook(c, TEST_FAULTS);
}

/** The hook over `c`; with `faults` false it has no workerFault. */
export function makeTestHook(c: SimController, faults: boolean): TsqTestHook {
  const st = () => useExplorer.getState();
  const hook: TsqTestHook = {
    ready: () => st().ready && c.buffers.runId === st().status.runId && c.frames > 0,
    frames: () => c.frames,
    lastFrameAt: () => c.lastFrameAt,
    presetId: () => st().presetId,
    presets: () => st().presets,
    params: () => st().params,
    values: () => st().values,
    running: () => st().status.running,
    nowNs: () => c.buffers.nowNs,
    changes: () => c.buffers.changes,
    changesVersion: () => c.buffers.changesVersion,
    paintedAt: (version) => c.paints?.paintOf(version)?.at ?? NaN,
    sampleCount: () => c.buffers.samples.length,
    visibleWindow: () => c.visibleWindow(),
    trackWindows: () => (c.paints ? drawnWindows(c.paints as ChartScheduler) : {}),
    summary: () => c.summary(),
    setParam: (k, v) => c.setParam(k, v),
    loadPreset: (id) => c.loadPreset(id, {}),
    play: () => c.play(),
    pause: () => c.pause(),
    step: (ns) => c.stepBy(ns),
    overrides: () => st().overrides,
    seed: () => st().seed,
    script: () => st().script,
    ...(faults
      ? {
          workerFault: (kind: Parameters<SimController['injectWorkerFault']>[0]) => c.injectWorkerFault(kind),
        }
      : {}),
    workerRestarts: () => c.workerRestarts,
    workerHealth: () => useWorkerHealth.getState().state,
  };
  return hook;
}
