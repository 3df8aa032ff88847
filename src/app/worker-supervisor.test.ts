/** WorkerSupervisor with fake workers and a fake clock: detection of errors, hangs and stalls, restart and restore. */
import { describe, expect, it, vi } from 'vitest';
import { type SupervisorClock, type WorkerFailure, WorkerSupervisor } from './worker-supervisor';

class FakeClock implements SupervisorClock {
  t = 0;
  hidden = false;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;
  now = (): number => this.t;
  visible = (): boolean => !this.hidden;
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  };
  clearTimeout = (h: unknown): void => {
    this.timers = this.timers.filter((x) => x.id !== h);
  };
  /** Advances in `stepMs` steps (100 ms), running due timers and letting promises settle between. */
  async advance(ms: number, onStep: () => void = () => {}, stepMs = 100): Promise<void> {
    const end = this.t + ms;
    while (this.t < end) {
      this.t = Math.min(end, this.t + stepMs);
      for (;;) {
        const due = this.timers.filter((x) => x.at <= this.t).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        this.timers = this.timers.filter((x) => x !== due);
        due.fn();
      }
      onStep();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
  }
}

class FakeWorker {
  terminated = false;
  private blocked = false;
  private waiting: (() => void)[] = [];
  /** A hung worker answers nothing until it is unhung (then every held answer comes). */
  get hung(): boolean {
    return this.blocked;
  }
  set hung(v: boolean) {
    this.blocked = v;
    if (!v) for (const f of this.waiting.splice(0)) f();
  }
  answer(): Promise<number> {
    if (this.terminated) return new Promise(() => {});
    if (!this.blocked) return Promise.resolve(1);
    return new Promise((r) => this.waiting.push(() => r(1)));
  }
  private listeners = new Map<string, ((ev: { message?: string }) => void)[]>();
  constructor(readonly id: number) {}
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: string, fn: (ev: { message?: string }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, message?: string): void {
    for (const fn of this.listeners.get(type) ?? []) fn({ message });
  }
}

function setup(
  opts: {
    restore?: (w: FakeWorker) => Promise<void>;
    maxRestarts?: number;
    /** The supervisor's own timing (as the app runs it) instead of a slow 1 s / 4 s one. */
    defaults?: boolean;
    /** Heartbeats the first worker leaves unanswered (still loading its script). */
    loading?: () => boolean;
  } = {},
) {
  const clock = new FakeClock();
  const workers: FakeWorker[] = [];
  const events: string[] = [];
  const sup = new WorkerSupervisor<FakeWorker>({
    start: () => {
      const w = new FakeWorker(workers.length);
      workers.push(w);
      return { remote: w, worker: w };
    },
    ping: (w) => (w.id === 0 && opts.loading?.() ? new Promise(() => {}) : w.answer()),
    restore: opts.restore ?? (() => Promise.resolve()),
    onFailure: (f: WorkerFailure) => events.push(`failure:${f.kind}:${f.restarts}`),
    onRecovered: (f) => events.push(`recovered:${f.kind}`),
    onGaveUp: (f) => events.push(`gave-up:${f.kind}`),
    ...(opts.defaults ? {} : { heartbeatMs: 1000, hangMs: 4000 }),
    maxRestarts: opts.maxRestarts ?? 3,
    windowMs: 60_000,
    clock,
  });
  sup.start();
  return { clock, workers, events, sup };
}

