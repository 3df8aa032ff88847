/**
 * Downloads and the queued way back (./wired-reverse.ts): a download's data
 * waits in the router's download queue, flows of both directions share their
 * queues the way fq_codel shares them, the upload ACKs wait beside the
 * download data, and without `router.down` the way back is today's.
 */
import { describe, expect, it } from 'vitest';
import type { Summary } from '../api';
import { runScenario } from '../run';
import { findPreset } from './presets/index';
import { defaultShaper } from './shaper-config';
import type { FlowSpec, Scenario } from './scenario';
import { applyOverrides, validateScenario } from './validate';

const RUN_MS = 5000;
const WARMUP_MS = 2000;

/** The rrul preset with the given flows, short. */
function rrulWith(dirs: ('up' | 'down')[]): Scenario {
  const sc = findPreset('rrul-htb-fq-codel')!.scenario();
  const base = sc.tcp.perFlow![0];
  sc.tcp.perFlow = dirs.map((direction, i): FlowSpec => ({ ...base, name: `${direction} ${i}`, direction }));
  sc.tcp.flows = dirs.length;
  sc.udpProbes = [];
  sc.durationMs = RUN_MS;
  sc.warmupMs = WARMUP_MS;
  return sc;
}

const qdisc = (s: Summary, name: string) => s.qdiscs.find((q) => q.name === name)!;
const mbps = (bps: number) => bps / 1e6;

describe('a download through the router’s download queue', () => {
  it('runs at the download shaper’s rate, queued in router.down, its ACKs alone upstream', () => {
    const { summary: s } = runScenario(rrulWith(['down']), 1);
    const f = s.flowShares[0];
    expect(f.direction).toBe('down');
    // htb at 90 Mbit/s counts whole frames: 1448 of every 1514 bytes are payload (86.1 Mbit/s).
    expect(mbps(f.goodputBps)).toBeGreaterThan(80);
    expect(mbps(f.goodputBps)).toBeLessThan(86.2);
    const down = qdisc(s, 'router down: htb → fq_codel');
    expect(down.backlogPkts.median).toBeGreaterThan(0);
    expect(down.overlimits).toBeGreaterThan(0);
    // Upstream only ACKs (about 3 Mbit/s) cross a 36 Mbit/s shaper: no queue there.
    expect(qdisc(s, 'router: htb → fq_codel').backlogPkts.p90).toBe(0);
  });

  it('a download without a router runs from the far host’s own egress at the link rate', () => {
    const sc = rrulWith(['down']);
    sc.router = null;
    sc.link = { ...sc.link, rateBps: 100e6 };
    const { summary: s } = runScenario(sc, 1);
    expect(mbps(s.flowShares[0].goodputBps)).toBeGreaterThan(85);
    expect(mbps(s.flowShares[0].goodputBps)).toBeLessThan(95.7);
  });
});

describe('uploads and downloads at once', () => {
  it('fq_codel gives each direction’s flows even shares of its shaper', () => {
    const { summary: s } = runScenario(rrulWith(['up', 'up', 'down', 'down']), 1);
    const g = s.flowShares.map((f) => mbps(f.goodputBps));
    const even = (a: number, b: number) => Math.max(a, b) / Math.min(a, b);
    expect(even(g[0], g[1])).toBeLessThan(1.15);
    expect(even(g[2], g[3])).toBeLessThan(1.15);
    // Each side near its shaper, less the other side's ACKs.
    expect(g[0] + g[1]).toBeGreaterThan(28);
    expect(g[0] + g[1]).toBeLessThan(34.5);
    expect(g[2] + g[3]).toBeGreaterThan(75);
    expect(g[2] + g[3]).toBeLessThan(86.2);
  });

  it('the uploads’ ACKs and the pings wait in the download queue: a FIFO there slows the uploads’ RTT', () => {
    const fq = rrulWith(['up', 'up', 'down', 'down']);
    const fifo = rrulWith(['up', 'up', 'down', 'down']);
    fifo.router!.down!.shaper!.leaf = 'pfifo';
    fifo.router!.down!.qdisc = { ...fifo.router!.down!.qdisc, kind: 'pfifo', limit: 1000 };
    const a = runScenario(fq, 1).summary;
    const b = runScenario(fifo, 1).summary;
    // fq_codel: the ping's own queue; a 1000-packet FIFO behind 90 Mbit/s holds it for tens of ms.
    expect(a.medianLatencyMs).toBeLessThan(25);
    expect(b.medianLatencyMs).toBeGreaterThan(a.medianLatencyMs + 20);
    // The uploads' data never enters the download queue; only their ACKs do.
    expect(b.flowShares[0].meanSrttMs).toBeGreaterThan(a.flowShares[0].meanSrttMs + 20);
  });
});

