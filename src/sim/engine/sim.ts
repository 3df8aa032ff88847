/**
 * The discrete-event engine: an integer-nanosecond clock, the event queue and
 * the seeded RNG. Model components hold a reference to it and schedule events
 * on themselves (EventTarget) with small integer kinds, which keeps the hot
 * path free of closures.
 */
import { preferDoubleFields } from './double-fields';
import { EventQueue, type EventTarget } from './event-queue';
import { InstantQueue } from './instant-queue';
import { Rng } from './rng';
import { EventLane } from './lane';
import type { Ns } from './time';

export type { EventTarget } from './event-queue';
export { EventLane };

/** Sees every event before it runs: its time, its target (a lane's owner for a lane's event) and kind. */
export type EventObserver = (tNs: Ns, target: EventTarget, kind: number) => void;

/**
 * Events the clock may stay on one instant for before the run is stopped:
 * far above anything a model does at one nanosecond (a burst of completions
 * is thousands), and checked once per this many events, so the guard costs
 * the hot loop one comparison.
 */
export const STALL_EVENTS = 1 << 20;

/** Thrown by Sim.runUntil/runSlice when the clock has stopped advancing (see STALL_EVENTS). */
export class SimStalledError extends Error {
  constructor(
    readonly atNs: Ns,
    readonly events: number,
    readonly source: string,
  ) {
    super(
      `the simulated clock stopped at t = ${atNs} ns: over ${events} events ran without it advancing, scheduled by ${source}; the run was stopped`,
    );
    this.name = 'SimStalledError';
  }
}

/** The event source in words: the target's own description, else its class. */
function describeSource(ev: { target: EventTarget; kind: number } | null): string {
  if (!ev) return 'nothing (the queue is empty)';
  const named = ev.target.describeEvent?.(ev.kind);
  if (named) return named;
  const cls = (ev.target as { constructor?: { name?: string } }).constructor?.name || 'an event target';
  return `${cls} (event kind ${ev.kind})`;
}

export class Sim {
  nowNs: Ns = 0;
  readonly rng: Rng;
  private readonly q = new EventQueue();
  /** Events for the current instant, in insertion order, outside the heap (./instant-queue.ts). */
  private readonly instant = new InstantQueue();
  eventsRun = 0;
  /**
   * Set, every event goes through it before it runs (the trace export of a
   * window of time); tested once per call of runUntil/runSlice, so an
   * ordinary run pays nothing per event.
   */
  observer: EventObserver | null = null;
  /** The stall guard: the event count and the clock at its next and last check. */
  private guardAt = STALL_EVENTS;
  private guardNs: Ns = -1;

  constructor(seed: number) {
    this.rng = new Rng(seed);
  }

  /** Schedules target.handleEvent(kind, arg) at absolute time `atNs` (never in the past). */
  at(atNs: Ns, target: EventTarget, kind: number, arg: unknown = null): void {
    if (atNs <= this.nowNs) {
      this.instant.push(this.q.takeSeq(), target, kind, arg);
      return;
    }
    this.q.push(Math.round(atNs), target, kind, arg);
  }

  /** Schedules after `delayNs` from now. */
  after(delayNs: Ns, target: EventTarget, kind: number, arg: unknown = null): void {
    this.at(this.nowNs + delayNs, target, kind, arg);
  }

  get pending(): number {
    return this.q.size + this.instant.len;
  }

  nextEventNs(): Ns {
    return this.instant.len > 0 ? this.nowNs : this.q.peekTime();
  }

  /**
   * Whether the next event is the instant FIFO's head, at the current time
   * (not after endNs): the heap holds nothing at this instant with an older
   * insertion number.
   */
  private instantNext(endNs: Ns): boolean {
    const inst = this.instant;
    return inst.len > 0 && this.nowNs <= endNs && !this.q.precedes(this.nowNs, inst.headSeq());
  }

  /** Takes the insertion number of an event to be queued later with atKeyed (see Timer). */
  takeSeq(): number {
    return this.q.takeSeq();
  }

  /** Queues an event at `atNs` (already rounded, not in the past) under a number from takeSeq. */
  atKeyed(atNs: Ns, seq: number, target: EventTarget, kind: number, arg: unknown): void {
    this.q.pushKeyed(atNs, seq, target, kind, arg);
  }

  /** Runs every event with time ≤ endNs, then sets the clock to endNs. */
  runUntil(endNs: Ns): void {
    if (this.observer !== null) {
      this.runObserved(endNs, Infinity, this.observer);
      return;
    }
    const q = this.q;
    for (;;) {
      if (this.instantNext(endNs)) {
        const t = this.nowNs;
        if (this.eventsRun >= this.guardAt) this.checkClock(t);
        this.eventsRun++;
        this.instant.runHead(t);
        continue;
      }
      if (q.size === 0) break;
      const t = q.peekTime();
      if (t > endNs) break;
      if (this.eventsRun >= this.guardAt) this.checkClock(t);
      this.nowNs = t;
      this.eventsRun++;
      q.popAndRun(t);
    }
    if (endNs > this.nowNs) this.nowNs = endNs;
  }