describe('WorkerSupervisor', () => {
  it('an uncaught error in the worker: terminate, start a new one, restore it', async () => {
    const restore = vi.fn(() => Promise.resolve());
    const { clock, workers, events, sup } = setup({ restore });
    await clock.advance(2000);
    workers[0].emit('error', 'boom');
    await clock.advance(100);
    expect(workers[0].terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(restore).toHaveBeenCalledWith(workers[1], 1);
    expect(events).toEqual(['failure:error:1', 'recovered:error']);
    expect(sup.remote).toBe(workers[1]);
    expect(sup.restartCount).toBe(1);
  });

  it('a blocked worker (heartbeat unanswered) is a hang', async () => {
    const { clock, workers, events } = setup();
    await clock.advance(3000);
    expect(events).toEqual([]);
    workers[0].hung = true;
    await clock.advance(7000);
    expect(events).toEqual(['failure:hang:1', 'recovered:hang']);
    expect(workers[0].terminated).toBe(true);
    expect(workers[1].terminated).toBe(false);
  });

  it('no progress while progress is expected is a stall; frames or a hidden page prevent it', async () => {
    const { clock, events, sup } = setup();
    sup.expectProgress(true);
    await clock.advance(10_000, () => sup.progress());
    expect(events).toEqual([]);
    clock.hidden = true;
    await clock.advance(10_000);
    expect(events).toEqual([]);
    clock.hidden = false;
    sup.progress();
    sup.expectProgress(false);
    await clock.advance(10_000);
    expect(events).toEqual([]);
    sup.expectProgress(true);
    await clock.advance(6000);
    expect(events).toEqual(['failure:stalled:1', 'recovered:stalled']);
  });

  it('ignores the events of a worker it has replaced', async () => {
    const { clock, workers, events } = setup();
    workers[0].emit('error', 'first');
    await clock.advance(100);
    workers[0].emit('error', 'late echo of the old worker');
    await clock.advance(3000);
    expect(events).toEqual(['failure:error:1', 'recovered:error']);
    expect(workers).toHaveLength(2);
  });

  it('gives up after too many failures in the window, and restarts on request', async () => {
    const { clock, workers, events, sup } = setup({ maxRestarts: 2 });
    for (let i = 0; i < 3; i++) {
      workers[workers.length - 1].emit('error', `crash ${i}`);
      await clock.advance(200);
    }
    expect(events).toEqual([
      'failure:error:1',
      'recovered:error',
      'failure:error:2',
      'recovered:error',
      'failure:error:3',
      'gave-up:error',
    ]);
    expect(workers).toHaveLength(3);
    expect(workers[2].terminated).toBe(true);
    expect(sup.healthy).toBe(false);
    await sup.restart();
    expect(workers).toHaveLength(4);
    expect(sup.healthy).toBe(true);
  });

  it('a restore that never settles counts as a failure of its own', async () => {
    let n = 0;
    const { clock, workers, events } = setup({
      restore: () => (n++ === 0 ? new Promise(() => {}) : Promise.resolve()),
    });
    workers[0].emit('error', 'boom');
    await clock.advance(12_000);
    expect(events[0]).toBe('failure:error:1');
    expect(events[1]).toBe('failure:restore:2');
    expect(events[2]).toBe('recovered:restore');
    expect(workers).toHaveLength(3);
  });
});

describe('WorkerSupervisor.whileBusy', () => {
  it('a long call known to block the worker is no hang; after it, the heartbeat resumes', async () => {
    const { clock, workers, events, sup } = setup();
    let finish!: () => void;
    const call = sup.whileBusy(new Promise<void>((r) => (finish = r)), 30_000);
    workers[0].hung = true; // the worker is busy and answers nothing
    await clock.advance(20_000);
    expect(events).toEqual([]);
    workers[0].hung = false;
    finish();
    await call;
    await clock.advance(6000);
    expect(events).toEqual([]);
    // Past its deadline a busy call no longer shields a real hang.
    workers[0].hung = true;
    void sup.whileBusy(new Promise(() => {}), 2000);
    await clock.advance(9000);
    expect(events[0]).toBe('failure:hang:1');
  });
});

describe('WorkerSupervisor timing as the app runs it (100 ms heartbeat, 400 ms to a hang verdict)', () => {
  it('a worker killed without a word is replaced within 600 ms of simulated clock', async () => {
    const { clock, workers, events } = setup({ defaults: true });
    await clock.advance(2000, undefined, 10);
    expect(events).toEqual([]);
    workers[0].terminated = true;
    const killedAt = clock.t;
    while (!events.length && clock.t < killedAt + 5000) await clock.advance(10, undefined, 10);
    expect(events[0]).toBe('failure:hang:1');
    expect(clock.t - killedAt).toBeLessThanOrEqual(600);
  });

  it('a main thread blocked for 2 s (a late beat) is not blamed on the worker', async () => {
    const { clock, workers, events } = setup({ defaults: true });
    await clock.advance(1000, undefined, 10);
    // The worker's answer is held up behind the main thread's own work for 2 s.
    workers[0].hung = true;
    await clock.advance(100, undefined, 10);
    await clock.advance(2000, undefined, 2000);
    workers[0].hung = false;
    await clock.advance(1000, undefined, 10);
    expect(events).toEqual([]);
  });

  it('a fresh worker may take seconds to load its script before its first answer', async () => {
    let loading = true;
    const { clock, events } = setup({ defaults: true, loading: () => loading });
    await clock.advance(3000, undefined, 10);
    loading = false;
    await clock.advance(2000, undefined, 10);
    expect(events).toEqual([]);
  });

  it('frames keep a slow heartbeat from being a hang (the worker loop runs)', async () => {
    const { clock, workers, events, sup } = setup({ defaults: true });
    await clock.advance(500, undefined, 10);
    workers[0].hung = true;
    let t = 0;
    await clock.advance(3000, () => sup.progress((t += 1e6)), 100);
    expect(events).toEqual([]);
  });

  it('frames whose simulated clock stands still while running are a stall', async () => {
    const { clock, events, sup } = setup({ defaults: true });
    sup.expectProgress(true);
    let t = 0;
    await clock.advance(2000, () => sup.progress((t += 1e6)), 50);
    expect(events).toEqual([]);
    await clock.advance(4500, () => sup.progress(t), 50);
    expect(events[0]).toBe('failure:stalled:1');
  });
});
