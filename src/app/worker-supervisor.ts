/**
 * Watches a Web Worker and restarts it when it fails: an uncaught error in
 * the worker, a heartbeat that goes unanswered (the worker's event loop is
 * blocked, or the worker is gone), or no progress for a while when progress
 * is expected: no frames, or frames whose simulated clock stands still.
 *
 * Timing: the heartbeat goes every 100 ms and a worker that has answered
 * before is hung once one goes unanswered for 400 ms. A healthy worker
 * answers within a slice (8 ms, src/worker/host.ts) even when busy, and on a
 * loaded machine within tens of ms; so 400 ms does not mistake load for a
 * hang, while a killed or blocked worker is replaced in well under a second.
 * Two things are not the worker's fault and reset the wait: a beat that comes
 * late (the main thread itself was busy, and the answer may be queued behind
 * that work) and a frame (the worker's loop has just run). A fresh worker
 * gets `startMs` for its first answer (loading and compiling its script).
 * After a failure the old worker is terminated, a fresh one started, and the
 * owner's `restore` brings it back to the last good state (parameters, seed,
 * speed, play state live on the main thread, so they survive).
 *
 * Generic over the worker's API, with the clock injected, so that any worker
 * of the app can use it (the explorer's, an A/B pair, a sweep pool's) and it
 * runs under Vitest with fake workers.
 */

export type FailureKind = 'error' | 'hang' | 'stalled' | 'restore';

export interface WorkerFailure {
  kind: FailureKind;
  /** What happened, for the UI. */
  message: string;
  /** Restarts so far, this one included. */
  restarts: number;
}

/** The part of a Worker the supervisor uses. */
export interface WorkerLike {
  terminate(): void;
  addEventListener(type: 'error' | 'messageerror', fn: (ev: { message?: string }) => void): void;
}

export interface SupervisorClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Whether the page is visible (hidden tabs are throttled: no stall verdicts then). */
  visible(): boolean;
}

export interface SupervisorOptions<R> {
  /** Starts a fresh worker. */
  start(): { remote: R; worker: WorkerLike };
  /** Answers while the worker's event loop runs (a trivial call). */
  ping(remote: R): Promise<unknown>;
  /** Brings a fresh worker to the last good state; `attempt` counts restarts. */
  restore(remote: R, attempt: number): Promise<void>;
  onFailure?(f: WorkerFailure): void;
  onRecovered?(f: WorkerFailure): void;
  /** Too many failures in a row: no more automatic restarts until restart() is called. */
  onGaveUp?(f: WorkerFailure): void;
  /** Heartbeat period. */
  heartbeatMs?: number;
  /** A heartbeat unanswered this long (by a worker that has answered before) is a hang. */
  hangMs?: number;
  /** A fresh worker's first answer, and a restore, may take this long. */
  startMs?: number;
  /** No frame, or no simulated time, for this long while running is a stall. */
  stallMs?: number;
  /** Automatic restarts allowed within `windowMs` before giving up. */
  maxRestarts?: number;
  windowMs?: number;
  clock?: SupervisorClock;
}

export const browserClock: SupervisorClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
};

export class WorkerSupervisor<R> {
  private current: { remote: R; worker: WorkerLike } | null = null;
  /** Increments per worker: events and answers of a replaced worker are ignored. */
  private generation = 0;
  private restarts: number[] = [];
  private restartsTotal = 0;
  private pingSentAt = -1;
  /** The current worker has answered a heartbeat (or sent a frame) since it started. */
  private answered = false;
  private lastBeatAt = -1;
  private lastProgressAt = 0;
  /** The simulated clock of the latest frame, and when it last moved. */
  private lastSimNs = -1;
  private lastSimMoveAt = 0;
  private expecting = false;
  /** Calls known to block the worker for a while (a long step), with the latest deadline they allow. */
  private busy = 0;
  private busyUntil = 0;
  private timer: unknown = null;
  private stopped = false;
  private recovering = false;
  private recoverStartedAt = 0;
  private gaveUp = false;
  private readonly clock: SupervisorClock;
  private readonly heartbeatMs: number;
  private readonly hangMs: number;
  private readonly startMs: number;
  private readonly stallMs: number;

  constructor(private readonly opts: SupervisorOptions<R>) {
    this.clock = opts.clock ?? browserClock;
    this.heartbeatMs = opts.heartbeatMs ?? 100;
    this.hangMs = opts.hangMs ?? 400;
    this.startMs = opts.startMs ?? 10_000;
    this.stallMs = opts.stallMs ?? 4000;
  }

  /** Starts the first worker (restore is the owner's job for this one). */
  start(): R {
    this.spawn();
    this.schedule();
    return this.current!.remote;
  }

  get remote(): R | null {
    return this.current?.remote ?? null;
  }

  /** Restarts so far. */
  get restartCount(): number {
    return this.restartsTotal;
  }

  get healthy(): boolean {
    return !this.recovering && !this.gaveUp;
  }

  /** The worker should now be making progress (running) or not (paused). */
  expectProgress(on: boolean): void {
    if (on && !this.expecting) this.lastProgressAt = this.lastSimMoveAt = this.clock.now();
    this.expecting = on;
  }

  /**
   * A frame arrived (with the simulated clock it reached, when known): the
   * worker's loop is running, so an unanswered heartbeat's wait starts over.
   */
  progress(simNowNs?: number): void {
    const now = this.clock.now();
    this.lastProgressAt = now;
    this.answered = true;
    if (this.pingSentAt >= 0) this.pingSentAt = now;
    if (simNowNs !== undefined && simNowNs !== this.lastSimNs) {
      this.lastSimNs = simNowNs;
      this.lastSimMoveAt = now;
    }
  }

