/** applyOverrides: `--set` and link values coerced to the field's type, or refused with a message naming it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wiredBase } from './presets/wired-base';
import { applyOverrides, RULES, ScenarioError, validateScenario } from './validate';
import { scenarioError } from './validate-testkit';

const objectToString = Object.prototype.toString;

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
    expect(e).toContain('an integer from 1 to 256');
  });

  it('names field, value and range for an out-of-range override', () => {
    expect(scenarioError(() => applyOverrides(wiredBase(), { 'tcp.flows': '300' }))).toEqual([
      'tcp.flows = 300 is not allowed: expected an integer from 1 to 256',
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
