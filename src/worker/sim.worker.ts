/** The worker entry: exposes a SimHost through Comlink. */
import * as Comlink from 'comlink';
import { SimHost, frameTransferables } from './host';
import type { Frame, RunStatus } from './protocol';

const host = new SimHost({
  now: () => performance.now(),
  defer: (fn, ms) => void setTimeout(fn, ms),
});

const api = {
  presets: () => host.presets(),
  load: (req: Parameters<SimHost['load']>[0]) => host.load(req),
  play: () => host.play(),
  pause: () => host.pause(),
  step: (ns: number) => host.step(ns),
  setSpeed: (s: number) => host.setSpeed(s),
  setParam: (k: string, v: Parameters<SimHost['setParam']>[1]) => host.setParam(k, v),
  summary: () => host.summary(),
  onFrame: (cb: (f: Frame, s: RunStatus) => void) =>
    host.onFrame((f, s) => void cb(Comlink.transfer(f, frameTransferables(f)), s)),
};

Comlink.expose(api);
