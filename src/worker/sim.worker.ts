/** The worker entry: exposes a SimHost through Comlink, transferring frame buffers. */
import * as Comlink from 'comlink';
import { SimHost } from './host';
import { frameTransferables, packFrame } from './frame-bound';
import type { FrameSink, HeadlessRequest, LoadRequest, ParamValue, WorkerApi } from './protocol';
import { createSim, listPresets, runHeadless } from '../sim/index';
import { FaultInjector, heartbeatApi, type FaultApi, type WatchdogApi } from './watchdog';
import { TEST_FAULTS } from './test-faults';
import { channelYield } from './yield-now';

// The app's watchdog pings the worker; in builds for tests its end-to-end tests inject faults through the same object.
const faults = TEST_FAULTS ? new FaultInjector() : null;
const core = { listPresets, createSim, runHeadless };
const yieldNow = channelYield();
const host = new SimHost(
  {
    now: () => performance.now(),
    // The next slice at full speed comes at once, not a clamped timeout later (./yield-now.ts).
    defer: (fn, ms) => (ms > 0 ? void setTimeout(fn, ms) : yieldNow(fn)),
  },
  faults ? faults.wrap(core) : core,
);

const api: WorkerApi & WatchdogApi & Partial<FaultApi> = {
  ...(faults ? faults.api() : heartbeatApi()),
  presets: () => host.presets(),
  load: (req: LoadRequest) => host.load(req),
  reset: (seed?: number) => host.reset(seed),
  play: () => host.play(),
  pause: () => host.pause(),
  step: (ns: number) => host.step(ns),
  setSpeed: (s: number) => host.setSpeed(s),
  setParam: (k: string, v: ParamValue) => host.setParam(k, v),
  summary: () => host.summary(),
  stopAt: (ns: number | null) => host.stopAt(ns),
  traceSkbs: (opts: { everyN: number } | null) => host.traceSkbs(opts),
  runHeadless: (req: HeadlessRequest) => host.runHeadless(req),
  // The sink is a Comlink proxy: its call returns a promise that settles once
  // the app has consumed the frame, which the host counts for back-pressure.
  onFrame: (cb: FrameSink) =>
    host.onFrame((f, s) => {
      const own = packFrame(f);
      return cb(Comlink.transfer(own, frameTransferables(own)), s);
    }),
};

Comlink.expose(api);
