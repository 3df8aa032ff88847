/** The Learn view's end-to-end hook, `window.__tsqLearn` (types only, so e2e specs can import it). */
import type { ParamSpec, SkbTraceSite, Summary } from '../../worker/protocol';

export interface LearnValue {
  src: string;
  value: string;
  text: string;
  final: boolean;
}

export interface TsqLearnHook {
  lessonId(): string;
  stepIndex(): number;
  stepCount(): number;
  state(): 'loading' | 'ask' | 'ready' | 'running' | 'done' | 'free' | 'error';
  error(): string | null;
  /** Summaries taken at the step's marks ("end" among them once reached). */
  marks(): Record<string, Summary>;
  compare(): Record<string, Summary>;
  /** The overrides the step's run was loaded with (the step's own and the link's). */
  overrides(): Record<string, string | number | boolean | null>;
  nowNs(): number;
  params(): ParamSpec[];
  /** The skb being followed, its path so far, and the run's hop sites. */
  followed(): number | null;
  path(id: number): { kind: number; site: number; seg: number; tNs: number }[];
  sites(): SkbTraceSite[];
  tracedSkbs(): number[];
  /** A series' samples held by the charts (time, value), for checks against the hops. */
  samples(key: string): { t: number[]; v: number[] };
}

declare global {
  interface Window {
    __tsqLearn?: TsqLearnHook;
  }
}
