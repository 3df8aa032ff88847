/**
 * Inputs a hostile tester found getting past validation (issue 24): intervals
 * that stop the clock, values nested 100,000 levels deep, a list's `length`
 * taken for a field, blocks a WiFi scenario would ignore, numbers JSON cannot
 * hold. Each is refused with a message naming the field.
 */
import { describe, expect, it } from 'vitest';
import { findPreset } from './presets/index';
import { loadScenarioJson } from './load';
import type { Scenario } from './scenario';
import { applyOverrides, show, validateScenario } from './validate';
import { scenarioError } from './validate-testkit';

const wired = (): Scenario => findPreset('bench-wired')!.scenario();
const wifi = (): Scenario => findPreset('bench-wifi')!.scenario();

function nested(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

describe('intervals have a kernel-plausible minimum (defect 1)', () => {
  for (const v of ['1e-9', '1e-6', '0.5', '0.999'])
    it(`pingIntervalMs = ${v} is refused: below iputils' 1 ms`, () => {
      expect(scenarioError(() => applyOverrides(wired(), { pingIntervalMs: v }))).toEqual([
        `pingIntervalMs = ${Number(v)} is not allowed: expected 0 (off) or a number from 1 to 60000 ms`,
      ]);
    });

  it('wifi.pingIntervalMs has the same minimum', () => {
    expect(scenarioError(() => applyOverrides(wifi(), { 'wifi.pingIntervalMs': '1e-9' }))[0]).toMatch(
      /^wifi\.pingIntervalMs = 1e-9 is not allowed: expected 0 \(off\) or a number from 1/,
    );
  });

  it('0 (off), 1 ms and a fraction above 1 ms are accepted', () => {
    for (const v of ['0', '1', '2.5', '60000'])
      expect(applyOverrides(wired(), { pingIntervalMs: v }).pingIntervalMs).toBe(Number(v));
  });

  it('sampleIntervalUs below 10 µs is refused', () => {
    expect(scenarioError(() => applyOverrides(wired(), { sampleIntervalUs: '1e-6' }))[0]).toContain(
      'sampleIntervalUs = 0.000001 is not allowed: expected a number from 10 to 1000000 µs',
    );
  });
});

describe('deep nesting is named, never a stack overflow (defect 4)', () => {
  for (const path of ['title', 'tcp.cc', 'wifi'] as const)
    it(`${path} nested 100,000 levels deep`, () => {
      const sc = wifi() as unknown as Record<string, unknown>;
      if (path === 'tcp.cc') (sc.tcp as Record<string, unknown>).cc = nested(100_000);
      else sc[path] = nested(100_000);
      const errors = validateScenario(sc);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        new RegExp(`^${path.replace('.', '\\.')} = \\[\\[\\[.*\\.\\.\\. is not allowed`),
      );
    });

  it('a file nested 100,000 levels deep in title is refused naming title', () => {
    const text = JSON.stringify({ ...wired(), title: 0 }).replace(
      '"title":0',
      `"title":${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    );
    const errors = scenarioError(() => loadScenarioJson(text));
    expect(errors[0]).toMatch(/^title = \[\[\[/);
  });

  it('show() writes only what it shows: cut at 80 characters, Infinity as such', () => {
    expect(show(nested(1_000_000))).toHaveLength(80);
    expect(show({ a: [1, Infinity, -Infinity] })).toBe('{"a":[1,Infinity,-Infinity]}');
    expect(show('x'.repeat(1e6))).toHaveLength(80);
    expect(show(undefined)).toBe('undefined');
  });

  it('1e309 in a file is reported as Infinity, not as null', () => {
    const text = JSON.stringify(wired()).replace('"flows":1', '"flows":1e309');
    expect(scenarioError(() => loadScenarioJson(text))).toEqual([
      'tcp.flows = Infinity is not allowed: expected an integer from 1 to 64',
    ]);
  });
});

describe("a list's length is not a field (defect 5)", () => {
  for (const v of ['1', '1.5', '-1', '0'])
    it(`wifi.stations.length = ${v} is refused and keeps every station`, () => {
      const sc = wifi();
      const errors = scenarioError(() => applyOverrides(sc, { 'wifi.stations.length': v }));
      expect(errors).toEqual([
        'wifi.stations.length is not a field of this scenario: wifi.stations is a list of 3 items, named by index (wifi.stations.0 to wifi.stations.2); its length is not a field: set the whole list to change it',
      ]);
      expect(sc.wifi!.stations).toHaveLength(3);
    });

  for (const p of [
    'wifi.stations.3.name',
    'wifi.stations.01.name',
    'wifi.stations.1e0.name',
    'wifi.stations.-1',
  ])
    it(`${p}: not an item`, () => {
      expect(scenarioError(() => applyOverrides(wifi(), { [p]: 'x' }))[0]).toMatch(
        new RegExp(`^${p.replace(/\./g, '\\.')} is not a field of this scenario`),
      );
    });

  it('an item by its index is still a field', () => {
    expect(applyOverrides(wifi(), { 'wifi.stations.2.name': 'slow' }).wifi!.stations[2].name).toBe('slow');
  });

  it('brcmfmac credits: a fixed-length list, its length refused too', () => {
    const sc = findPreset('brcmfmac-fc-mode')!.scenario();
    expect(
      scenarioError(() => applyOverrides(sc, { 'wifi.brcmfmac.initialCredits.length': '2' }))[0],
    ).toContain('wifi.brcmfmac.initialCredits is a list of 4 items');
  });
});

describe('contradictory blocks are refused (defect 6)', () => {
  it('a router on a WiFi scenario', () => {
    const router = JSON.stringify(wired().router);
    expect(scenarioError(() => applyOverrides(wifi(), { router }))).toEqual([
      expect.stringMatching(/^router applies only to a wired scenario: with wifi set there is no router/),
    ]);
  });

  it('link.xen on a WiFi scenario', () => {
    const xen = JSON.stringify(findPreset('xen-tsq-limit')!.scenario().link.xen);
    expect(scenarioError(() => applyOverrides(wifi(), { 'link.xen': xen }))).toEqual([
      expect.stringMatching(/^link\.xen applies only to a wired scenario/),
    ]);
  });

  it('WiFi on the Xen preset (link.xen still set): refused, naming link.xen', () => {
    const w = JSON.stringify(wifi().wifi);
    expect(scenarioError(() => applyOverrides(findPreset('xen-tsq-limit')!.scenario(), { wifi: w }))).toEqual(
      [expect.stringMatching(/^link\.xen applies only to a wired scenario/)],
    );
  });

  it('WiFi on a wired preset with a router: refused, naming router', () => {
    const w = JSON.stringify(wifi().wifi);
    expect(scenarioError(() => applyOverrides(wired(), { wifi: w }))[0]).toMatch(/^router applies only/);
    // Switching both in one go is a WiFi scenario.
    expect(applyOverrides(wired(), { wifi: w, router: 'null' }).wifi).not.toBeNull();
  });
});
