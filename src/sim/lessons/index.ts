/**
 * The built-in lessons, in the order the Learn view offers them. They are
 * data (./data/*.json, the ./format.ts format); ./validate.ts checks them in
 * the tests and any lesson file a reader loads.
 */
import type { Lesson } from './format';
import whyTsq from './data/why-tsq.json' with { type: 'json' };
import tsqBudget from './data/tsq-budget.json' with { type: 'json' };
import wifiBudget from './data/wifi-budget.json' with { type: 'json' };
import lateCompletions from './data/late-completions.json' with { type: 'json' };
import gsoCpu from './data/gso-cpu.json' with { type: 'json' };
import whereQueue from './data/where-queue.json' with { type: 'json' };
import udpFlood from './data/udp-flood.json' with { type: 'json' };

export const LESSONS: readonly Lesson[] = [
  whyTsq,
  tsqBudget,
  wifiBudget,
  lateCompletions,
  gsoCpu,
  whereQueue,
  udpFlood,
].map((l) => l as unknown as Lesson);

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

export * from './format';
