/**
 * Loading a scenario file: parse, migrate older schema versions (./migrate.ts),
 * validate (./validate.ts). Every failure is a ScenarioError whose messages
 * name the field, the value and what is allowed.
 */
import { escapeControls } from './escape';
import { migrateScenario } from './migrate';
import type { Scenario } from './scenario';
import { ScenarioError, validateScenario } from './validate';

/** Larger files are refused before parsing (a scenario is a few KB). */
export const MAX_SCENARIO_FILE_CHARS = 1_000_000;
/** Hosts that read files (the CLI) read at most this many bytes (1 MiB, as the app's import). */
export const MAX_SCENARIO_FILE_BYTES = 1 << 20;

/** Upgrades a parsed scenario of an older schema to the current one (kept for callers of the first API). */
export function migrate(raw: Record<string, unknown>): Record<string, unknown> {
  return migrateScenario(raw);
}

/** Parses, migrates and validates a scenario; throws ScenarioError. */
export function loadScenarioJson(text: string): Scenario {
  if (typeof text !== 'string') throw new ScenarioError(['the file is not text']);
  if (text.length > MAX_SCENARIO_FILE_CHARS) {
    throw new ScenarioError([
      `the file has ${text.length} characters: a scenario has at most ${MAX_SCENARIO_FILE_CHARS}`,
    ]);
  }
  let raw: unknown;
  try {
    // A UTF-8 byte-order mark (some editors add one) is not JSON.
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    // The parser's message quotes the file's bytes: control characters are escaped.
    throw new ScenarioError([`the file is not valid JSON: ${escapeControls((e as Error).message)}`]);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ScenarioError(['the scenario must be a JSON object']);
  }
  const sc = migrateScenario(raw as Record<string, unknown>);
  const errors = validateScenario(sc);
  if (errors.length) throw new ScenarioError(errors);
  return sc as unknown as Scenario;
}
