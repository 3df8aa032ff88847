import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NS_PER_MS } from '../../../engine/time';
import { mkSkb, setup } from './mac80211-testkit';
import { AC } from '../types';

describe('mac80211 conservation (property)', () => {
  it('xmit = dequeued + dropped + backlog, for any interleaving', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 40 }), fc.boolean()), {
          minLength: 1,
          maxLength: 200,
        }),
        fc.integer({ min: 20, max: 400 }),
        (ops, limit) => {
          const { mac, dropped } = setup({ limitPkts: limit });
          let xmits = 0;
          let dequeued = 0;
          let t = 0;
          for (const [sta, flow, deq] of ops) {
            t += 3 * NS_PER_MS;
            mac.xmit(mkSkb(sta, flow * 7 + sta), t);
            xmits++;
            if (deq) {
              mac.scheduleStart(AC.BE);
              const txq = mac.nextTxq(AC.BE, t);
              if (txq !== null) {
                if (mac.txDequeue(txq, t) !== null) dequeued++;
                mac.returnTxq(txq, t);
              }
            }
          }
          expect(xmits).toBe(dequeued + dropped.length + mac.backlogPkts());
          expect(mac.backlogPkts()).toBeLessThanOrEqual(limit);
          let perSta = 0;
          for (let s = 0; s < 4; s++) perSta += mac.backlogPkts(s);
          expect(perSta).toBe(mac.backlogPkts());
        },
      ),
      { numRuns: 150 },
    );
  });
});
