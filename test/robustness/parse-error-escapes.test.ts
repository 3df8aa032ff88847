/**
 * A JSON parse error quotes the file's bytes (V8: `Unexpected token '…',
 * "…" is not valid JSON`). Scenario files (the CLI's and the explorer's)
 * and Flent files pass the quote through the same escaping as titles, so
 * ESC, BEL and NUL from a file never reach a terminal or a message raw.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioFile } from '../../src/app/export/scenario-file';
import { parseFlentJson } from '../../src/flent/read';
import { loadScenarioJson } from '../../src/sim/scenario/load';
import { isControl } from '../../src/sim/scenario/escape';

const rawControls = (s: string): string[] => [...s].filter((c) => c !== '\n' && isControl(c.charCodeAt(0)));
const BAD = ['{"a":\u001b[2J}', '{"a":1,\u0007}', '[1,\u0000]', '\u001b]0;x\u0007', '{"a":\u009b31m}'];

const thrown = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected an error');
};

describe.each(BAD)('JSON %j', (text) => {
  it('a scenario file for the command line', () => {
    const m = thrown(() => loadScenarioJson(text));
    expect(m).toContain('not valid JSON');
    expect(rawControls(m)).toEqual([]);
  });

  it('a scenario file for the explorer', () => {
    const r = parseScenarioFile(text, []);
    expect(r.ok).toBe(false);
    const m = (r as { errors: string[] }).errors.join('\n');
    expect(m).toContain('not valid JSON');
    expect(rawControls(m)).toEqual([]);
  });

  it('a Flent file', () => {
    const m = thrown(() => parseFlentJson(text));
    expect(m).toContain('not JSON');
    expect(rawControls(m)).toEqual([]);
  });
});
