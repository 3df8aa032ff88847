/** The shaper blocks of a scenario: migration from schema 2, validation naming bad fields, the built model's layers and bound. */
import { describe, expect, it } from 'vitest';
import { buildModel, runScenario } from '../run';
import { loadScenarioJson } from './load';
import { findPreset } from './presets/index';
import { wiredBase } from './presets/wired-base';
import type { Scenario } from './scenario';
import { defaultShaper } from './shaper-config';
import { applyOverrides, validateScenario } from './validate';

const sqm = (): Scenario => findPreset('sqm-htb-fq-codel')!.scenario();

describe('schema 2 → 3 (shapers)', () => {
  it('a schema-2 file had no shaper and a router with 256 slots, BQL and prompt completion', () => {
    const sc = sqm();
    const { shaper: _s, kernel: _k, ...top } = sc;
    const { ringSlots: _r, bql: _b, completion: _c, shaper: _rs, ...router } = sc.router!;
    const { tso: _t, ...link } = sc.link;
    const old = loadScenarioJson(JSON.stringify({ ...top, schema: 2, router, link }));
    expect(old.shaper).toBeNull();
    expect(old.router).toEqual({
      ...router,
      ringSlots: 256,
      bql: true,
      completion: { kind: 'immediate', delayNs: 0 },
      shaper: null,
    });
    expect(validateScenario(old)).toEqual([]);
  });
});

describe('validation of the shaper blocks', () => {
  it('accepts the preset and a shaper on the sender', () => {
    expect(validateScenario(sqm())).toEqual([]);
    const sc = wiredBase();
    sc.shaper = { ...defaultShaper('tbf', 50e6), leaf: 'fq_codel' };
    expect(validateScenario(sc)).toEqual([]);
  });

  it('names each bad field', () => {
    const sc = sqm();
    const sh = sc.router!.shaper!;
    sh.kind = 'tbf';
    sh.burstBytes = null;
    sh.peakrateBps = 10e6;
    sh.linklayer = 'ptm';
    sh.overheadBytes = -4;
    const errs = validateScenario(sc);
    expect(errs).toContainEqual(expect.stringContaining('router.shaper.burstBytes is required for tbf'));
    expect(errs).toContainEqual(
      expect.stringContaining('router.shaper.peakrateBps = 10000000 must be above'),
    );
    expect(errs).toContainEqual(expect.stringContaining('router.shaper.linklayer = "ptm"'));
    expect(errs).toContainEqual(
      expect.stringContaining('router.shaper.overheadBytes = -4 is not allowed for tbf'),
    );
  });

  it('checks types and ranges per field, the router device too', () => {
    expect(() => applyOverrides(sqm(), { 'router.shaper.leaf': 'sfq' })).toThrow(
      /router\.shaper\.leaf = "sfq" is not allowed/,
    );
    expect(() => applyOverrides(sqm(), { 'router.shaper.cake.flowMode': 'per-flow' })).toThrow(
      /router\.shaper\.cake\.flowMode/,
    );
    expect(() => applyOverrides(sqm(), { 'router.ringSlots': '0' })).toThrow(
      /router\.ringSlots = 0 is not allowed/,
    );
    expect(() => applyOverrides(sqm(), { 'router.completion.kind': 'napi' })).toThrow(
      /router\.completion\.kind/,
    );
  });

  it('cake before Linux 4.19 is refused by name', () => {
    const sc = sqm();
    sc.era = '4.17';
    sc.router!.shaper = defaultShaper('cake', 20e6);
    expect(validateScenario(sc)).toContainEqual(
      expect.stringContaining('router.shaper.kind = "cake" needs Linux 4.19'),
    );
  });

  it('a shaper on a WiFi sender is refused by name', () => {
    const sc = findPreset('ath9k-pacing-shift')!.scenario();
    sc.shaper = defaultShaper('cake', 20e6);
    expect(validateScenario(sc)).toContainEqual(expect.stringContaining('shaper applies to a wired sender'));
  });
});

describe('a shaper in the built model', () => {
  it('the router’s shaper is an occupancy layer of its own, and the bound names it', () => {
    const m = buildModel(sqm(), 1, false);
    const keys = m.series.map((s) => s.key);
    expect(keys).toContain('occ.router_shaper');
    expect(m.series.find((s) => s.key === 'occ.router_shaper')!.label).toBe('router: htb → fq_codel');
    const { summary: sum } = runScenario(applyOverrides(sqm(), { durationMs: 4000, warmupMs: 2000 }), 1);
    expect(sum.bound).toMatch(/^shaper-bound: htb → fq_codel at the router shapes to 20\.0 Mbit\/s/);
    // 20 Mbit/s of frames carry 1448/1514 of payload: goodput just below 19.13 Mbit/s.
    expect(sum.goodputBps).toBeGreaterThan(18.5e6);
    expect(sum.goodputBps).toBeLessThan((20e6 * 1448) / 1514);
  });

  it('a shaper on the sender holds its skbs: TSQ sees them until the NIC below frees them', () => {
    const sc = wiredBase();
    sc.shaper = { ...defaultShaper('htb', 100e6), leaf: 'fq_codel' };
    sc.durationMs = 3000;
    sc.warmupMs = 1000;
    const m = buildModel(sc, 1, false);
    m.sim.runUntil(2e9);
    const s0 = m.senders[0];
    const qd = m.qdiscs[0];
    expect(qd.kind).toBe('htb');
    // The qdisc backlog is charged to the socket: sk_wmem_alloc (truesize) covers at least the
    // payload that waits in htb. The backlog counts qdisc_pkt_len, each segment's headers too, so
    // of a full 1448-byte segment 1448/1514 is payload, and of a shorter one less.
    expect(s0.wmemBytes).toBeGreaterThanOrEqual((qd.backlogBytes * 1448) / 1514);
    expect(qd.backlogBytes).toBeGreaterThan(0);
    expect(qd.stats.sentBytes).toBeGreaterThan(0);
    expect(m.series.find((s) => s.key === 'occ.qdisc')!.label).toBe('qdisc (htb → fq_codel)');
  });
});
