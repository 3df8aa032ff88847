/** Loading scenario files: JSON errors, schema versions, validation, and fuzzing with fast-check. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioJson, migrate } from './load';
import { wiredBase } from './presets/wired-base';
import { SCENARIO_SCHEMA } from './scenario';
import { checkField, RULES, ScenarioError } from './validate';

function errors(text: string): string[] {
  try {
    loadScenarioJson(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as ScenarioError).errors;
  }
  throw new Error('expected a ScenarioError');
}

/** Every leaf path of a JSON value ("tcp.cc", "link.completion.kind", ...). */
function leafPaths(v: unknown, prefix = ''): string[] {
  if (v === null || typeof v !== 'object') return [prefix];
  return Object.entries(v).flatMap(([k, x]) => leafPaths(x, prefix ? `${prefix}.${k}` : k));
}

function setLeaf(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = root;
  for (const p of parts.slice(0, -1)) cur = cur[p] as Record<string, unknown>;
  if (value === undefined) delete cur[parts[parts.length - 1]];
  else cur[parts[parts.length - 1]] = value;
}

describe('loadScenarioJson', () => {
  it('round-trips a valid scenario', () => {
    expect(loadScenarioJson(JSON.stringify(wiredBase()))).toEqual(wiredBase());
  });

  it('reports invalid JSON', () => {
    const [e] = errors('{"schema": 1,');
    expect(e).toMatch(/^the file is not valid JSON: ./);
  });

  it.each(['[]', '3', '"x"', 'null'])('rejects the non-object %s', (t) => {
    expect(errors(t)).toEqual(['the scenario must be a JSON object']);
  });

  it('names the schema problem', () => {
    expect(errors('{}')).toEqual(['schema is missing: expected the scenario schema version (1)']);
    expect(errors('{"schema": "1"}')).toEqual(['schema = "1" is not allowed: expected an integer version']);
    expect(errors('{"schema": 0.5}')).toEqual(['schema = 0.5 is not allowed: expected an integer version']);
    expect(errors(`{"schema": ${SCENARIO_SCHEMA + 1}}`)).toEqual([
      `schema = ${SCENARIO_SCHEMA + 1} is newer than this TSQ Lab understands (${SCENARIO_SCHEMA})`,
    ]);
  });

  it('lists every invalid field with field, value and range', () => {
    const sc = wiredBase() as unknown as Record<string, unknown>;
    setLeaf(sc, 'tcp.flows', 0);
    setLeaf(sc, 'link.ringSlots', 1.5);
    setLeaf(sc, 'receiver.delackMs', undefined);
    expect(errors(JSON.stringify(sc))).toEqual([
      'tcp.flows = 0 is not allowed: expected an integer from 1 to 64',
      'link.ringSlots = 1.5 is not allowed: expected an integer from 1 to 65536',
      'receiver.delackMs is missing: expected a number from 1 to 500',
    ]);
  });

  it('migrate passes the current schema through', () => {
    const raw = { schema: SCENARIO_SCHEMA, x: 1 };
    expect(migrate(raw)).toBe(raw);
  });
});

describe('loadScenarioJson fuzz', () => {
  const check = (text: string): void => {
    try {
      loadScenarioJson(text);
    } catch (e) {
      expect(e).toBeInstanceOf(ScenarioError);
      const errs = (e as ScenarioError).errors;
      expect(errs.length).toBeGreaterThan(0);
      for (const m of errs) {
        expect(typeof m).toBe('string');
        expect(m.trim().length).toBeGreaterThan(0);
      }
      expect((e as ScenarioError).message.length).toBeGreaterThan(0);
    }
  };

  it('random JSON never throws anything but ScenarioError', () => {
    fc.assert(fc.property(fc.json({ depthSize: 'small' }), check), { numRuns: 500 });
  });

  it('random text never throws anything but ScenarioError', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), check), { numRuns: 300 });
  });

  it('random objects with a valid schema never throw anything but ScenarioError', () => {
    const obj = fc.dictionary(
      fc.constantFrom(...Object.keys(wiredBase()), 'wifi', 'x'),
      fc.jsonValue({ maxDepth: 2 }),
    );
    fc.assert(
      fc.property(obj, (o) => check(JSON.stringify({ ...o, schema: 1 }))),
      { numRuns: 300 },
    );
  });

  it('mutated valid scenarios: only ScenarioError, and a broken ruled field is named', () => {
    const base = wiredBase();
    const paths = leafPaths(base);
    const mutation = fc.record({
      path: fc.constantFrom(...paths),
      value: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.constant(undefined),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: -1e9, max: 1e9 }),
      ),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (muts) => {
        const sc = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
        for (const m of muts) {
          try {
            setLeaf(sc, m.path, m.value);
          } catch {
            // an earlier mutation replaced a parent with a primitive; skip
          }
        }
        const text = JSON.stringify(sc);
        check(text);
        // A ruled leaf that ends up missing or invalid must be named in the errors.
        const last = muts[muts.length - 1];
        if (last.path in RULES) {
          const [a, b] = last.path.split('.');
          const reparsed = JSON.parse(text) as Record<string, unknown>;
          const parent = b === undefined ? reparsed : reparsed[a];
          const key = b ?? a;
          const present = parent !== null && typeof parent === 'object' && Object.hasOwn(parent, key);
          const v = present ? (parent as Record<string, unknown>)[key] : undefined;
          if (!present || checkField(last.path, v) !== null) {
            // A bad schema stops loading before the other fields are looked at.
            const named = reparsed.schema === SCENARIO_SCHEMA ? last.path : 'schema';
            expect(errors(text).some((m) => m.startsWith(`${named} `))).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
