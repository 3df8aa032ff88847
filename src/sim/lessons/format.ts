/**
 * The lesson file format ("tsq-lab/lesson", version 1): a lesson is data —
 * steps, each of which sets up a run (a preset, fields as --set reads them,
 * knob changes at simulated times), says what to look at, and tells what
 * happens in prose whose numbers are placeholders bound to the run's
 * summaries, never typed in. ./validate.ts checks a file and names every bad
 * field; ./text.ts and ./expr.ts read the prose and its placeholders.
 *
 * Placeholders: `{<ref>[ <op> <ref>…][|<format>]}` where a ref is
 *   <mark>.<summary path>    the summary at a mark of the step ("end": its end),
 *                            e.g. end.goodputBps, before.stations.2.medianPingMs,
 *                            end.tsqBudget.pacingTermBytes, end.seriesMeans.occ.qdisc
 *   param.<knob>             the knob's value at the start of the run
 *   compare.<id>.<path>      the summary at the end of a comparison run
 *   change.<i>               the value the step's i-th scheduled change sets
 *   published.<cell>         the reference thread's published value (the preset's table)
 *   now.<summary path>       the run's summary as it is now (a kernel rule's live values)
 * combined with + − × ÷ (written + - * /) and parentheses, and formatted as
 * rate, bytes, ms, us, pct, x (a ratio), int, num, text or yesno (by default
 * from the field's unit). Kernel terms link to the glossary by themselves;
 * `code` spans are kept as written.
 */
import type { Panel, ScheduledChange } from '../api';
import type { SourceId } from '../scenario/sources';

export const LESSON_FORMAT = 'tsq-lab/lesson';
export const LESSON_VERSION = 1;

export type SetValue = string | number | boolean | null;

/** The speeds a step can run at (multiples of real time), as the explorer offers them. */
export const STEP_SPEEDS = ['0.01', '0.1', '0.25', '1', '4', 'max'] as const;
export type StepSpeed = (typeof STEP_SPEEDS)[number];

export interface StepSetup {
  preset: string;
  /** Scenario fields by dotted path, as --set and links read them ('128K', '100M', null). */
  set?: Record<string, SetValue>;
  /** Knob changes at simulated times, as a scenario's `changes`. */
  changes?: ScheduledChange[];
  seed?: number;
  /** The step's run ends (pauses) here, in simulated ms: its "end" mark. */
  untilMs: number;
  /** How fast the run plays (a multiple of real time; default 1). */
  speed?: StepSpeed;
}

/** A summary taken during the run, named for the placeholders: after every event before `atMs`. */
export interface StepMark {
  id: string;
  atMs: number;
}

/** A second run of the same preset, computed alongside (headless), for comparisons. */
export interface CompareRun {
  id: string;
  /** Fields on top of the step's own `set`. */
  set?: Record<string, SetValue>;
  changes?: ScheduledChange[];
}

export interface Highlight {
  /** An occupancy layer (series key, e.g. occ.qdisc): marked on the packet path. */
  layer?: string;
  /** Chart series to emphasise (series keys; 'pings' and 'aggregates' for the point charts). */
  series?: string[];
  /** A time range to shade on the timelines, simulated ms. */
  fromMs?: number;
  toMs?: number;
}

export interface Figure {
  /** The timeline panels shown, in order (the first is the one presentation mode shows). */
  panels: Panel[];
  /** Visible time span, ms (default 2000). */
  spanMs?: number;
}

/**
 * A condition on the run: an expression whose value must lie in [low, high]
 * (null: unbounded). `published` is the same quantity as the reference
 * thread measured it (an expression of published.<cell> refs): a
 * prediction whose conditions all have one is graded against the
 * measurement, and the simulation's answer is shown beside it.
 */
export interface Condition {
  value: string;
  range: [number | null, number | null];
  published?: string;
}

export interface ChoiceOption {
  label: string;
  /** The option is right when all of these hold. */
  when: Condition[];
}

/**
 * Asked before the step runs (or, with `askAt`, when the run reaches that
 * mark and pauses); scored against what the run did, shown beside it.
 */
export type Prediction =
  | {
      kind: 'choice';
      prompt: string;
      askAt?: string;
      options: ChoiceOption[];
      explain?: string;
      /** How the first condition's quantity is written beside the answers (default x, a ratio). */
      format?: string;
    }
  | {
      kind: 'estimate';
      prompt: string;
      askAt?: string;
      /** The quantity to estimate (an expression, as in placeholders). */
      value: string;
      /** The marker's scale. */
      min: number;
      max: number;
      scale: 'linear' | 'log';
      /** Shown on the scale: rate, bytes, ms, us, pct, x, num. */
      format: string;
      /** Close enough: within this factor (log scale) or this fraction of the value (linear). */
      tolerance: number;
      explain?: string;
      /** The same quantity as the reference thread measured it: the estimate is graded against it. */
      published?: string;
    };

export interface TryIt {
  /** Knobs (the preset's parameters) handed to the reader. */
  knobs: string[];
  prompt: string;
}

export interface LessonStep {
  id: string;
  title: string;
  setup: StepSetup;
  marks?: StepMark[];
  compare?: CompareRun[];
  figure: Figure;
  highlight?: Highlight;
  /** Paragraphs of prose with placeholders. */
  text: string[];
  predict?: Prediction;
  tryIt?: TryIt;
  /**
   * Follow one skb: the run plays at the step's speed to `fromMs`, then in
   * slow motion (`speed`, default 0.01×) with the per-skb probe tracing one
   * data skb in `everyN`; the reader picks one.
   */
  follow?: { everyN: number; fromMs: number; speed?: StepSpeed };
  /** The kernel rule the step teaches, with the run's live values beside it (./rules.ts). */
  rule?: KernelRule;
}

/**
 * A kernel rule as the kernel writes it, paraphrased: the function, its
 * file, a link to its line in a kernel tree, and lines of code whose
 * {placeholders} read the run (`now.` refs update as it runs).
 */
export interface KernelRule {
  /** The function, e.g. tcp_small_queue_check(). */
  function: string;
  /** Its file in the kernel tree, e.g. net/ipv4/tcp_output.c. */
  file: string;
  /** The kernel tree and version the lines paraphrase, e.g. "Linux 6.6". */
  kernel: string;
  /** A link to the function's line in that tree. */
  url: string;
  /** Paraphrased code; numbers may be typed here (constants of the kernel), the run's values are placeholders. */
  lines: string[];
}

export interface Lesson {
  format: typeof LESSON_FORMAT;
  version: typeof LESSON_VERSION;
  id: string;
  title: string;
  /** One sentence: what the reader will see. */
  summary: string;
  /** The threads and commits it draws on (../scenario/sources.ts). */
  sources: SourceId[];
  steps: LessonStep[];
}

/** Names placeholders may not use as a mark id. */
export const RESERVED_REFS = ['param', 'compare', 'published', 'change', 'now'] as const;
