import { describe, expect, it } from 'vitest';
import { FRAME_MS, MAX_IN_FLIGHT, SLICE_MS, SimHost } from './host';
import { FakeClock, fakeCore } from './fake-sim.fixture';
import type { Frame, RunStatus } from './protocol';
import { SimStalledError } from '../sim/index';

const SEC = 1e9;

function setup(costMs = 0.001, maxSamples = 4096) {
  const clock = new FakeClock();
  const core = fakeCore(clock, costMs);
  const host = new SimHost(clock, core, { maxSamples, maxPoints: 8192, maxIntervals: 512 });
  const frames: { f: Frame; s: RunStatus; wall: number }[] = [];
  host.onFrame((f, s) => void frames.push({ f, s, wall: clock.now() }));
  const r = host.load({ presetId: 'fake', overrides: {}, seed: 3 });
  if (!r.ok) throw new Error(r.error);
  return { clock, core, host, frames, sim: () => core.created[core.created.length - 1] };
}

function allTimes(frames: { f: Frame }[]): number[] {
  return frames.flatMap((x) => Array.from(x.f.tNs));
}

describe('SimHost pacing', () => {
  it('follows real time at 1×: one wall second runs one simulated second', () => {
    const { clock, host, sim } = setup();
    host.setSpeed(SEC);
    host.play();
    clock.runFor(1000);
    // The target lags the wall clock by at most one idle tick plus one slice.
    expect(sim().nowNs).toBeGreaterThan(SEC - (SLICE_MS + 5) * 1e6);
    expect(sim().nowNs).toBeLessThanOrEqual(SEC + 1e6);
  });

  it('runs in slow motion at 0.01×: one wall second runs 10 ms', () => {
    const { clock, host, sim } = setup();
    host.setSpeed(0.01 * SEC);
    host.play();
    clock.runFor(1000);
    expect(sim().nowNs).toBeGreaterThan(9.8e6);
    expect(sim().nowNs).toBeLessThanOrEqual(10.01e6);
  });

  it('drops the backlog when the sim cannot keep up, so a lower speed takes effect at once', () => {
    // 0.2 ms of work per simulated ms: at most 5 simulated seconds per wall second.
    const { clock, host, sim } = setup(0.2);
    host.setSpeed(10 * SEC);
    host.play();
    clock.runFor(1000);
    const t1 = sim().nowNs;
    expect(t1).toBeGreaterThan(4.5 * SEC);
    expect(t1).toBeLessThan(5.1 * SEC);
    host.setSpeed(SEC);
    // Bursts have adapted to the cost of events: messages wait at most about one slice.
    const asked = clock.now() + 100;
    let seenAt = -1;
    clock.defer(() => (seenAt = clock.now()), 100);
    clock.runFor(1000);
    expect(seenAt - asked).toBeLessThan(SLICE_MS + 1);
    const advanced = sim().nowNs - t1;
    expect(advanced).toBeGreaterThan(0.95 * SEC);
    expect(advanced).toBeLessThan(1.02 * SEC);
  });

  it('runs as fast as possible but yields to messages within one slice', () => {
    const { clock, host, sim } = setup(0.001);
    host.setSpeed(Infinity);
    host.play();
    let seenAt = -1;
    clock.defer(() => (seenAt = clock.now()), 100);
    clock.runFor(1000);
    // 1 µs per simulated ms: about 1000 simulated seconds per wall second
    // (the last slice may start just before the end and run its whole budget).
    expect(sim().nowNs).toBeGreaterThan(900 * SEC);
    expect(sim().nowNs).toBeLessThan((1000 + SLICE_MS + 1) * SEC);
    expect(seenAt).toBeGreaterThanOrEqual(100);
    expect(seenAt).toBeLessThan(100 + SLICE_MS + 1);
  });

  it('pause stops the clock; play resumes without a jump', () => {
    const { clock, host, sim } = setup();
    host.play();
    clock.runFor(200);
    host.pause();
    const t = sim().nowNs;
    clock.runFor(500);
    expect(sim().nowNs).toBe(t);
    host.play();
    clock.runFor(100);
    expect(sim().nowNs - t).toBeLessThan(0.11 * SEC);
  });

  it('step advances exactly the requested simulated time and posts its samples', () => {
    const { host, sim, frames } = setup();
    const before = frames.length;
    host.step(10e6);
    expect(sim().nowNs).toBe(10e6);
    expect(frames.length).toBe(before + 1);
    expect(Array.from(frames[frames.length - 1].f.tNs)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((m) => m * 1e6),
    );
  });
});

