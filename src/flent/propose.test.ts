/** Scenarios proposed from the real files' metadata: each field from the file, each a valid scenario. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../sim/scenario/presets/index';
import { applyOverrides } from '../sim/scenario/validate';
import { eraForRelease, proposalOverrides, proposeScenario } from './propose';
import { readFlent } from './read';

const read = (f: string) => readFlent(new Uint8Array(readFileSync(`test/fixtures/flent/${f}`)));

describe('eraForRelease', () => {
  it('takes the newest modelled era not after the release', () => {
    expect(eraForRelease('4.9.11-1-ck-ivybridge')).toBe('4.9');
    expect(eraForRelease('4.11.0-trunk-amd64')).toBe('4.9');
    expect(eraForRelease('4.1.0-v4.1-12265-g14fe22e+')).toBe('4.1');
    expect(eraForRelease('5.16.0-051600-generic')).toBe('5.4');
    expect(eraForRelease('6.16.2')).toBe('6.16');
    expect(eraForRelease('2.6.32')).toBe('3.6');
    expect(eraForRelease('unknown')).toBeNull();
  });
});

describe('proposeScenario', () => {
  it('rtt_fair_up: an AP with one station per host, pings once per step, the era of 4.1', () => {
    const p = proposeScenario(read('test-rtt-fair.flent.gz'));
    const o = proposalOverrides(p);
    expect(p.presetId).toBe('bench-wifi');
    expect(JSON.parse(o['wifi.stations']).map((s: { name: string }) => s.name)).toEqual([
      'testserv-01',
      'testserv-02',
      'testserv-03',
      'testserv-04',
    ]);
    // Its TITLE says cc:cubic, but no field the reader trusts does: the preset's CC stays. Its
    // LENGTH, 600 s, is proposed at most MAX_PROPOSED_DURATION_MS.
    expect([o.era, o.durationMs, o.pingIntervalMs, o['tcp.cc']]).toEqual(['4.1', '60000', '200', undefined]);
  });

  it('tcp_nup: one host, its 50 flows; tcp_1up_noping: no ping', () => {
    const nup = proposalOverrides(proposeScenario(read('test-tcp_nup.flent.gz')));
    expect([nup['tcp.flows'], nup.era, nup.durationMs]).toEqual(['50', '4.9', '10000']);
    const one = proposalOverrides(proposeScenario(read('test-tcp_1up_noping-cpu_stats.flent.gz')));
    expect([one['tcp.flows'], one.pingIntervalMs, one.era, one['tcp.cc']]).toEqual([
      '1',
      '0',
      '5.4',
      'cubic',
    ]);
  });

  it('rrul_be: its four uploads and four downloads through the rrul router, with its UDP probes', () => {
    for (const f of ['test-rrul.flent.gz', 'test-rrul_be-socket_stats.flent.gz']) {
      const p = proposeScenario(read(f));
      const o = proposalOverrides(p);
      expect(p.presetId).toBe('rrul-htb-fq-codel');
      expect(o['tcp.flows']).toBe('8');
      const flows = JSON.parse(o['tcp.perFlow']) as { name: string; direction: string }[];
      expect(flows.map((x) => `${x.direction} ${x.name}`)).toEqual([
        'up upload BE',
        'up upload BE2',
        'up upload BE3',
        'up upload BE4',
        'down download BE',
        'down download BE2',
        'down download BE3',
        'down download BE4',
      ]);
      expect((JSON.parse(o.udpProbes) as { name: string }[]).map((x) => x.name)).toEqual([
        'UDP BE1',
        'UDP BE2',
        'UDP BE3',
      ]);
      expect(p.fields.find((x) => x.key === 'pingIntervalMs')!.why).not.toMatch(/not simulated/);
    }
  });

  it.each([
    'test-rrul.flent.gz',
    'test-rrul_be-socket_stats.flent.gz',
    'test-rtt-fair.flent.gz',
    'test-tcp_1up_noping-cpu_stats.flent.gz',
    'test-tcp_nup.flent.gz',
  ])('%s: the proposal is a scenario the core accepts', (f) => {
    const p = proposeScenario(read(f));
    expect(() => applyOverrides(findPreset(p.presetId)!.scenario(), proposalOverrides(p))).not.toThrow();
    for (const field of p.fields) expect(field.why.length).toBeGreaterThan(3);
  });
});
