/**
 * Loading a scenario file: parse, migrate older schema versions, validate.
 * Errors name the field, the value and what is allowed.
 */
import { SCENARIO_SCHEMA, type Scenario } from './scenario';
import { ScenarioError, validateScenario } from './validate';

/** Upgrades a parsed scenario of an older schema to the current one. */
export function migrate(raw: Record<string, unknown>): Record<string, unknown> {
  const v = raw.schema;
  if (v === undefined) throw new ScenarioError(['schema is missing: expected the scenario schema version (1)']);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new ScenarioError([`schema = ${JSON.stringify(v)} is not allowed: expected an integer version`]);
  }
  if (v > SCENARIO_SCHEMA) {
    throw new ScenarioError([`schema = ${v} is newer than this TSQ Lab understands (${SCENARIO_SCHEMA})`]);
  }
  return raw;
}

export function loadScenarioJson(text: string): Scenario {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError([`the file is not valid JSON: ${(e as Error).message}`]);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ScenarioError(['the scenario must be a JSON object']);
  }
  const sc = migrate(raw as Record<string, unknown>);
  const errors = validateScenario(sc);
  if (errors.length) throw new ScenarioError(errors);
  return sc as unknown as Scenario;
}