describe('SimHost frames', () => {
  it('posts about 30 frames per second carrying every sample once, in order', () => {
    const { clock, host, frames, sim } = setup();
    host.setSpeed(SEC);
    host.play();
    clock.runFor(1000);
    host.pause();
    const running = frames.filter((x) => x.s.running);
    expect(running.length).toBeGreaterThanOrEqual(27);
    expect(running.length).toBeLessThanOrEqual(Math.ceil(1000 / FRAME_MS) + 1);
    for (let i = 1; i < running.length; i++)
      expect(running[i].wall - running[i - 1].wall).toBeGreaterThanOrEqual(FRAME_MS);
    const t = allTimes(frames);
    expect(t.length).toBe(Math.floor(sim().nowNs / 1e6));
    t.forEach((x, i) => expect(x).toBe((i + 1) * 1e6));
  });

  it('bounds frames at full speed and keeps the envelope of every column', () => {
    const { clock, host, frames } = setup(0.001, 256);
    host.setSpeed(Infinity);
    host.play();
    clock.runFor(300);
    host.pause();
    expect(frames.length).toBeGreaterThan(3);
    for (const { f } of frames) {
      expect(f.tNs.length).toBeLessThanOrEqual(256);
      for (let i = 1; i < f.tNs.length; i++) expect(f.tNs[i]).toBeGreaterThanOrEqual(f.tNs[i - 1]);
      // x.ms is the time itself, so the envelope's last value is the frame's last sample.
      const ms = f.cols['x.ms'];
      if (ms.length) expect(ms[ms.length - 1]).toBe(f.tNs[f.tNs.length - 1] / 1e6);
    }
  });

  it('holds frames back while the app has MAX_IN_FLIGHT unconsumed, then delivers everything', () => {
    const clock = new FakeClock();
    const core = fakeCore(clock, 0.001);
    const host = new SimHost(clock, core);
    const got: Frame[] = [];
    const release: (() => void)[] = [];
    host.onFrame((f) => {
      got.push(f);
      return new Promise<void>((res) => release.push(res));
    });
    host.load({ presetId: 'fake', overrides: {}, seed: 1 });
    host.play();
    clock.runFor(1000);
    expect(got.length).toBe(MAX_IN_FLIGHT);
    release.splice(0).forEach((r) => r());
    return Promise.resolve().then(() => {
      clock.runFor(100);
      expect(got.length).toBeGreaterThan(MAX_IN_FLIGHT);
      const t = got.flatMap((f) => Array.from(f.tNs));
      t.forEach((x, i) => expect(x).toBe((i + 1) * 1e6));
    });
  });
});

describe('SimHost live changes', () => {
  it('posts the frame carrying a live change at once, even with MAX_IN_FLIGHT unconsumed', () => {
    const clock = new FakeClock();
    const core = fakeCore(clock, 0.001);
    const host = new SimHost(clock, core);
    const got: Frame[] = [];
    host.onFrame((f) => {
      got.push(f);
      return new Promise<void>(() => {}); // the app never catches up
    });
    host.load({ presetId: 'fake', overrides: {}, seed: 1 });
    host.play();
    clock.runFor(1000);
    expect(got.length).toBe(MAX_IN_FLIGHT);
    expect(host.setParam('tcp.limit', 42)).toEqual({ ok: true });
    expect(got.length).toBe(MAX_IN_FLIGHT + 1);
    expect(got[got.length - 1].changes.map((c) => c.key)).toEqual(['tcp.limit']);
    // Frames without a change still wait for the app.
    clock.runFor(1000);
    expect(got.length).toBe(MAX_IN_FLIGHT + 1);
    // A rejected value posts nothing.
    expect(host.setParam('tcp.limit', -1).ok).toBe(false);
    expect(got.length).toBe(MAX_IN_FLIGHT + 1);
  });
});

