/**
 * Property test of the wired downloads (tcp.perFlow.N.direction) and the
 * router's download side (router.down): random wired scenarios with per-flow
 * hosts, each flow up or down at random and, behind a router, a random
 * download queue (qdisc and shaper), run for their 20–50 ms and drained with
 * the senders muted. The harness (./invariants.ts) checks bytes conservation
 * per flow, non-negative occupancy, the TSQ bound at every send (the far
 * hosts' senders too), a monotone clock and TCP sequence order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/sim/run';
import type { Scenario } from '../../src/sim/scenario/scenario';
import { validateScenario } from '../../src/sim/scenario/validate';
import { qdisc, shaper, validShaper, wiredScenario } from './arbitrary-scenario';
import { InvariantHarness } from './invariants';

const SEED = Number(process.env.TSQ_FC_SEED ?? 20_261_205);

/** Random directions for each per-flow host, and a download queue behind a router. */
const withDownloads = (): fc.Arbitrary<Scenario> =>
  wiredScenario()
    .filter((sc) => sc.tcp.perFlow !== null)
    .chain((sc) =>
      fc
        .record({
          down: fc.array(fc.boolean(), { minLength: sc.tcp.flows, maxLength: sc.tcp.flows }),
          queue: fc.option(
            fc.record({ rateBps: fc.integer({ min: 1e6, max: 1e9 }), qdisc: qdisc(), shaper: shaper() }),
            {
              nil: null,
            },
          ),
        })
        .map(({ down, queue }) => ({
          ...sc,
          tcp: {
            ...sc.tcp,
            perFlow: sc.tcp.perFlow!.map((f, i) => ({
              ...f,
              direction: down[i] ? ('down' as const) : ('up' as const),
            })),
          },
          router:
            sc.router && queue
              ? { ...sc.router, down: { ...queue, shaper: validShaper(queue.shaper, sc.era) } }
              : sc.router,
        })),
    );

describe('wired downloads over random valid scenarios', () => {
  it('400 scenarios: conservation, occupancy, the TSQ bound and sequence order hold both ways', () => {
    let downs = 0;
    fc.assert(
      fc.property(withDownloads(), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (sc, seed) => {
        expect(validateScenario(sc)).toEqual([]);
        const model = buildModel(sc, seed, false);
        const h = new InvariantHarness(model);
        h.runTo(sc.durationMs * 1e6, 2e6);
        const left = h.drain(30e9);
        expect(h.violations).toEqual([]);
        expect(left, 'payload neither delivered nor dropped after the drain').toEqual(left.map(() => 0));
        downs += sc.tcp.perFlow!.filter((f) => f.direction === 'down').length;
      }),
      { numRuns: 400, seed: SEED },
    );
    // The property saw downloads, not only uploads.
    expect(downs).toBeGreaterThan(100);
  });
});
