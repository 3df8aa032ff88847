/**
 * tcp.perFlow socket options: SO_MAX_PACING_RATE, SO_SNDBUF, SO_RCVBUF (on
 * the flow's receiver) and TCP_NOTSENT_LOWAT, as each flow's socket takes
 * them (../model/tcp/sender-config.ts, app-writer.ts), and the messages that
 * name a bad one.
 */
import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../engine/time';
import { buildModel } from '../run';
import { wiredBase } from './presets/wired-base';
import type { FlowSpec, Scenario } from './scenario';
import { validateScenario } from './validate';
import { soSndbuf, WMEM_MAX_BYTES } from './wired-flows';

const flow = (p: Partial<FlowSpec>): FlowSpec => ({
  name: 'h',
  rttUs: null,
  startMs: 0,
  stopMs: null,
  cc: null,
  ...p,
});

function twoFlows(a: Partial<FlowSpec>, b: Partial<FlowSpec> = {}): Scenario {
  const sc = wiredBase();
  sc.durationMs = 1500;
  sc.warmupMs = 200;
  sc.link.rateBps = 100e6;
  sc.tcp.flows = 2;
  sc.tcp.perFlow = [flow({ name: 'a', rttUs: 10_000, ...a }), flow({ name: 'b', rttUs: 10_000, ...b })];
  return sc;
}

describe('per-flow socket options', () => {
  it('SO_SNDBUF: sk_sndbuf is twice the value, the value capped at net.core.wmem_max', () => {
    expect(soSndbuf(65536)).toBe(131072);
    expect(soSndbuf(1 << 20)).toBe(2 * WMEM_MAX_BYTES);
    const m = buildModel(twoFlows({ so_sndbuf: 65536 }), 1);
    expect(m.senders[0].cfg.sndbufBytes).toBe(131072);
    expect(m.senders[1].cfg.sndbufBytes).toBe(wiredBase().tcp.sndbufBytes);
  });

  it('SO_MAX_PACING_RATE caps one flow’s pacing rate and its goodput, not the other’s', () => {
    const m = buildModel(twoFlows({ so_max_pacing_rate: 1_000_000 }), 1);
    m.sim.runUntil(1500 * NS_PER_MS);
    expect(m.senders[0].pacingRateBytesPerSec).toBeLessThanOrEqual(1_000_000);
    // The capped flow paces itself at 8 Mbit/s; the other takes the rest of 100 Mbit/s.
    const rx = m.receivers.map((r) => (r.bytesInOrder * 8) / 1.5e6);
    expect(rx[0]).toBeLessThan(8.5);
    expect(rx[1]).toBeGreaterThan(60);
  });

  it('SO_RCVBUF on one flow’s receiver: only its window is held', () => {
    const m = buildModel(twoFlows({ so_rcvbuf: 16384 }), 1);
    m.sim.runUntil(1000 * NS_PER_MS);
    expect(m.receivers[0].cfg.buffer.soRcvbufBytes).toBe(16384);
    expect(m.receivers[1].cfg.buffer.soRcvbufBytes).toBe(null);
    // sk_rcvbuf 32 KB: the window (about half of it) holds the flight below 24 segments.
    expect(m.receivers[0].advertisedBytes).toBeLessThan(24 * 1448);
    expect(m.receivers[1].advertisedBytes).toBeGreaterThan(m.receivers[0].advertisedBytes * 4);
  });

  it('TCP_NOTSENT_LOWAT: the writer stops while that much is unsent', () => {
    const lowat = 128 * 1024;
    const m = buildModel(twoFlows({ tcp_notsent_lowat: lowat }), 1);
    let worst = [0, 0];
    for (let t = 300; t <= 1500; t += 5) {
      m.sim.runUntil(t * NS_PER_MS);
      worst = m.senders.map((s, i) => Math.max(worst[i], s.unsentBytes));
    }
    // tcp_sendmsg tests sk_stream_memory_free only when it needs a new skb: the tail skb it is
    // filling (size_goal, at most 64 KB) may still take the writes that pass the limit.
    expect(worst[0]).toBeLessThan(lowat + 65536);
    expect(worst[1]).toBeGreaterThan(2 * lowat);
  });

  it('a bad option names its field', () => {
    const sc = twoFlows({});
    (sc.tcp.perFlow![1] as unknown as Record<string, unknown>).so_sndbuf = 100;
    expect(validateScenario(sc).join('\n')).toContain('tcp.perFlow.1.so_sndbuf');
    const small = twoFlows({ so_rcvbuf: 2000 });
    expect(validateScenario(small).join('\n')).toContain('tcp.perFlow.0.so_rcvbuf = 2000 is too small');
    const neg = twoFlows({ so_max_pacing_rate: -5 });
    expect(validateScenario(neg).join('\n')).toContain('tcp.perFlow.0.so_max_pacing_rate');
    expect(validateScenario(twoFlows({ tcp_notsent_lowat: 16384, so_max_pacing_rate: null }))).toEqual([]);
  });
});
