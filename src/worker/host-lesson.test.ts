/**
 * What lessons need of the host: a load with scheduled changes (replayed by
 * a reset), a stop at a given simulated time while playing, the per-skb
 * probe's hops in frames (kept across a restart), and a headless run.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, RunStatus } from './protocol';
import { SimHost } from './host';

/** A wall clock that advances 1 ms per call, with deferred calls run by `drain`. */
function clock() {
  let t = 0;
  const q: (() => void)[] = [];
  return {
    now: () => (t += 1),
    defer: (fn: () => void) => void q.push(fn),
    drain(max = 100_000) {
      for (let i = 0; i < max && q.length; i++) q.shift()!();
    },
  };
}

describe('SimHost for lessons', () => {
  it('loads with changes, stops at a time, and replays the changes on reset', () => {
    const c = clock();
    const host = new SimHost(c);
    const frames: { f: Frame; s: RunStatus }[] = [];
    host.onFrame((f, s) => void frames.push({ f, s }));
    const change = { atUs: 200_000, key: 'tcp.tcp_limit_output_bytes', value: 262144 };
    const r = host.load({ presetId: 'first-tsq', overrides: {}, seed: 1, changes: [change] });
    expect(r.ok).toBe(true);
    host.setSpeed(Infinity);
    host.stopAt(300e6);
    host.play();
    c.drain();
    const last = frames.at(-1)!;
    expect(last.s.running).toBe(false);
    expect(last.s.nowNs).toBe(300e6);
    expect(frames.flatMap((x) => x.f.changes).map((x) => x.key)).toEqual(['tcp.tcp_limit_output_bytes']);
    const before = frames.length;
    host.reset();
    // Beyond one burst of full speed (1 s of simulated time ahead): the stop holds there too.
    host.stopAt(2.5e9);
    host.play();
    c.drain();
    expect(frames.at(-1)!.s.nowNs).toBe(2.5e9);
    expect(frames.slice(before).flatMap((x) => x.f.changes.map((c) => c.to))).toEqual([262144]);
  });

  it('carries the probe’s hops in frames, across a restart of the run', () => {
    const c = clock();
    const host = new SimHost(c);
    const frames: Frame[] = [];
    host.onFrame((f) => void frames.push(f));
    host.load({ presetId: 'first-tsq', overrides: {}, seed: 1 });
    const sites = host.traceSkbs({ everyN: 4 });
    expect(sites.map((s) => s.label)).toContain('NIC ring');
    host.step(50e6);
    expect(frames.at(-1)!.hops!.id.length).toBeGreaterThan(10);
    host.setParam('qdisc.kind', 'fq');
    host.step(50e6);
    expect(frames.at(-1)!.hops!.id.length).toBeGreaterThan(10);
  });

  it('runs a headless request beside the live run', () => {
    const host = new SimHost(clock());
    host.load({ presetId: 'first-tsq', overrides: {}, seed: 1 });
    const r = host.runHeadless({
      presetId: 'first-tsq',
      overrides: { 'link.rateBps': '100M' },
      seed: 1,
      marksNs: [5e8],
    });
    expect(r.ok && r.summaries[0].goodputBps).toBeGreaterThan(50e6);
  });
});
