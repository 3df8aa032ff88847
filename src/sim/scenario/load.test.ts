/** Loading scenario files: JSON errors, schema versions, validation, and fuzzing with fast-check. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioJson, MAX_SCENARIO_FILE_CHARS, migrate } from './load';
import { getPath } from './paths';
import { findPreset, PRESETS } from './presets/index';
import { wiredBase } from './presets/wired-base';
import { SCENARIO_SCHEMA } from './scenario';
import { applyOverrides, checkField, RULES, ScenarioError } from './validate';

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

  it('names an unknown key with its control characters escaped, so the message stays one readable line', () => {
    const text = JSON.stringify(wiredBase()).replace('"durationMs"', '"du\\rationMs"');
    const errs = errors(text);
    expect(errs).toContainEqual(
      expect.stringMatching(/^"du\\rationMs" is not a field of the scenario: the top level has /),
    );
    for (const m of errs) expect([...m].every((c) => c >= ' ')).toBe(true);
    expect(errors(JSON.stringify({ ...wiredBase(), speed: 1 }))).toContainEqual(
      expect.stringMatching(/^speed is not a field/),
    );
  });

  it('names an unknown --set path with its control characters escaped', () => {
    expect(() => applyOverrides(wiredBase(), { 'tcp.c\rc': 'bbr' })).toThrow(
      expect.objectContaining({ errors: ['"tcp.c\\rc" is not a field of this scenario'] }),
    );
  });

  it('reports invalid JSON', () => {
    const [e] = errors('{"schema": 1,');
    expect(e).toMatch(/^the file is not valid JSON: ./);
  });

  it.each(['[]', '3', '"x"', 'null'])('rejects the non-object %s', (t) => {
    expect(errors(t)).toEqual(['the scenario must be a JSON object']);
  });

  it('names the schema problem', () => {
    expect(errors('{}')).toEqual([
      `schema is missing: expected the scenario schema version (0 to ${SCENARIO_SCHEMA})`,
    ]);
    expect(errors('{"schema": "1"}')).toEqual([
      `schema = "1" is not allowed: expected an integer version from 0 to ${SCENARIO_SCHEMA}`,
    ]);
    expect(errors('{"schema": 0.5}')).toEqual([
      `schema = 0.5 is not allowed: expected an integer version from 0 to ${SCENARIO_SCHEMA}`,
    ]);
    expect(errors('{"schema": -1}')).toEqual([
      `schema = -1 is not allowed: expected an integer version from 0 to ${SCENARIO_SCHEMA}`,
    ]);
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
      'tcp.flows = 0 is not allowed: expected an integer from 1 to 256',
      'link.ringSlots = 1.5 is not allowed: expected an integer from 1 to 65536 slots',
      'receiver.delackMs is missing: expected a number from 1 to 500 ms',
    ]);
  });

  it('migrate passes the current schema through', () => {
    const raw = { schema: SCENARIO_SCHEMA, x: 1 };
    expect(migrate(raw)).toBe(raw);
  });

  it('accepts a byte-order mark and refuses a huge file before parsing', () => {
    expect(loadScenarioJson('\uFEFF' + JSON.stringify(wiredBase()))).toEqual(wiredBase());
    expect(errors(' '.repeat(MAX_SCENARIO_FILE_CHARS + 1))).toEqual([
      `the file has ${MAX_SCENARIO_FILE_CHARS + 1} characters: a scenario has at most ${MAX_SCENARIO_FILE_CHARS}`,
    ]);
  });

  it('names a rate field holding an object that cannot become a number, instead of throwing a TypeError', () => {
    // Found by the fuzz below: {"toString": false} made the HT stream check's arithmetic throw.
    for (const field of ['mcs', 'nss', 'widthMHz'])
      for (const key of ['rate', 'uplinkRate']) {
        const sc = findPreset('bench-wifi')!.scenario() as unknown as {
          wifi: { stations: Record<string, Record<string, unknown>>[] };
        };
        sc.wifi.stations[0][key][field] = { toString: false };
        expect(() => loadScenarioJson(JSON.stringify(sc)), `${key}.${field}`).toThrow(ScenarioError);
        try {
          loadScenarioJson(JSON.stringify(sc));
        } catch (e) {
          expect((e as ScenarioError).errors.join('\n')).toContain(
            `wifi.stations.0.${key}.${field} = {"toString":false}`,
          );
        }
      }
  });

  it('loads every preset written out as a file', () => {
    for (const p of PRESETS) expect(loadScenarioJson(JSON.stringify(p.scenario()))).toEqual(p.scenario());
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

  it.each(['xen-tsq-limit', 'bench-wired', 'bench-wifi', 'brcmfmac-fc-mode'])(
    'mutated %s: only ScenarioError, and a broken ruled field is named',
    (id) => {
      const base = findPreset(id)!.scenario();
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
          // An older schema version is not an error: the file is migrated, and a migration step may
          // fill in the very field the mutation removed, so naming is only checked for current files.
          const olderSchema = (v: unknown): boolean =>
            Number.isInteger(v) && (v as number) >= 0 && (v as number) < SCENARIO_SCHEMA;
          if (olderSchema((JSON.parse(text) as Record<string, unknown>).schema)) return;
          if (last.path.replace(/\.\d+(?=\.|$)/g, '.*') in RULES) {
            const reparsed = JSON.parse(text) as Record<string, unknown>;
            const parts = last.path.split('.');
            const parent =
              getPath(reparsed, parts.slice(0, -1).join('.')) ?? (parts.length === 1 ? reparsed : undefined);
            const key = parts[parts.length - 1];
            const present = parent !== null && typeof parent === 'object' && Object.hasOwn(parent, key);
            const v = present ? (parent as Record<string, unknown>)[key] : undefined;
            // A missing parent is reported at the parent; only check leaves whose parent survived
            // (a missing leaf is checked as undefined: an optional one may be left out).
            if (parent !== undefined && checkField(last.path, v) !== null) {
              // A bad schema stops loading before the other fields are looked at.
              const named = reparsed.schema === SCENARIO_SCHEMA ? last.path : 'schema';
              const errs = errors(text);
              // Past the cap on listed problems a field may go unnamed.
              // A completion model without a valid kind is reported at its kind, not at each field.
              const sibling =
                named.startsWith('link.completion.') || named.includes('physCompletion.')
                  ? named.replace(/[^.]+$/, 'kind')
                  : named;
              if (errs.length <= 40)
                expect(errs.some((m) => m.startsWith(`${named} `) || m.startsWith(`${sibling} `))).toBe(true);
            }
          }
        }),
        { numRuns: 300 },
      );
    },
  );
});
