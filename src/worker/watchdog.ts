/**
 * The worker's side of the app's watchdog (src/app/worker-supervisor.ts): a
 * cheap `ping` that answers while the worker's event loop runs, and a fault
 * injector the end-to-end tests use to make the core throw or the worker hang
 * on purpose, so that recovery can be tested against real failures.
 */
import type {
  Frame,
  LiveSim,
  ParamSpec,
  ParamValue,
  PointStreams,
  ScheduledChange,
  SeriesSpec,
  SkbTraceSite,
  Summary,
} from '../sim/api';
import type { CoreEntry } from './host';

export type WorkerFault = 'throw' | 'hang' | 'slow';

export interface WatchdogApi {
  /** Answers at once while the worker is alive (the app's heartbeat). */
  ping(): number;
}

/** The fault injector: only in builds for tests (./test-faults.ts). */
export interface FaultApi {
  /**
   * 'throw': the running core throws on its next slice (an uncaught error in
   * the worker, as a core bug would cause); 'hang': the worker blocks
   * forever; 'slow': every slice costs 5 ms more, as a scenario far too heavy
   * for live speed would.
   */
  injectFault(kind: WorkerFault): void;
}

/** The heartbeat alone, as every build answers it. */
export const heartbeatApi = (): WatchdogApi => ({ ping: () => Date.now() });

/** Passes every call to the real sim, except that runUntil throws or crawls once a fault is armed. */
class FaultableSim implements LiveSim {
  constructor(
    private readonly inner: LiveSim,
    private readonly armed: () => boolean,
    private readonly slow: () => boolean,
  ) {}
  get nowNs(): number {
    return this.inner.nowNs;
  }
  get params(): readonly ParamSpec[] {
    return this.inner.params;
  }
  get series(): readonly SeriesSpec[] {
    return this.inner.series;
  }
  get points(): PointStreams {
    return this.inner.points;
  }
  runUntil(endNs: number, maxEvents?: number): boolean {
    if (this.armed()) throw new Error('injected fault: the simulation core threw (test hook)');
    if (this.slow()) {
      const until = performance.now() + SLOW_EXTRA_MS;
      while (performance.now() < until) {
        // Burns time on purpose (the 'slow' fault).
      }
    }
    return this.inner.runUntil(endNs, maxEvents);
  }
  getParam(key: string): ParamValue | undefined {
    return this.inner.getParam(key);
  }
  startParam(key: string): ParamValue | undefined {
    return this.inner.startParam(key);
  }
  get changes(): readonly ScheduledChange[] {
    return this.inner.changes;
  }
  setParam(key: string, value: ParamValue): { ok: true } | { ok: false; error: string } {
    return this.inner.setParam(key, value);
  }
  takeFrame(): Frame {
    return this.inner.takeFrame();
  }
  traceSkbs(opts: { everyN: number } | null): SkbTraceSite[] {
    return this.inner.traceSkbs(opts);
  }
  summary(): Summary {
    return this.inner.summary();
  }
}

/** Extra wall time per slice under the 'slow' fault. */
const SLOW_EXTRA_MS = 5;

export class FaultInjector {
  private throwArmed = false;
  private slowArmed = false;

  /** Wraps the core's factory so that the sims it creates can be made to throw. */
  wrap(core: CoreEntry): CoreEntry {
    return {
      listPresets: () => core.listPresets(),
      runHeadless: core.runHeadless ? (req) => core.runHeadless!(req) : undefined,
      createSim: (presetId, overrides, seed, changes) => {
        const r = core.createSim(presetId, overrides, seed, changes);
        return r.ok
          ? {
              ok: true,
              sim: new FaultableSim(
                r.sim,
                () => this.throwArmed,
                () => this.slowArmed,
              ),
            }
          : r;
      },
    };
  }

  api(): WatchdogApi & FaultApi {
    return {
      ping: () => Date.now(),
      injectFault: (kind) => {
        if (kind === 'throw') this.throwArmed = true;
        else if (kind === 'slow') this.slowArmed = true;
        else if (kind === 'hang')
          for (;;) {
            // Blocks the worker's event loop on purpose: no frame, no message is answered.
          }
      },
    };
  }
}
