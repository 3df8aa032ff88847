/**
 * One lesson step on a LessonRuntime: loads its run (with a link's fields on
 * top), computes its comparison runs, asks its prediction (before the run,
 * or at a mark where the run pauses), plays to each mark and takes the
 * summary there, slows down and turns the per-skb probe on for
 * follow-one-skb, and ends paused at the step's end. Its state is what the
 * player draws; the prose is evaluated against it (render.ts).
 */
import type { ParamValue, Summary } from '../../worker/protocol';
import type { LessonStep } from '../../sim/lessons/format';
import type { EvalContext } from '../../sim/lessons/expr';
import {
  compareRequests,
  scorePrediction,
  startValue,
  stepRun,
  summaryContext,
  type Score,
  type StepRun,
} from '../../sim/lessons/render';
import type { LessonRuntime } from './lesson-runtime';

export type StepState = 'loading' | 'ask' | 'ready' | 'running' | 'done' | 'free' | 'error';

interface Stop {
  kind: 'mark' | 'follow';
  id: string;
  ns: number;
}

export class StepController {
  state: StepState = 'loading';
  run: StepRun;
  readonly marks = new Map<string, Summary>();
  readonly compare = new Map<string, Summary>();
  answer: number | null = null;
  error: string | null = null;
  /** Follow-one-skb is on (slow motion, probe tracing). */
  following = false;
  /** Fields the reader changed in a "try it" step, on top of the step's. */
  private tried: Record<string, ParamValue> = {};
  private listeners = new Set<() => void>();
  private gen = 0;

  constructor(
    private readonly rt: LessonRuntime,
    readonly step: LessonStep,
    private readonly extra: Record<string, ParamValue>,
  ) {
    this.run = stepRun(step, extra);
  }

  on(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  private set(state: StepState): void {
    this.state = state;
    this.changed();
  }

  /** Loads the step's run, paused at t = 0, and its comparison runs. */
  async load(): Promise<void> {
    const gen = ++this.gen;
    this.set('loading');
    const r = await this.rt.load({
      presetId: this.run.presetId,
      overrides: this.run.overrides,
      seed: this.run.seed,
      changes: this.run.changes,
    });
    if (gen !== this.gen) return;
    if (!r.ok) {
      this.error = r.error;
      this.set('error');
      return;
    }
    await this.rt.setSpeed(this.run.speedId);
    for (const c of compareRequests(this.step, this.run)) {
      const cr = await this.rt.runHeadless(c.req);
      if (gen !== this.gen) return;
      if (cr.ok) this.compare.set(c.id, cr.summaries[0]);
      else this.error = `comparison ${c.id}: ${cr.error}`;
    }
    this.set(this.step.predict && !this.step.predict.askAt ? 'ask' : 'ready');
  }

  /** What the prose and the prediction read. */
  context(): EvalContext {
    const run = this.run;
    return summaryContext({
      marks: this.marks,
      live: this.rt.summary,
      params: new Proxy({}, { get: (_t, k: string) => startValue(run, k) }),
      compare: this.compare,
      presetId: run.presetId,
      changes: run.changes,
    });
  }

  /** The stops still ahead: follow-one-skb's start, then the marks (each just before its time). */
  private stops(): Stop[] {
    const out: Stop[] = [];
    const f = this.run.follow;
    if (f && !this.following) out.push({ kind: 'follow', id: 'follow', ns: f.fromNs });
    for (const m of this.run.marks)
      if (!this.marks.has(m.id)) out.push({ kind: 'mark', id: m.id, ns: Math.max(0, m.atNs - 1) });
    return out.sort((a, b) => a.ns - b.ns);
  }

  /** Plays on to the next stop, and the next, until the end (or a question, or a pause). */
  async play(): Promise<void> {
    if (this.state === 'ask' || this.state === 'loading' || this.state === 'error') return;
    if (this.state === 'done' || this.state === 'free') {
      this.rt.play();
      this.set('free');
      return;
    }
    const gen = this.gen;
    this.set('running');
    for (let next = this.stops()[0]; next; next = this.stops()[0]) {
      if (!(await this.rt.runTo(next.ns)) || gen !== this.gen) {
        if (gen === this.gen && this.state === 'running') this.set('ready');
        return;
      }
      if (next.kind === 'follow') {
        this.following = true;
        await this.rt.setSpeed(this.run.follow!.speedId);
        await this.rt.traceSkbs({ everyN: this.run.follow!.everyN });
        this.changed();
        continue;
      }
      const s = await this.rt.takeSummary();
      if (gen !== this.gen) return;
      if (s) this.marks.set(next.id, s);
      if (this.step.predict?.askAt === next.id && this.answer === null) {
        this.set('ask');
        return;
      }
      this.changed();
    }
    this.set('done');
  }

  /** Follow one skb from now on, in any step: slow motion and the per-skb probe. */
  async followNow(everyN = 8): Promise<void> {
    if (this.following || this.state === 'loading' || this.state === 'error') return;
    this.following = true;
    await this.rt.setSpeed(this.run.follow?.speedId ?? '0.01');
    await this.rt.traceSkbs({ everyN: this.run.follow?.everyN ?? everyN });
    this.changed();
  }

  pause(): void {
    this.rt.pause();
    if (this.state === 'running' || this.state === 'free') this.set('ready');
  }

  /** As fast as the worker runs, to the end (a question still stops it). */
  async skip(): Promise<void> {
    await this.rt.setSpeed('max');
    await this.play();
  }

  /** The reader's prediction; the run goes on. */
  async answerWith(a: number): Promise<void> {
    if (this.state !== 'ask') return;
    this.answer = a;
    this.set('ready');
    await this.play();
  }

  /** The prediction's score once the run has the numbers it reads. */
  score(): Score | null {
    const p = this.step.predict;
    return p && this.answer !== null ? scorePrediction(p, this.answer, this.context()) : null;
  }

  /**
   * A "try it" knob: live knobs apply to the running model; others restart
   * the run with the value. Either way the end's numbers go live again.
   */
  async tryKnob(key: string, value: ParamValue, live: boolean): Promise<void> {
    this.marks.delete('end');
    if (live) {
      this.rt.setParam(key, value);
      if (this.state === 'done') this.set('free');
      else this.changed();
      return;
    }
    this.tried = { ...this.tried, [key]: value };
    this.run = stepRun(this.step, { ...this.extra, ...this.tried });
    this.marks.clear();
    this.following = false;
    await this.load();
    await this.play();
  }

  dispose(): void {
    this.gen++;
    this.listeners.clear();
  }
}
