/** Scenario validation and overrides: each error names the field, the value and what is allowed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets/index';
import { wiredBase } from './presets/wired-base';
import { applyOverrides, checkField, RULES, ScenarioError, validateScenario } from './validate';

const objectToString = Object.prototype.toString;

function scenarioError(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as ScenarioError).errors;
  }
  throw new Error('expected a ScenarioError');
}

describe('validateScenario', () => {
  it('accepts the wired base and every preset', () => {
    expect(validateScenario(wiredBase())).toEqual([]);
    for (const p of PRESETS) expect(validateScenario(p.scenario())).toEqual([]);
  });

  const bad: [string, unknown, string][] = [
    ['tcp.flows', 0, 'an integer from 1 to 64'],
    ['tcp.flows', 65, 'an integer from 1 to 64'],
    ['tcp.mssBytes', 1448.5, 'an integer from 88 to 65000'],
    ['tcp.mssBytes', '1448', 'an integer from 88 to 65000'],
    ['tcp.sk_pacing_shift', 21, 'an integer from 0 to 20 or null'],
    ['tcp.tcp_limit_output_bytes', 0, 'an integer from 1 to 67108864 or null'],
    ['link.rateBps', 1e5, 'a number from 1000000 to 100000000000'],
    ['link.bql', 'yes', 'true or false'],
    ['era', '5.0', 'one of 3.6, 4.1, 4.9, 4.16, 4.17, 5.4, 6.6, 6.16'],
    ['qdisc.kind', 'sfq', 'one of pfifo_fast, fq, fq_codel, pfifo'],
    ['tcp.cc', null, 'one of reno, cubic, bbr'],
    ['title', 5, 'a string'],
  ];
  it.each(bad)('%s = %j: names field, value and range', (path, v, allowed) => {
    const sc = wiredBase() as unknown as Record<string, Record<string, unknown>>;
    const [a, b] = path.split('.');
    if (b === undefined) (sc as Record<string, unknown>)[a] = v;
    else sc[a][b] = v;
    const errs = validateScenario(sc);
    expect(errs).toEqual([`${path} = ${JSON.stringify(v)} is not allowed: expected ${allowed}`]);
  });

  it('accepts null where the field is nullable', () => {
    const sc = wiredBase();
    sc.tcp.sk_pacing_shift = null;
    sc.tcp.tcp_limit_output_bytes = null;
    sc.qdisc.limit = null;
    expect(validateScenario(sc)).toEqual([]);
  });

  it('reports missing fields with what they should be', () => {
    const sc = wiredBase() as unknown as { tcp: Record<string, unknown> };
    delete sc.tcp.cc;
    expect(validateScenario(sc)).toEqual(['tcp.cc is missing: expected one of reno, cubic, bbr']);
  });

  it('checks warmupMs < durationMs', () => {
    const sc = wiredBase();
    sc.warmupMs = sc.durationMs;
    expect(validateScenario(sc)).toEqual(['warmupMs = 5000 must be less than durationMs = 5000']);
  });

  it('rejects a non-object', () => {
    for (const v of [null, 3, 'x', undefined])
      expect(validateScenario(v)).toEqual(['the scenario must be a JSON object']);
  });

  it('checkField ignores paths without a rule', () => {
    expect(checkField('link.completion', 'anything')).toBeNull();
  });
});

describe('applyOverrides', () => {
  it('coerces strings to the existing type', () => {
    const sc = applyOverrides(wiredBase(), {
      'tcp.sk_pacing_shift': '8',
      'link.bql': 'off',
      'qdisc.kind': 'fq',
      'link.rateBps': '100m',
      'tcp.tcp_limit_output_bytes': '256K',
    });
    expect([sc.tcp.sk_pacing_shift, sc.link.bql, sc.qdisc.kind, sc.link.rateBps]).toEqual([
      8,
      false,
      'fq',
      1e8,
    ]);
    expect(sc.tcp.tcp_limit_output_bytes).toBe(262_144);
  });

  it('does not change its input', () => {
    const base = wiredBase();
    applyOverrides(base, { 'tcp.flows': '4' });
    expect(base).toEqual(wiredBase());
  });

  it('names an unknown path', () => {
    expect(scenarioError(() => applyOverrides(wiredBase(), { 'tcp.nope': '1' }))).toEqual([
      'tcp.nope is not a field of this scenario',
    ]);
  });

  it('shows the value the user typed when it is not a number', () => {
    const [e] = scenarioError(() => applyOverrides(wiredBase(), { 'tcp.flows': 'abc' }));
    expect(e).toContain('tcp.flows');
    expect(e).toContain('abc');
    expect(e).toContain('an integer from 1 to 64');
  });

  it('names field, value and range for an out-of-range override', () => {
    expect(scenarioError(() => applyOverrides(wiredBase(), { 'tcp.flows': '100' }))).toEqual([
      'tcp.flows = 100 is not allowed: expected an integer from 1 to 64',
    ]);
  });

  it.each([
    '__proto__',
    'constructor',
    'toString',
    '__proto__.toString',
    'tcp.__proto__.polluted',
    'tcp.hasOwnProperty',
  ])('treats the inherited name %j as no field (and pollutes nothing)', (path) => {
    const errs = scenarioError(() => applyOverrides(wiredBase(), { [path]: '1' }));
    expect(errs).toEqual([`${path} is not a field of this scenario`]);
    expect(Object.prototype.toString).toBe(objectToString);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(typeof {}.toString).toBe('function');
  });

  it('never throws anything but ScenarioError, with non-empty messages', () => {
    const paths = [...Object.keys(RULES), 'link.completion', 'router', 'nope', '__proto__.x', 'constructor'];
    const key = fc.oneof(fc.constantFrom(...paths), fc.string({ maxLength: 10 }));
    const val = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.integer(),
    );
    fc.assert(
      fc.property(fc.dictionary(key, val, { maxKeys: 4 }), (set) => {
        const before = Object.getOwnPropertyNames(Object.prototype).length;
        try {
          const out = applyOverrides(wiredBase(), set);
          expect(validateScenario(out)).toEqual([]);
        } catch (e) {
          expect(e).toBeInstanceOf(ScenarioError);
          const errs = (e as ScenarioError).errors;
          expect(errs.length).toBeGreaterThan(0);
          for (const m of errs) expect(m.length).toBeGreaterThan(0);
        }
        expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(before);
      }),
      { numRuns: 500 },
    );
  });
});
