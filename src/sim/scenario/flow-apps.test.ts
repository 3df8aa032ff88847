/**
 * A flow's application (tcp.perFlow.N.app, model/traffic): iperf3 -b holds
 * the flow at its target below the link, small writes go out as partial
 * segments under Nagle and autocork, and a bad application names its field.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { wiredBase } from './presets/wired-base';
import type { FlowSpec, Scenario } from './scenario';
import type { AppSpec } from '../model/traffic/app-spec';
import { validateScenario } from './validate';

function oneFlow(app: AppSpec | null): Scenario {
  const sc = wiredBase();
  sc.durationMs = 1500;
  sc.warmupMs = 500;
  sc.link.rateBps = 100e6;
  sc.tcp.flows = 1;
  const f: FlowSpec = { name: 'h', rttUs: 10_000, startMs: 0, stopMs: null, cc: null, app };
  sc.tcp.perFlow = [f];
  return sc;
}

describe('applications above the socket', () => {
  it('iperf3 -b 20M on a 100 Mbit/s link: the flow sends at its target, not at the link', () => {
    const sc = oneFlow({ kind: 'rate', rateBps: 20e6, writeBytes: 128 * 1024, pacingTimerUs: 1000 });
    const { summary } = runScenario(sc, 1);
    const g = summary.flowShares[0].goodputBps;
    expect(g).toBeGreaterThan(17e6);
    expect(g).toBeLessThan(23e6);
  });

  it('100-byte writes: partial segments leave, the tail autocorks while an skb is below TCP', () => {
    const sc = oneFlow({ kind: 'rate', rateBps: 8e6, writeBytes: 100, pacingTimerUs: 1000 });
    const { summary, model } = runScenario(sc, 1);
    const tx = model.senders[0];
    expect(summary.flowShares[0].goodputBps).toBeGreaterThan(6e6);
    // 10 000 writes a second of 100 bytes each, sent in far fewer skbs: writes coalesce behind corks and Nagle.
    expect(tx.skbsSent).toBeLessThan(10_000 * 1.5);
    expect(tx.autocorkCount).toBeGreaterThan(0);
    expect(tx.sndNxt % 1448).not.toBe(0);
  });

  it('on/off: nothing is written in the off periods', () => {
    const sc = oneFlow({ kind: 'onoff', writeBytes: 65536, onMs: 100, offMs: 400 });
    // A small send buffer (sk_sndbuf 128 KiB), so that what is written is about what the link took.
    sc.tcp.perFlow![0].so_sndbuf = 65536;
    const { model } = runScenario(sc, 1);
    const tx = model.senders[0];
    // Three on periods of 100 ms in 1.5 s at most 100 Mbit/s, plus a buffer each: ~4.1 MB, far below bulk's 18 MB.
    expect(tx.writeSeq).toBeLessThan(4.5e6);
    expect(tx.writeSeq).toBeGreaterThan(1e6);
  });

  it('what held each flow back: the application for iperf3 -b, the send buffer for a small SO_SNDBUF', () => {
    const rate = runScenario(
      oneFlow({ kind: 'rate', rateBps: 10e6, writeBytes: 128 * 1024, pacingTimerUs: 1000 }),
      1,
    ).summary.flowShares[0].limited;
    expect(rate.app).toBeGreaterThan(0.8);
    const sc = oneFlow({ kind: 'bulk', writeBytes: 128 * 1024 });
    sc.tcp.perFlow![0].so_sndbuf = 16384;
    const small = runScenario(sc, 1).summary.flowShares[0].limited;
    expect(small.sndbuf).toBeGreaterThan(0.5);
    const bulk = runScenario(oneFlow(null), 1).summary.flowShares[0].limited;
    expect(bulk.app + bulk.sndbuf).toBeLessThan(0.2);
    for (const l of [rate, small, bulk])
      expect(Object.values(l).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it('a bad application names its field', () => {
    const bad = (app: unknown) => {
      const sc = oneFlow(null);
      (sc.tcp.perFlow![0] as unknown as Record<string, unknown>).app = app;
      return validateScenario(sc);
    };
    expect(bad({ kind: 'rate', rateBps: 0, writeBytes: 1000, pacingTimerUs: 1000 })).toEqual([
      'tcp.perFlow.0.app.rateBps = 0 is not allowed: expected a number from 1000 to 1000000000000 bit/s',
    ]);
    expect(bad({ kind: 'burst' })[0]).toMatch(
      /^tcp\.perFlow\.0\.app\.kind = "burst" is not allowed: expected one of bulk, rate, onoff/,
    );
    expect(bad(null)).toEqual([]);
  });
});