describe('the ACKs of an upload on a queued way back', () => {
  const sqm = (downBps: number | null): Summary => {
    const sc = findPreset('sqm-htb-fq-codel')!.scenario();
    sc.durationMs = RUN_MS;
    sc.warmupMs = WARMUP_MS;
    if (downBps !== null)
      sc.router!.down = {
        rateBps: 1e9,
        qdisc: { ...sc.router!.qdisc },
        shaper: { ...defaultShaper('htb', downBps), leaf: 'fq_codel' },
      };
    return runScenario(sc, 1).summary;
  };
  it('a download side narrower than the ACK stream holds the upload back; a wide one does not', () => {
    const open = sqm(null);
    const wide = sqm(10e6);
    const narrow = sqm(0.3e6);
    // One ACK per two segments of a 20 Mbit/s upload is about 0.6 Mbit/s on the wire.
    expect(wide.goodputBps).toBeCloseTo(open.goodputBps, -4);
    expect(narrow.goodputBps).toBeLessThan(0.95 * open.goodputBps);
    expect(qdisc(narrow, 'router down: htb → fq_codel').backlogPkts.median).toBeGreaterThan(10);
    expect(qdisc(wide, 'router down: htb → fq_codel').backlogPkts.median).toBe(0);
  });
});

describe('without router.down the way back is today’s', () => {
  const text = (sc: Scenario) => {
    const r = runScenario(sc, 1, 1500);
    return JSON.stringify({ ...r.summary, events: r.model.sim.eventsRun });
  };
  it('router.down null or absent and flows marked up give the same run as the preset', () => {
    const base = findPreset('rtt-fair-4')!.scenario();
    const want = text(base);
    const withNull = findPreset('rtt-fair-4')!.scenario();
    withNull.router!.down = null;
    expect(text(withNull)).toBe(want);
    const up = findPreset('rtt-fair-4')!.scenario();
    up.tcp.perFlow = up.tcp.perFlow!.map((f) => ({ ...f, direction: 'up' }));
    const upText = text(up).replace(/,"direction":"up"/g, '');
    expect(upText).toBe(want);
  });
});

describe('validation of the new fields', () => {
  const sc = () => rrulWith(['up', 'down']) as unknown as Record<string, unknown> & Scenario;
  it('names a bad direction, a bad router.down and a shaper tc would refuse', () => {
    const a = sc();
    (a.tcp.perFlow![1] as unknown as Record<string, unknown>).direction = 'sideways';
    (a.router!.down as unknown as Record<string, unknown>).rateBps = 0;
    a.router!.down!.shaper = { ...a.router!.down!.shaper!, kind: 'tbf', burstBytes: null };
    const errors = validateScenario(a);
    expect(errors).toContain(
      'tcp.perFlow.1.direction = "sideways" is not allowed: expected null or one of up, down',
    );
    expect(errors.some((e) => e.startsWith('router.down.rateBps = 0 is not allowed'))).toBe(true);
    expect(errors).toContain(
      'router.down.shaper.burstBytes is required for tbf (tc: "the burst parameter is mandatory")',
    );
  });

  it('names an unknown field of router.down, and a list given whole by an override', () => {
    const a = sc();
    (a.router!.down as unknown as Record<string, unknown>).ringSlots = 64;
    expect(validateScenario(a)).toEqual([
      'router.down.ringSlots is not a field of the scenario: router.down has rateBps, qdisc, shaper',
    ]);
    const flows = JSON.stringify([{ ...sc().tcp.perFlow![0], direction: 'left' }]);
    expect(() => applyOverrides(sc(), { 'tcp.flows': '1', 'tcp.perFlow': flows })).toThrow(
      /tcp\.perFlow\.0\.direction = "left" is not allowed/,
    );
  });
});
