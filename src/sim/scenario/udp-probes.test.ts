/**
 * UDP latency probes (udpProbes, ./udp-probes.ts) through a built wired
 * scenario: exactly the base RTT plus serialisation on an idle path, low
 * behind fq_codel and high behind pfifo while a flood fills the shaper,
 * through a WiFi AP's queues, validation that names the field.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { ETH_WIRE_OVERHEAD_BYTES } from '../model/skb';
import { UDP_HDR_BYTES } from '../model/udp/udp-socket';
import { findPreset } from './presets/index';
import { applyOverrides, validateScenario } from './validate';
import { flentUdpProbe } from './udp-probes';
import type { Scenario } from './scenario';

const flood = (leaf: 'pfifo' | 'fq_codel'): Scenario => {
  const sc = findPreset('udp-flood-pfifo-vs-fq-codel')!.scenario();
  sc.router!.shaper!.leaf = leaf;
  if (leaf === 'fq_codel') sc.router!.qdisc = { ...sc.router!.qdisc, kind: 'fq_codel', limit: 1001 };
  sc.durationMs = 6000;
  sc.warmupMs = 2000;
  sc.udpProbes = [flentUdpProbe()];
  return sc;
};

describe('UDP latency probes', () => {
  it('Flent 2.1.1’s irtt defaults: every 200 ms, 60 bytes, series "Ping (ms) UDP BE"', () => {
    expect(flentUdpProbe()).toEqual({
      name: 'UDP BE',
      intervalMs: 200,
      packetBytes: 60,
      startMs: 0,
      stopMs: null,
    });
  });

  it('on an idle path: exactly the base RTT plus the request’s serialisation at each hop', () => {
    const sc = flood('pfifo');
    sc.udpFlows = [];
    sc.pingIntervalMs = 0;
    // The TCP flow starts after the run ends: nothing else on the path.
    sc.tcp.perFlow = [{ name: 'late', rttUs: null, startMs: 5999, stopMs: null, cc: null }];
    sc.warmupMs = 0;
    sc.durationMs = 2000;
    const { summary } = runScenario(sc, 1);
    const p = summary.udpProbes![0];
    // 60 B + UDP/IP/Ethernet 42 B + preamble, SFD, FCS and gap 24 B at 1 Gbit/s: 1008 ns on the
    // host's NIC and 1008 ns on the router's; the reply comes back over the propagation alone.
    const wireNs = ((60 + UDP_HDR_BYTES + ETH_WIRE_OVERHEAD_BYTES) * 8 * 1e9) / 1e9;
    expect(wireNs).toBe(1008);
    const oneWayNs = (sc.link.propagationUs + sc.router!.propagationUs) * 1000;
    const expectedMs = (2 * oneWayNs + 2 * wireNs) / 1e6;
    expect(p.rttMs.p10).toBe(expectedMs);
    expect(p.rttMs.p90).toBe(expectedMs);
    expect(p.sendDelayMs.median).toBe((oneWayNs + 2 * wireNs) / 1e6);
    expect(p.receiveDelayMs.median).toBe(oneWayNs / 1e6);
    expect(p.sent).toBe(10); // 0, 200, …, 1800 ms
    // Every RTT the same: no delay variation between consecutive requests.
    expect(p.ipdvMs.mean).toBe(0);
    expect(p.lossFraction).toBe(0);
  });

  it('with the flood: low through fq_codel (its own sparse flow), high through pfifo', () => {
    const fq = runScenario(flood('fq_codel'), 1).summary.udpProbes![0];
    const fifo = runScenario(flood('pfifo'), 1).summary.udpProbes![0];
    const baseMs = (2 * (50 + 10_000)) / 1000;
    // fq_codel: the probe's queue is new each time; it waits at most a packet or two of the others.
    expect(fq.rttMs.median).toBeLessThan(baseMs + 5);
    expect(fq.lossFraction).toBe(0);
    // pfifo: behind a queue the flood keeps full, as the ICMP ping is.
    expect(fifo.rttMs.median).toBeGreaterThan(baseMs + 100);
    expect(fifo.rttMs.median).toBeGreaterThan(5 * fq.rttMs.median);
  });

  it('no probe changes nothing: the summary has no udpProbes', () => {
    const sc = flood('pfifo');
    delete sc.udpProbes;
    sc.durationMs = 500;
    sc.warmupMs = 100;
    expect(runScenario(sc, 1).summary.udpProbes).toBeUndefined();
  });

  it('a preset without probes takes them whole as JSON (--set, a link, a lesson step)', () => {
    const base = findPreset('udp-flood-pfifo-vs-fq-codel')!.scenario();
    const sc = applyOverrides(base, { udpProbes: JSON.stringify([flentUdpProbe()]) });
    expect(sc.udpProbes).toEqual([flentUdpProbe()]);
    expect(base.udpProbes).toBeUndefined();
    expect(() => applyOverrides(base, { udpProbes: '[{"name":"x","intervalMs":0}]' })).toThrow(
      /udpProbes\.0\.intervalMs/,
    );
    expect(() => applyOverrides(base, { udpProbez: '[]' })).toThrow(/udpProbez is not a field/);
  });

  it('bad probes are refused by field', () => {
    const sc = flood('pfifo');
    sc.udpProbes = [{ ...flentUdpProbe(), packetBytes: 20, startMs: 7000 }];
    const errors = validateScenario(sc).join('\n');
    expect(errors).toMatch(/udpProbes\.0\.packetBytes/);
    expect(errors).toMatch(/udpProbes\.0\.startMs = 7000 must be less than durationMs = 6000/);
  });

  it('on WiFi: through the AP’s queues and the air to the first station and back, as its ping goes', () => {
    for (const id of ['ath10k-qca6174', 'bench-wifi']) {
      const sc = findPreset(id)!.scenario();
      sc.udpProbes = [flentUdpProbe()];
      sc.warmupMs = 1000;
      expect(validateScenario(sc)).toEqual([]);
      const s = runScenario(sc, 1, 3000).summary;
      const p = s.udpProbes![0];
      // Requests at 1.0, 1.2, …, 2.8 s, each answered.
      expect([p.sent, p.received, p.lossFraction], id).toEqual([10, 10, 0]);
      // The same queues as the first station's ping: of its order, not of a wired path's.
      const ping = s.stations[0].medianPingMs;
      expect(p.rttMs.median, id).toBeGreaterThan(ping / 2);
      expect(p.rttMs.median, id).toBeLessThan(ping * 2);
      expect(Math.min(p.sendDelayMs.median, p.receiveDelayMs.median)).toBeGreaterThan(0);
    }
  });
});