describe('SimHost parameters and runs', () => {
  it('applies a live change at the current simulated time and keeps it across reset', () => {
    const { clock, host, frames, sim } = setup();
    host.play();
    clock.runFor(500);
    const at = sim().nowNs;
    expect(host.setParam('tcp.limit', 42)).toEqual({ ok: true });
    clock.runFor(100);
    const ch = frames.flatMap((x) => x.f.changes);
    expect(ch).toEqual([{ tNs: at, key: 'tcp.limit', from: 10, to: 42 }]);
    const runId = frames[frames.length - 1].s.runId;
    const r = host.reset();
    expect(r.ok && r.values['tcp.limit']).toBe(42);
    expect(r.ok && r.runId).toBe(runId + 1);
    expect(sim().nowNs).toBeLessThan(SEC * 0.01);
  });

  it('posts the frame carrying a live change in the next slice, not a frame interval later', () => {
    const { clock, host, frames } = setup();
    host.setSpeed(SEC);
    host.play();
    clock.runFor(500);
    // Right after a frame went out: without the change the next one would wait FRAME_MS.
    const n = frames.length;
    while (frames.length === n) clock.runFor(1);
    const t0 = clock.now();
    expect(host.setParam('tcp.limit', 42)).toEqual({ ok: true });
    clock.runFor(2 * SLICE_MS);
    const first = frames.find((x) => x.f.changes.length > 0);
    expect(first).toBeDefined();
    expect(first!.wall - t0).toBeLessThan(FRAME_MS / 2);
  });

  it('reports an invalid value without changing anything', () => {
    const { host, sim } = setup();
    const r = host.setParam('tcp.limit', 1000);
    expect(r.ok).toBe(false);
    expect(sim().getParam('tcp.limit')).toBe(10);
    expect(host.reset().ok && sim().getParam('tcp.limit')).toBe(10);
  });

  it('restarts the run for a parameter that is not live', () => {
    const { clock, host, core, sim, frames } = setup();
    host.play();
    clock.runFor(300);
    const before = core.created.length;
    expect(host.setParam('qdisc.kind', 'pfifo')).toEqual({ ok: true, restarted: true });
    expect(core.created.length).toBe(before + 1);
    expect(sim().getParam('qdisc.kind')).toBe('pfifo');
    expect(frames[frames.length - 1].s.nowNs).toBe(0);
    expect(host.setParam('qdisc.kind', 'bogus').ok).toBe(false);
    expect(sim().getParam('qdisc.kind')).toBe('pfifo');
  });

  it('reset with a seed passes the seed to the core and reports it', () => {
    const { host, sim, frames } = setup();
    host.reset(7);
    expect(sim().seed).toBe(7);
    expect(frames[frames.length - 1].s.seed).toBe(7);
    host.reset();
    expect(sim().seed).toBe(7);
  });

  it('rejects an unknown preset and keeps the current run', () => {
    const { host, sim } = setup();
    const s = sim();
    expect(host.load({ presetId: 'nope', overrides: {}, seed: 1 }).ok).toBe(false);
    expect(sim()).toBe(s);
    expect(host.status().presetId).toBe('fake');
  });
});

describe('SimHost and a clock that stands still', () => {
  it('a SimStalledError from the core stops the run with its message; it does not escape as a crash', () => {
    const { clock, host, sim, frames } = setup();
    host.play();
    clock.runFor(100);
    sim().runUntil = () => {
      throw new SimStalledError(5, 1 << 20, 'the ping probe, every pingIntervalMs = 1e-9 ms');
    };
    expect(() => clock.runFor(200)).not.toThrow();
    const s = host.status();
    expect(s.running).toBe(false);
    expect(s.stopped).toMatch(/^the simulated clock stopped at t = 5 ns: .*scheduled by the ping probe/);
    expect(frames[frames.length - 1].s.stopped).toBe(s.stopped);
    // Play does not restart a stopped run; a new load does.
    host.play();
    expect(host.status().running).toBe(false);
    expect(host.load({ presetId: 'fake', overrides: {}, seed: 3 }).ok).toBe(true);
    expect(host.status().stopped).toBeUndefined();
  });

  it('a step into a stalled clock stops the same way', () => {
    const { host, sim } = setup();
    sim().runUntil = () => {
      throw new SimStalledError(0, 1 << 20, 'Stuck (event kind 1)');
    };
    expect(() => host.step(1e6)).not.toThrow();
    expect(host.status().stopped).toContain('Stuck (event kind 1)');
  });

  it('any other error still escapes (the supervisor restarts the worker)', () => {
    const { host, sim } = setup();
    sim().runUntil = () => {
      throw new Error('a bug');
    };
    expect(() => host.step(1e6)).toThrow('a bug');
  });
});
