/**
 * Scenario files with control bytes in their content (raw in the JSON text,
 * or escaped inside its strings) and with oversized lists: the command
 * line's loader and the explorer's parser refuse them with messages, or
 * read them, and no message carries a control character raw (a JSON parse
 * error quotes the file's bytes: issue 34, item 3).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenarioFile, scenarioFileText } from '../../src/app/export/scenario-file';
import { isControl } from '../../src/sim/scenario/escape';
import { loadScenarioJson } from '../../src/sim/scenario/load';
import { listPresets } from '../../src/sim/index';
import { PRESETS } from '../../src/sim/scenario/presets/index';
import { ScenarioError } from '../../src/sim/scenario/validate';

const SEED = 3434;
const rawControls = (s: string): string[] => [...s].filter((c) => c !== '\n' && isControl(c.charCodeAt(0)));
const CONTROLS = ['\u001b[2J', '\u001b]0;x\u0007', '\u0000', '\u0007', '\u009b31m', '\u007f', '\r', '\u0085'];

/** `text` with control bytes put raw at random places. */
const withControls = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...CONTROLS)), { minLength: 1, maxLength: 4 }))
    .map(([t, ins]) =>
      ins.reduce((s, [at, c]) => {
        const i = at % (s.length + 1);
        return s.slice(0, i) + c + s.slice(i);
      }, t),
    );

const presetText = fc.constantFrom(...PRESETS).map((p) => JSON.stringify(p.scenario(), null, 1));

/** A preset with a list (its flows' or stations' array, or a made-up field) grown to thousands of entries. */
const oversized = fc
  .tuple(fc.constantFrom(...PRESETS), fc.integer({ min: 1000, max: 20_000 }), fc.constantFrom(...CONTROLS))
  .map(([p, n, c]) => {
    const sc = p.scenario() as unknown as Record<string, unknown>;
    return JSON.stringify({
      ...sc,
      title: `big${c}`,
      extra: Array.from({ length: n }, (_, i) => ({ [`k${i}${c}`]: i })),
    });
  });

function cliMessages(text: string): string[] {
  try {
    loadScenarioJson(text);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as ScenarioError).errors;
  }
}

describe('scenario files with control bytes and oversized lists', () => {
  it('the command line: a ScenarioError whose messages carry no control character raw', () => {
    fc.assert(
      fc.property(fc.oneof(withControls(presetText), withControls(fc.json()), oversized), (text) => {
        for (const m of cliMessages(text)) expect(rawControls(m), m).toEqual([]);
      }),
      { numRuns: 120, seed: SEED },
    );
  });

  it('the explorer: refused with messages that carry no control character raw', () => {
    const presets = listPresets();
    const valid = fc
      .record({ presetId: fc.constantFrom(...PRESETS.map((p) => p.id)), seed: fc.nat() })
      .map((f) => scenarioFileText({ ...f, set: {} }));
    fc.assert(
      fc.property(fc.oneof(withControls(valid), withControls(fc.json()), oversized), (text) => {
        const r = parseScenarioFile(text, presets);
        if (!r.ok) for (const m of r.errors) expect(rawControls(m), m).toEqual([]);
      }),
      { numRuns: 120, seed: SEED + 1 },
    );
  });
});