  /**
   * Marks a call that may keep the worker busy for longer than the hang
   * limit (e.g. stepping a heavy scenario by a whole simulated second): no
   * hang verdict while it runs, up to `maxMs`.
   */
  async whileBusy<T>(call: Promise<T>, maxMs = 60_000): Promise<T> {
    this.busy++;
    this.busyUntil = Math.max(this.busyUntil, this.clock.now() + maxMs);
    try {
      return await call;
    } finally {
      this.busy--;
      this.pingSentAt = -1;
      this.lastProgressAt = this.lastSimMoveAt = this.clock.now();
    }
  }

  /** Reports a failure found by the owner (e.g. a call that rejected because the worker died). */
  fail(kind: FailureKind, message: string): void {
    void this.recover(kind, message, this.generation);
  }

  /** Manual restart, also after giving up. */
  restart(message = 'restarted by the user'): Promise<void> {
    this.gaveUp = false;
    this.restarts = [];
    return this.recover('restore', message, this.generation, true);
  }

  /** Kills the current worker without a word, as a crash of the worker process would (for tests). */
  terminateForTest(): void {
    this.current?.worker.terminate();
  }

  dispose(): void {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.current?.worker.terminate();
    this.current = null;
  }

  private spawn(): void {
    const gen = ++this.generation;
    const w = this.opts.start();
    this.current = w;
    this.pingSentAt = -1;
    this.answered = false;
    this.lastProgressAt = this.lastSimMoveAt = this.clock.now();
    this.lastSimNs = -1;
    w.worker.addEventListener('error', (ev) => {
      if (gen === this.generation)
        void this.recover('error', ev.message || 'uncaught error in the worker', gen);
    });
    w.worker.addEventListener('messageerror', () => {
      if (gen === this.generation)
        void this.recover('error', 'a message from the worker could not be read', gen);
    });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => this.beat(), this.heartbeatMs);
  }

  private beat(): void {
    this.timer = null;
    if (this.stopped) return;
    const now = this.clock.now();
    // A late beat means the main thread was busy: an answer may be waiting behind that work.
    const late = this.lastBeatAt >= 0 && now - this.lastBeatAt > 2 * this.heartbeatMs;
    this.lastBeatAt = now;
    if (late && this.pingSentAt >= 0) this.pingSentAt = now;
    const gen = this.generation;
    if (this.recovering && now - this.recoverStartedAt > this.startMs) {
      // The fresh worker did not come back either (restore never settled).
      this.recovering = false;
      void this.recover(
        'restore',
        `the restarted worker did not come back within ${Math.round(this.startMs / 1000)} s`,
        gen,
      );
    } else if (this.current && this.healthy && !(this.busy > 0 && now < this.busyUntil)) {
      const verdict = this.verdict(now);
      if (verdict) void this.recover(verdict.kind, verdict.message, gen);
      else if (this.pingSentAt < 0) this.sendPing(now, gen);
    }
    this.schedule();
  }

  /** What is wrong with the current worker now, if anything. */
  private verdict(now: number): { kind: FailureKind; message: string } | null {
    const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const limit = this.answered ? this.hangMs : this.startMs;
    if (this.pingSentAt >= 0 && now - this.pingSentAt > limit)
      return { kind: 'hang', message: `the worker has not answered for ${secs(now - this.pingSentAt)}` };
    if (!this.expecting || !this.clock.visible()) return null;
    if (now - this.lastProgressAt > this.stallMs)
      return {
        kind: 'stalled',
        message: `no new frame for ${secs(now - this.lastProgressAt)} while running`,
      };
    if (this.lastSimNs >= 0 && now - this.lastSimMoveAt > this.stallMs)
      return {
        kind: 'stalled',
        message: `the simulated clock has stood at ${this.lastSimNs} ns for ${secs(now - this.lastSimMoveAt)} while running`,
      };
    return null;
  }

  private sendPing(now: number, gen: number): void {
    this.pingSentAt = now;
    this.opts.ping(this.current!.remote).then(
      () => {
        if (gen !== this.generation) return;
        this.pingSentAt = -1;
        this.answered = true;
      },
      () => {
        if (gen === this.generation) void this.recover('error', 'the worker rejected the heartbeat', gen);
      },
    );
  }

  private async recover(kind: FailureKind, message: string, gen: number, manual = false): Promise<void> {
    if (this.stopped || gen !== this.generation || (this.recovering && !manual)) return;
    const now = this.clock.now();
    const windowMs = this.opts.windowMs ?? 60_000;
    this.restarts = this.restarts.filter((t) => now - t < windowMs);
    const failure: WorkerFailure = { kind, message, restarts: this.restartsTotal + 1 };
    this.opts.onFailure?.(failure);
    if (!manual && this.restarts.length >= (this.opts.maxRestarts ?? 3)) {
      this.gaveUp = true;
      this.current?.worker.terminate();
      this.opts.onGaveUp?.(failure);
      return;
    }
    this.recovering = true;
    this.recoverStartedAt = now;
    this.restarts.push(now);
    this.restartsTotal++;
    this.current?.worker.terminate();
    this.spawn();
    const myGen = this.generation;
    try {
      await this.opts.restore(this.current!.remote, this.restartsTotal);
      if (myGen !== this.generation) return;
      this.recovering = false;
      this.lastProgressAt = this.lastSimMoveAt = this.clock.now();
      this.opts.onRecovered?.(failure);
    } catch (e) {
      if (myGen !== this.generation) return;
      this.recovering = false;
      void this.recover(
        'restore',
        `restoring the last good state failed: ${(e as Error).message ?? String(e)}`,
        myGen,
      );
    }
  }
}