  /** Runs at most `maxEvents` events with time ≤ endNs; returns true if endNs was reached. */
  runSlice(endNs: Ns, maxEvents: number): boolean {
    if (this.observer !== null) return this.runObserved(endNs, maxEvents, this.observer);
    const q = this.q;
    let n = 0;
    for (;;) {
      if (this.instantNext(endNs)) {
        if (n++ >= maxEvents) return false;
        const t = this.nowNs;
        if (this.eventsRun >= this.guardAt) this.checkClock(t);
        this.eventsRun++;
        this.instant.runHead(t);
        continue;
      }
      if (q.size === 0) break;
      const t = q.peekTime();
      if (t > endNs) break;
      if (n++ >= maxEvents) return false;
      if (this.eventsRun >= this.guardAt) this.checkClock(t);
      this.nowNs = t;
      this.eventsRun++;
      q.popAndRun(t);
    }
    if (endNs > this.nowNs) this.nowNs = endNs;
    return true;
  }

  /** runSlice with every event shown to `observe` first. */
  private runObserved(endNs: Ns, maxEvents: number, observe: EventObserver): boolean {
    const q = this.q;
    const inst = this.instant;
    let n = 0;
    for (;;) {
      const fromInstant = this.instantNext(endNs);
      if (!fromInstant && (q.size === 0 || q.peekTime() > endNs)) break;
      const t = fromInstant ? this.nowNs : q.peekTime();
      if (n++ >= maxEvents) return false;
      if (this.eventsRun >= this.guardAt) this.checkClock(t);
      this.nowNs = t;
      this.eventsRun++;
      const target = fromInstant ? inst.headTarget() : q.peekTarget()!;
      const kind = fromInstant ? inst.headKind() : q.peekKind();
      if (target instanceof EventLane) observe(t, target.owner, target.headKind);
      else observe(t, target, kind);
      if (fromInstant) inst.runHead(t);
      else q.popAndRun(t);
    }
    if (endNs > this.nowNs) this.nowNs = endNs;
    return true;
  }

  /**
   * Once per STALL_EVENTS events: the next event must be later than the one
   * at the previous check, else the clock has not moved over that many
   * events (something re-arms itself at the same nanosecond) and the run
   * stops, naming what scheduled the next event. Nothing has run yet, so the
   * model is left as it was.
   */
  private peekNext(): { target: EventTarget; kind: number } | null {
    const inst = this.instant;
    if (this.instantNext(this.nowNs)) return { target: inst.headTarget(), kind: inst.headKind() };
    return this.q.peek();
  }

  private checkClock(t: Ns): void {
    if (t === this.guardNs) throw new SimStalledError(t, STALL_EVENTS, describeSource(this.peekNext()));
    this.guardNs = t;
    this.guardAt = this.eventsRun + STALL_EVENTS;
  }
}

/**
 * A re-armable one-shot timer (like an hrtimer). Each arm takes its insertion
 * number at once (Sim.takeSeq), so the timer fires in exactly the order a
 * timer queuing one event per arm would. But re-arming later, as the RTO is on
 * every ACK, queues nothing: the event already queued arrives early and
 * re-queues itself for the expiry under that number. Only an arm earlier than
 * the queued event queues another; the one it overtakes is ignored on arrival.
 */
export class Timer implements EventTarget {
  expiresNs: Ns = -1;
  /** Insertion number of the current expiry: its place among events at the same time. */
  private expSeq = 0;
  /** Time and number of the queued event that counts; queuedNs -1 when none. */
  private queuedNs: Ns = -1;
  private queuedSeq = 0;
  /** Kind of that event; an overtaken one carries an older kind. */
  private live = 0;

  constructor(
    private readonly sim: Sim,
    private readonly fire: (nowNs: Ns) => void,
  ) {}

  get armed(): boolean {
    return this.expiresNs >= 0;
  }

  arm(atNs: Ns): void {
    const sim = this.sim;
    const t = atNs < sim.nowNs ? sim.nowNs : Math.round(atNs);
    const seq = sim.takeSeq();
    this.expiresNs = t;
    this.expSeq = seq;
    const q = this.queuedNs;
    if (q >= 0 && (q < t || (q === t && this.queuedSeq < seq))) return;
    this.queue(t, seq);
  }

  /** Arms only if not armed or if `atNs` is earlier than the current expiry. */
  armEarliest(atNs: Ns): void {
    if (!this.armed || atNs < this.expiresNs) this.arm(atNs);
  }

  /** The queued event stays; it finds the timer unarmed on arrival. */
  cancel(): void {
    this.expiresNs = -1;
  }

  handleEvent(kind: number, _arg: unknown, nowNs: Ns): void {
    if (kind !== this.live) return;
    const seq = this.queuedSeq;
    this.queuedNs = -1;
    if (this.expiresNs < 0) return;
    if (this.expiresNs !== nowNs || this.expSeq !== seq) {
      this.queue(this.expiresNs, this.expSeq);
      return;
    }
    this.expiresNs = -1;
    this.fire(nowNs);
  }

  private queue(t: Ns, seq: number): void {
    this.queuedNs = t;
    this.queuedSeq = seq;
    this.sim.atKeyed(t, seq, this, ++this.live, null);
  }
}

// The clock and the event count outgrow small integers during a run (see double-fields.ts).
preferDoubleFields(new Sim(0), ['nowNs', 'eventsRun', 'guardAt', 'guardNs']);
preferDoubleFields(new Timer(new Sim(0), () => {}), ['expiresNs', 'expSeq', 'queuedNs', 'queuedSeq']);
