import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listPresets } from '../../sim/index';
import { parseScenarioFile, scenarioFileText } from './scenario-file';

const presets = listPresets();

describe('scenario files', () => {
  it('round-trips', () => {
    const f = {
      presetId: 'xen-tsq-limit',
      seed: 42,
      set: { 'tcp.tcp_limit_output_bytes': 262144, 'tcp.cc': 'bbr' },
    };
    expect(parseScenarioFile(scenarioFileText(f, 'Xen'), presets)).toEqual({ ok: true, file: f });
  });

  it('names the field of every problem', () => {
    const r = parseScenarioFile(
      JSON.stringify({
        format: 'tsq-lab/scenario',
        version: 3,
        preset: 'nope',
        seed: -1,
        set: { 'a.b': [1], 'c.d': null },
      }),
      presets,
    );
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors[0]).toMatch(/^version = 3 is newer/);
    expect(errors[1]).toMatch(/^preset = "nope" is not allowed: expected one of ath9k-pacing-shift/);
    expect(errors[2]).toMatch(/^seed = -1 is not allowed/);
    expect(errors[3]).toMatch(/^set\.a\.b = \[1\] is not allowed/);
    expect(errors).toHaveLength(4);
  });

  it('explains files that are not scenario files', () => {
    const bad = (t: string) => {
      const r = parseScenarioFile(t, presets);
      return r.ok ? '' : r.errors.join(' ');
    };
    expect(bad('{')).toMatch(/not valid JSON/);
    expect(bad('[1]')).toMatch(/JSON object/);
    expect(bad('{"schema":1,"era":"4.9"}')).toMatch(/command line/);
    expect(bad('{"format":"x"}')).toMatch(/^format = "x" is not allowed/);
  });

  it('never throws and always says why a file was refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .jsonValue()
            .map((v) =>
              JSON.stringify({ format: 'tsq-lab/scenario', version: 1, preset: 'xen-tsq-limit', set: v }),
            ),
        ),
        (t) => {
          const r = parseScenarioFile(t, presets);
          if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('scenario file keys', () => {
  it('refuses names that are no scenario path', () => {
    const r = parseScenarioFile(
      '{"format":"tsq-lab/scenario","version":1,"preset":"xen-tsq-limit","set":{"__proto__":1,"a b":2}}',
      presets,
    );
    expect(r.ok ? [] : r.errors).toEqual([
      'set."__proto__" is not a parameter name: expected a scenario path such as tcp.sk_pacing_shift',
      'set."a b" is not a parameter name: expected a scenario path such as tcp.sk_pacing_shift',
    ]);
  });
});

describe('scenario file knob changes', () => {
  it('keeps the knob changes during the run (version 2) and reads them back', () => {
    const changes = [
      { atUs: 7_400_000, key: 'tcp.sk_pacing_shift', value: 8 },
      { atUs: 9_000_000, key: 'tcp.sk_pacing_shift', value: null },
    ];
    const text = scenarioFileText({ presetId: 'xen-tsq-limit', seed: 3, set: {}, changes });
    expect(JSON.parse(text)).toMatchObject({ version: 2, changes });
    const r = parseScenarioFile(text, presets);
    expect(r.ok && r.file.changes).toEqual(changes);
    // Without changes the file stays version 1, as older versions of the app read it.
    expect(JSON.parse(scenarioFileText({ presetId: 'xen-tsq-limit', seed: 3, set: {} })).version).toBe(1);
  });

  it('names each bad field of a change', () => {
    const r = parseScenarioFile(
      JSON.stringify({
        format: 'tsq-lab/scenario',
        version: 2,
        preset: 'xen-tsq-limit',
        changes: [{ atUs: -1, key: 'tcp.sk_pacing_shift', value: 8 }, { atUs: 5, key: 'a b', value: {} }, 3],
      }),
      presets,
    );
    expect(r.ok ? [] : r.errors).toEqual([
      'changes.0.atUs = -1 is not allowed: expected whole microseconds from 0 to 3600000000',
      'changes.1.key = "a b" is not allowed: expected a parameter such as tcp.sk_pacing_shift',
      'changes.1.value = {} is not allowed: expected a number, a string, true, false or null',
      'changes.2 = 3 is not allowed: expected { atUs, key, value }',
    ]);
  });
});
