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
import { SCENARIO_SCHEMA, type Scenario } from './scenario';
import { ScenarioError } from './validate';

/**
 * A current scenario as a schema-2 file stored it: without the fields schema 3
 * added (changes, shapers, the router's device, where WiFi TCP runs, ath10k and
 * mt76, the CPU platform, the kernel block, link.tso) and with tcp.min_tso_segs.
 */
function asSchema2(sc: Scenario): Record<string, unknown> {
  const { changes: _c, shaper: _s, kernel, ...rest } = sc;
  const { platform: _p, ...cpu } = sc.cpu;
  const { tso: _tso, ...link } = sc.link;
  const tcp = { ...sc.tcp, min_tso_segs: kernel.tcp_min_tso_segs ?? 2 };
  const out: Record<string, unknown> = { ...rest, schema: 2, cpu, tcp, link };
  if (sc.wifi) {
    const { tcpSender: _t, ath10k: _a, mt76: _m, ...wifi } = sc.wifi;
    out.wifi = wifi;
  }
  if (sc.router) {
    const { ringSlots: _r, bql: _b, completion: _k, shaper: _h, ...router } = sc.router;
    out.router = router;
  }
  return out;
}

/** What a schema-2 file of `sc` loads as: tcp.min_tso_segs (2 when unset) now sits in the kernel block. */
function upgraded(sc: Scenario): Scenario {
  return { ...sc, kernel: { ...sc.kernel, tcp_min_tso_segs: sc.kernel.tcp_min_tso_segs ?? 2 } };
}

/** The wired base as a schema-0 file would have stored it. */
function schema0(): Record<string, unknown> {
  const b = asSchema2(wiredBase()) as unknown as Scenario;
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
    expect(sc).toEqual({ ...wiredBase(), kernel: { ...wiredBase().kernel, tcp_min_tso_segs: 2 } });
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
    const loaded = loadScenarioJson(JSON.stringify({ ...asSchema2(sc), schema: 1, wifi }));
    expect(loaded.schema).toBe(SCENARIO_SCHEMA);
    expect(loaded.wifi!.rxIntrMitigationLastUs).toBe(0);
    expect(loaded.wifi!.rxIntrMitigationFirstUs).toBe(0);
    expect({
      ...loaded,
      wifi: { ...loaded.wifi, rxIntrMitigationLastUs: 250, rxIntrMitigationFirstUs: 700 },
      kernel: sc.kernel,
    }).toEqual(sc);
  });

  it('leaves a wired schema-1 scenario as it was', () => {
    const loaded = loadScenarioJson(JSON.stringify({ ...asSchema2(wiredBase()), schema: 1 }));
    expect(loaded).toEqual(upgraded(wiredBase()));
  });
});

describe('schema 2 → 3 (kernel block, link.tso)', () => {
  it('moves tcp.min_tso_segs into the kernel block with its value, and leaves the rest to the era', () => {
    const raw = asSchema2(wiredBase());
    (raw.tcp as Record<string, unknown>).min_tso_segs = 4;
    const sc = loadScenarioJson(JSON.stringify(raw));
    expect(sc.schema).toBe(3);
    expect(sc.kernel).toEqual({ ...wiredBase().kernel, tcp_min_tso_segs: 4 });
    expect(Object.values({ ...sc.kernel, tcp_min_tso_segs: null }).every((v) => v === null)).toBe(true);
    expect('min_tso_segs' in sc.tcp).toBe(false);
  });

  it('gives link.tso the value of link.sg, which switched TSO with it', () => {
    for (const sg of [true, false]) {
      const raw = asSchema2(wiredBase());
      (raw.link as Record<string, unknown>).sg = sg;
      expect(loadScenarioJson(JSON.stringify(raw)).link.tso).toBe(sg);
    }
  });

  it('refuses a kernel block in a schema-2 file', () => {
    const raw = { ...asSchema2(wiredBase()), kernel: wiredBase().kernel };
    expect(errorsOf(() => migrateScenario(raw))).toEqual([
      'kernel is a schema-3 block: a schema-2 file cannot carry it',
    ]);
  });
});

describe('schema 2 → 3', () => {
  it('keeps TCP where schema 2 ran it: on the device of a local scene, on the wired host of an AP', () => {
    for (const id of ['ath9k-pacing-shift', 'ath9k-intermediate-queues', 'brcmfmac-fc-mode']) {
      const loaded = loadScenarioJson(JSON.stringify(asSchema2(findPreset(id)!.scenario())));
      expect(loaded).toEqual(upgraded(findPreset(id)!.scenario()));
    }
    const aiq = asSchema2(findPreset('ath9k-intermediate-queues')!.scenario());
    expect(loadScenarioJson(JSON.stringify(aiq)).wifi!.tcpSender).toBe('wired');
  });

  it('gives a wired schema-2 scenario the costs it gave (no platform), no shaper, no changes, and the fixed router device', () => {
    for (const id of ['xen-tsq-limit', 'bench-wired']) {
      const loaded = loadScenarioJson(JSON.stringify(asSchema2(findPreset(id)!.scenario())));
      expect(loaded).toEqual(upgraded(findPreset(id)!.scenario()));
      expect(loaded.changes).toEqual([]);
    }
  });
});

describe('schema 2 → 3: the receiver and the path', () => {
  /** A scenario as schema 2 stored it: without the receive-buffer fields, link.rxCoalesce or tcp.perFlow. */
  function schema2(sc = wiredBase()): Record<string, unknown> {
    const base = asSchema2(sc) as unknown as Scenario;
    const { so_rcvbuf: _s, tcp_rmem: _t, rmem_max: _m, rxBufBytes: _b, ...receiver } = base.receiver;
    const { rxCoalesce: _r, ...link } = base.link;
    const { perFlow: _p, ...tcp } = base.tcp;
    return { ...base, receiver, link, tcp };
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
    expect(loaded).toEqual(upgraded(wiredBase()));
  });

  it('migrates a WiFi preset the same way, and keeps a value schema 2 never had if a file gives it', () => {
    const sc = findPreset('ath9k-pacing-shift')!.scenario();
    expect(loadScenarioJson(JSON.stringify(schema2(sc)))).toEqual(upgraded(sc));
    const raw = schema2();
    (raw.receiver as Record<string, unknown>).so_rcvbuf = 65536;
    expect(loadScenarioJson(JSON.stringify(raw)).receiver.so_rcvbuf).toBe(65536);
  });
});
