/**
 * Schema migration: a schema-0 file (renamed fields, Mbit/s and ms units, no
 * WiFi/router/CPU), a schema-1 WiFi file (no RX interrupt mitigation) and a
 * schema-2 file (no receive buffer fields, RX coalescing or per-flow paths)
 * load as the current schema.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioJson } from './load';
import { migrateScenario } from './migrate';
import { findPreset } from './presets/index';
import { wiredBase } from './presets/wired-base';
import { SCENARIO_SCHEMA } from './scenario';
import { ScenarioError } from './validate';

/** The wired base as a schema-0 file would have stored it. */
function schema0(): Record<string, unknown> {
  const b = wiredBase();
  const { tcp_limit_output_bytes, sk_pacing_shift, ...tcp } = b.tcp;
  const { rateBps, propagationUs, xen: _xen, ...link } = b.link;
  return {
    schema: 0,
    title: b.title,
    era: b.era,
    durationMs: b.durationMs,
    warmupMs: b.warmupMs,
    sampleIntervalUs: b.sampleIntervalUs,
    tcp: { ...tcp, limitOutputBytes: tcp_limit_output_bytes, pacingShift: sk_pacing_shift },
    qdisc: b.qdisc,
    link: { ...link, rateMbps: rateBps / 1e6, delayMs: propagationUs / 1000 },
  };
}

function errorsOf(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as ScenarioError).errors;
  }
  throw new Error('expected a ScenarioError');
}

describe('schema 0 → 1', () => {
  it('renames fields, converts units and fills in what schema 0 implied', () => {
    const sc = loadScenarioJson(JSON.stringify(schema0()));
    expect(sc.schema).toBe(SCENARIO_SCHEMA);
    expect(sc).toEqual(wiredBase());
  });

  it('keeps explicit values of the renamed fields', () => {
    const raw = schema0();
    (raw.tcp as Record<string, unknown>).pacingShift = 8;
    (raw.tcp as Record<string, unknown>).limitOutputBytes = 262144;
    (raw.link as Record<string, unknown>).rateMbps = 100;
    (raw.link as Record<string, unknown>).delayMs = 0.5;
    const sc = loadScenarioJson(JSON.stringify(raw));
    expect([
      sc.tcp.sk_pacing_shift,
      sc.tcp.tcp_limit_output_bytes,
      sc.link.rateBps,
      sc.link.propagationUs,
    ]).toEqual([8, 262144, 1e8, 500]);
  });

  it('reports a value that is invalid after migration under its new name', () => {
    const raw = schema0();
    (raw.link as Record<string, unknown>).rateMbps = 0.5;
    expect(errorsOf(() => loadScenarioJson(JSON.stringify(raw)))).toEqual([
      'link.rateBps = 500000 is not allowed: expected a number from 1000000 to 100000000000 bit/s',
    ]);
  });

  it('refuses a file that gives both the old and the new name', () => {
    const raw = schema0();
    (raw.tcp as Record<string, unknown>).sk_pacing_shift = 7;
    expect(errorsOf(() => migrateScenario(raw))).toEqual([
      'tcp.pacingShift (schema 0) and tcp.sk_pacing_shift (schema 1) are both given: keep one',
    ]);
  });

  it('does not change its input', () => {
    const raw = schema0();
    const copy = JSON.parse(JSON.stringify(raw)) as unknown;
    migrateScenario(raw);
    expect(raw).toEqual(copy);
  });

  it('a schema-0 file with a renamed field missing names the new field', () => {
    const raw = schema0();
    delete (raw.tcp as Record<string, unknown>).pacingShift;
    expect(errorsOf(() => loadScenarioJson(JSON.stringify(raw)))).toEqual([
      'tcp.sk_pacing_shift is missing: expected an integer from 0 to 20 or null',
    ]);
  });
});

describe('schema 1 → 2', () => {
  it('gives a schema-1 WiFi scenario no RX interrupt mitigation and keeps everything else', () => {
    const sc = findPreset('ath9k-pacing-shift')!.scenario();
    const { rxIntrMitigationLastUs: _l, rxIntrMitigationFirstUs: _f, ...wifi } = sc.wifi!;
    const loaded = loadScenarioJson(JSON.stringify({ ...sc, schema: 1, wifi }));
    expect(loaded.schema).toBe(SCENARIO_SCHEMA);
    expect(loaded.wifi!.rxIntrMitigationLastUs).toBe(0);
    expect(loaded.wifi!.rxIntrMitigationFirstUs).toBe(0);
    expect({
      ...loaded,
      wifi: { ...loaded.wifi, rxIntrMitigationLastUs: 250, rxIntrMitigationFirstUs: 700 },
    }).toEqual(sc);
  });

  it('leaves a wired schema-1 scenario as it was', () => {
    const loaded = loadScenarioJson(JSON.stringify({ ...wiredBase(), schema: 1 }));
    expect(loaded).toEqual(wiredBase());
  });
});

describe('schema 2 → 3: the receiver and the path', () => {
  /** A scenario as schema 2 stored it: without the receive-buffer fields, link.rxCoalesce or tcp.perFlow. */
  function schema2(sc = wiredBase()): Record<string, unknown> {
    const { so_rcvbuf: _s, tcp_rmem: _t, rmem_max: _m, rxBufBytes: _b, ...receiver } = sc.receiver;
    const { rxCoalesce: _r, ...link } = sc.link;
    const { perFlow: _p, ...tcp } = sc.tcp;
    return { ...sc, schema: 2, receiver, link, tcp };
  }

  it('fills in the kernel autotuning of the era, 2048-byte RX buffers, no RX coalescing and one shared path', () => {
    const loaded = loadScenarioJson(JSON.stringify(schema2()));
    expect(loaded.receiver).toEqual({
      groWindowUs: 20,
      delackMs: 40,
      so_rcvbuf: null,
      tcp_rmem: null,
      rmem_max: 212992,
      rxBufBytes: 2048,
    });
    expect(loaded.link.rxCoalesce).toEqual({ usecs: 0, frames: 1 });
    expect(loaded.tcp.perFlow).toBeNull();
    expect(loaded).toEqual(wiredBase());
  });

  it('migrates a WiFi preset the same way, and keeps a value schema 2 never had if a file gives it', () => {
    const sc = findPreset('ath9k-pacing-shift')!.scenario();
    expect(loadScenarioJson(JSON.stringify(schema2(sc)))).toEqual(sc);
    const raw = schema2();
    (raw.receiver as Record<string, unknown>).so_rcvbuf = 65536;
    expect(loadScenarioJson(JSON.stringify(raw)).receiver.so_rcvbuf).toBe(65536);
  });
});
