/** Scenario validation and overrides: each error names the field, the value and what is allowed. */
import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets/index';
import { wiredBase } from './presets/wired-base';
import { getPath, setPath } from './paths';
import { findPreset } from './presets/index';
import { SCENARIO_SCHEMA, type Scenario } from './scenario';
import { applyOverrides, checkField, validateScenario } from './validate';
import { scenarioError } from './validate-testkit';

/** Every leaf path of a JSON value ("tcp.cc", "wifi.stations.0.rate.mcs", ...). */
function leafPaths(v: unknown, prefix = ''): string[] {
  if (v === null || typeof v !== 'object') return [prefix];
  return Object.entries(v).flatMap(([k, x]) => leafPaths(x, prefix ? `${prefix}.${k}` : k));
}

describe('validateScenario', () => {
  it('accepts the wired base and every preset', () => {
    expect(validateScenario(wiredBase())).toEqual([]);
    for (const p of PRESETS) expect(validateScenario(p.scenario())).toEqual([]);
  });

  const bad: [string, unknown, string][] = [
    ['tcp.flows', 0, 'an integer from 1 to 256'],
    ['tcp.flows', 257, 'an integer from 1 to 256'],
    ['tcp.mssBytes', 1448.5, 'an integer from 88 to 65000 bytes'],
    ['tcp.mssBytes', '1448', 'an integer from 88 to 65000 bytes'],
    ['tcp.sk_pacing_shift', 21, 'an integer from 0 to 20 or null'],
    ['tcp.tcp_limit_output_bytes', 0, 'an integer from 1 to 67108864 bytes or null'],
    ['tcp.sndbufBytes', 4096, 'an integer from 32768 to 1073741824 bytes'],
    ['link.rateBps', 1e5, 'a number from 1000000 to 100000000000 bit/s'],
    ['link.propagationUs', -1, 'a number from 0 to 500000 µs'],
    ['link.bql', 'yes', 'true or false'],
    ['era', '5.0', 'one of 3.6, 4.1, 4.9, 4.16, 4.17, 5.4, 6.1, 6.6, 6.16'],
    ['qdisc.kind', 'sfq', 'one of pfifo_fast, fq, fq_codel, pfifo'],
    ['tcp.cc', null, 'one of reno, cubic, bbr'],
    ['title', 5, 'a string of at most 500 characters'],
    ['cpu.perAckNs', -5, 'a number from 0 to 10000000 ns'],
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

describe('validateScenario: every field, nested parts and cross-field rules', () => {
  const wifiAp = (): Scenario => findPreset('bench-wifi')!.scenario();
  const brcm = (): Scenario => findPreset('brcmfmac-fc-mode')!.scenario();
  const xen = (): Scenario => findPreset('xen-tsq-limit')!.scenario();
  const routed = (): Scenario => findPreset('bench-wired')!.scenario();

  it('every leaf of every preset has a rule: a value of the wrong type is named', () => {
    let checked = 0;
    for (const p of PRESETS) {
      const base = p.scenario();
      for (const path of leafPaths(base)) {
        const sc = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
        const v = getPath(sc, path);
        // A wrong type for every kind of leaf: objects for numbers, strings and booleans.
        setPath(sc, path, typeof v === 'string' ? 42 : v === null ? 'x' : { wrong: true });
        const errs = validateScenario(sc);
        expect(
          errs.some((m) => m.startsWith(`${path} = `)),
          `${p.id}: ${path} -> ${errs.join(' | ')}`,
        ).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('names an unknown field and lists the allowed ones', () => {
    const sc = wiredBase() as unknown as { tcp: Record<string, unknown> };
    sc.tcp.sk_pacing_shfit = 8;
    const [e] = validateScenario(sc);
    expect(e).toMatch(
      /^tcp\.sk_pacing_shfit is not a field of the scenario: tcp has cc, flows, .*sk_pacing_shift/,
    );
  });

  it('checks the router queue, the Xen ring and the completion model', () => {
    const r = routed();
    r.router!.qdisc.txqueuelen = 0;
    expect(validateScenario(r)).toEqual([
      'router.qdisc.txqueuelen = 0 is not allowed: expected an integer from 1 to 1000000 packets',
    ]);
    const x = xen();
    x.link.xen!.ringSlots = 1.5;
    x.link.xen!.deallocStallProb = 2;
    expect(validateScenario(x)).toEqual([
      'link.xen.ringSlots = 1.5 is not allowed: expected an integer from 20 to 65536 slots',
      'link.xen.deallocStallProb = 2 is not allowed: expected a number from 0 to 1 probability',
    ]);
    const c = wiredBase() as unknown as { link: { completion: Record<string, unknown> } };
    c.link.completion = { kind: 'polled', delayNs: 1 };
    expect(validateScenario(c)).toEqual([
      'link.completion.kind = "polled" is not allowed: expected one of immediate, coalesced, coalesced-frames, idle',
    ]);
    c.link.completion = { kind: 'coalesced', usecs: 10 };
    expect(validateScenario(c)).toEqual([
      'link.completion.frames is missing: expected an integer from 1 to 65536 frames',
    ]);
    c.link.completion = { kind: 'immediate', delayNs: 0, usecs: 3 };
    expect(validateScenario(c)[0]).toMatch(
      /^link\.completion\.usecs is not a field of the scenario: link\.completion has kind, delayNs/,
    );
  });

  it('checks every station, its rates and the topology', () => {
    const w = wifiAp();
    w.wifi!.stations[2].rate = { mode: 'ht', mcs: 33, nss: 5, widthMHz: 20, shortGi: false };
    w.wifi!.stations[1].frameErrorRate = -0.1;
    expect(validateScenario(w)).toEqual([
      'wifi.stations.1.frameErrorRate = -0.1 is not allowed: expected a number from 0 to 1 probability',
      'wifi.stations.2.rate.mcs = 33 is not allowed: expected an integer from 0 to 31',
    ]);
    const ht = wifiAp();
    ht.wifi!.stations[0].rate = { mode: 'ht', mcs: 12, nss: 1, widthMHz: 80, shortGi: false };
    expect(validateScenario(ht)).toEqual([
      'wifi.stations.0.rate.widthMHz = 80 is not allowed for HT: expected 20 or 40',
      'wifi.stations.0.rate.nss = 1 does not match HT MCS 12: expected 2 (HT MCS 8k..8k+7 use k+1 streams)',
    ]);
    const vht = brcm();
    vht.wifi!.band = '2.4GHz';
    expect(validateScenario(vht)).toEqual([
      'wifi.stations.0.rate.mode = "vht" is not allowed with wifi.band 2.4GHz: VHT (802.11ac) is 5 GHz only',
      'wifi.stations.0.uplinkRate.mode = "vht" is not allowed with wifi.band 2.4GHz: VHT (802.11ac) is 5 GHz only',
    ]);
    const many = wifiAp();
    many.wifi!.stations = Array.from({ length: 51 }, () => many.wifi!.stations[0]);
    expect(validateScenario(many)[0]).toMatch(
      /^wifi\.stations = .* is not allowed: expected a list of 1 to 50 items$/,
    );
    const local = findPreset('ath9k-pacing-shift')!.scenario();
    local.wifi!.stations.push(local.wifi!.stations[0]);
    expect(validateScenario(local)).toEqual([
      'wifi.stations lists 2 stations, but wifi.topology local has exactly one peer (the AP): list one',
    ]);
  });

  it('FC mode only where the driver is brcmfmac, and brcmfmac only as a station', () => {
    const a = findPreset('ath9k-pacing-shift')!.scenario();
    a.wifi!.brcmfmac = brcm().wifi!.brcmfmac;
    expect(validateScenario(a)).toEqual([
      'wifi.brcmfmac (FC mode) applies only where wifi.driver is brcmfmac, not "ath9k"',
    ]);
    const b = brcm();
    b.wifi!.brcmfmac = null;
    expect(validateScenario(b)).toEqual(['wifi.brcmfmac is required when wifi.driver is brcmfmac']);
    const c = brcm();
    c.wifi!.brcmfmac!.initialCredits = [1, 2, 3] as unknown as [number, number, number, number];
    expect(validateScenario(c)).toEqual([
      'wifi.brcmfmac.initialCredits = [1,2,3] is not allowed: expected a list of 4 items',
    ]);
    expect(scenarioError(() => applyOverrides(brcm(), { 'wifi.brcmfmac.fcMode': '3' }))).toEqual([
      'wifi.brcmfmac.fcMode = 3 is not allowed: expected one of 0, 1, 2',
    ]);
  });

  it('cuts a long list of problems short and long values too', () => {
    const errs = validateScenario({
      schema: SCENARIO_SCHEMA,
      title: 'x'.repeat(1000),
      tcp: 1,
      cpu: 2,
      link: 3,
      qdisc: 4,
    });
    expect(errs.length).toBeLessThanOrEqual(41);
    expect(errs[0]).toBe(
      `title = "${'x'.repeat(76)}... is not allowed: expected a string of at most 500 characters`,
    );
  });
});
