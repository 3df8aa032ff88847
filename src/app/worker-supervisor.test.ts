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
  /** Advances in 100 ms steps, running due timers and letting promises settle between. */
  async advance(ms: number, onStep: () => void = () => {}): Promise<void> {
    const end = this.t + ms;
    while (this.t < end) {
      this.t = Math.min(end, this.t + 100);
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
  hung = false;
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

function setup(opts: { restore?: (w: FakeWorker) => Promise<void>; maxRestarts?: number } = {}) {
  const clock = new FakeClock();
  const workers: FakeWorker[] = [];
  const events: string[] = [];
  const sup = new WorkerSupervisor<FakeWorker>({
    start: () => {
      const w = new FakeWorker(workers.length);
      workers.push(w);
      return { remote: w, worker: w };
    },
    ping: (w) => (w.hung || w.terminated ? new Promise(() => {}) : Promise.resolve(1)),
    restore: opts.restore ?? (() => Promise.resolve()),
    onFailure: (f: WorkerFailure) => events.push(`failure:${f.kind}:${f.restarts}`),
    onRecovered: (f) => events.push(`recovered:${f.kind}`),
    onGaveUp: (f) => events.push(`gave-up:${f.kind}`),
    heartbeatMs: 1000,
    hangMs: 4000,
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
    await clock.advance(10_000);
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
