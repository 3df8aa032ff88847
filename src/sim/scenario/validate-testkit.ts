/** Test helper for validate*.test.ts: the messages of the ScenarioError `f` throws. */
import { ScenarioError } from './validate';

export function scenarioError(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof ScenarioError) return e.errors;
    throw new Error(`expected a ScenarioError, got ${String(e)}`, { cause: e });
  }
  throw new Error('expected a ScenarioError');
}
