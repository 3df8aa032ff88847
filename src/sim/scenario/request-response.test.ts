/**
 * netperf TCP_RR over a 10 ms path (model/traffic/request-response.ts): one
 * transaction per round trip, the server's ACK riding on its response once
 * the socket is in ping-pong mode, and the quick ACKs before it.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { wiredBase } from './presets/wired-base';
import type { EraId } from './eras';
import type { Scenario } from './scenario';
import { validateScenario } from './validate';

function rr(era: EraId, burst = 0): Scenario {
  const sc = wiredBase();
  sc.era = era;
  sc.durationMs = 2000;
  sc.warmupMs = 500;
  sc.link.rateBps = 1e9;
  sc.tcp.flows = 1;
  sc.tcp.perFlow = [
    {
      name: 'rr',
      rttUs: 10_000,
      startMs: 0,
      stopMs: null,
      cc: null,
      app: { kind: 'rr', requestBytes: 100, responseBytes: 200, burst },
    },
  ];
  return sc;
}

describe('netperf TCP_RR', () => {
  it('one transaction per 10 ms round trip: ~100 per second, each ~10 ms', () => {
    const { summary, model } = runScenario(rr('6.1'), 1);
    const t = summary.flowShares[0].transactions!;
    // 1 Gbit/s adds ~1 µs of serialisation each way; the CPU model is off.
    expect(t.perSec).toBeGreaterThan(98);
    expect(t.perSec).toBeLessThanOrEqual(100);
    expect(t.latencyUs.p50).toBeGreaterThanOrEqual(10_000);
    expect(t.latencyUs.p50).toBeLessThan(10_050);
    // Every request is answered: responses = transactions so far (one may be in flight).
    const rx = model.receivers[0];
    const done = model.senders[0].app.policy.rr!.transactions;
    expect(rx.responsesSent - done).toBeLessThanOrEqual(1);
    // The writer waits for each response: the flow is application-limited.
    expect(summary.flowShares[0].limited.app).toBeGreaterThan(0.99);
  });

  it('the server quick-ACKs the first request, then its ACKs ride on the responses (ping-pong after one reply)', () => {
    const { model } = runScenario(rr('6.1'), 1);
    // Request 1 arrives in quick-ACK mode (the first data, tcp_incr_quickack): a pure ACK, then
    // the response. That reply within ato enters ping-pong mode (threshold 1), where
    // tcp_in_quickack_mode() is false: request 2 on arms the delayed ACK, which each response
    // cancels by carrying the ACK. One pure ACK in ~190 transactions.
    expect(model.receivers[0].acksSent).toBe(1);
  });

  it('Linux 5.1–5.18 (threshold 3): three requests are quick-ACKed before ping-pong mode', () => {
    const { model } = runScenario(rr('5.4'), 1);
    expect(model.receivers[0].acksSent).toBe(3);
  });

  it('--enable-burst -b 3 with -D: four transactions in flight, four times the rate; Nagle holds them back', () => {
    const noDelay = rr('6.1', 3);
    (noDelay.tcp.perFlow![0].app as { noDelay?: boolean }).noDelay = true;
    const fast = runScenario(noDelay, 1).summary.flowShares[0].transactions!.perSec;
    expect(fast).toBeGreaterThan(380);
    expect(fast).toBeLessThanOrEqual(400);
    // Without TCP_NODELAY the requests behind the first small, unacked one wait for its ACK
    // (Minshall's Nagle) and leave together: netperf's manual asks for -D with bursts.
    const nagle = runScenario(rr('6.1', 3), 1).summary.flowShares[0].transactions!.perSec;
    expect(nagle).toBeLessThan(0.8 * fast);
  });

  it('a response larger than ten segments is refused by name', () => {
    const sc = rr('6.1');
    (sc.tcp.perFlow![0].app as { responseBytes: number }).responseBytes = 20_000;
    expect(validateScenario(sc)).toEqual([
      'tcp.perFlow.0.app.responseBytes = 20000 is not allowed: expected an integer from 1 to 14480 bytes',
    ]);
  });
});
