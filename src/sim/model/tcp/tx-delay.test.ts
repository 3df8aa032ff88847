import { describe, expect, it } from 'vitest';
import { buildModel } from '../../run';
import { wiredBase } from '../../scenario/presets/wired-base';
import type { QdiscKindName } from '../../scenario/scenario';
import { validateScenario } from '../../scenario/validate';

/** min_rtt (ms) of one CUBIC flow on the wired base after 2 s, with tcp_tx_delay and a qdisc. */
function minRttMs(txDelayUs: number, qdisc: QdiscKindName): number {
  const sc = wiredBase();
  sc.tcp.tx_delay_us = txDelayUs;
  sc.qdisc.kind = qdisc;
  sc.link.rateBps = 100e6;
  expect(validateScenario(sc)).toEqual([]);
  const m = buildModel(sc, 1);
  m.sim.runUntil(2e9);
  return m.senders[0].minRttNs / 1e6;
}

describe('tcp_tx_delay (TCP_TX_DELAY)', () => {
  it("delays every packet through its EDT stamp under fq: the path's least RTT grows by the delay", () => {
    const base = minRttMs(0, 'fq');
    const delayed = minRttMs(10_000, 'fq');
    // Not exactly 10: each run's least RTT also holds whatever queue its best moment had.
    expect(delayed - base).toBeGreaterThan(9);
    expect(delayed - base).toBeLessThan(10.5);
    expect(delayed).toBeGreaterThan(10);
  });

  it('is not a delay under a qdisc that ignores the stamp (pfifo_fast): only its larger TSQ budget remains', () => {
    expect(minRttMs(10_000, 'pfifo_fast') - minRttMs(0, 'pfifo_fast')).toBeLessThan(1);
  });

  it('is refused in an era before it existed', () => {
    const sc = wiredBase();
    sc.era = '4.9';
    sc.tcp.tx_delay_us = 5000;
    expect(validateScenario(sc).join('\n')).toMatch(/tcp\.tx_delay_us = 5000 needs Linux 5\.4 or later/);
    sc.tcp.tx_delay_us = 0;
    expect(validateScenario(sc)).toEqual([]);
  });
});
