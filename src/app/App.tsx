import { useEffect, useRef } from 'react';
import { startWorker, Comlink, type WorkerRemote } from './worker-client';
import { useRun } from './state/run-store';
import type { Frame, RunStatus } from '../worker/protocol';

export function App() {
  const remote = useRef<WorkerRemote | null>(null);
  const { running, nowNs, error, set } = useRun();

  useEffect(() => {
    const { remote: r, worker } = startWorker();
    remote.current = r;
    void (async () => {
      await r.onFrame(Comlink.proxy((_f: Frame, s: RunStatus) => set({ nowNs: s.nowNs, running: s.running })));
      const presets = await r.presets();
      const res = await r.load({ presetId: presets[0].id, overrides: {}, seed: 1 });
      if (!res.ok) set({ error: res.error });
    })();
    return () => worker.terminate();
  }, [set]);

  const toggle = () => {
    const r = remote.current;
    if (!r) return;
    if (running) void r.pause();
    else void r.play();
    set({ running: !running });
  };

  return (
    <main>
      <h1>TSQ Lab</h1>
      <button type="button" onClick={toggle} data-testid="play">
        {running ? 'Pause' : 'Play'}
      </button>
      <output data-testid="clock">{(nowNs / 1e6).toFixed(3)} ms</output>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
