/**
 * The point streams a run announces at load (LiveSim.points, which lets the
 * app lay out the aggregates and latency tracks before the run starts) are
 * the ones it then produces: for every preset, a stream is announced exactly
 * when points of it arrive within the first simulated seconds, and every
 * point's category (its station) is one the run named.
 */
import { describe, expect, it } from 'vitest';
import { createSim, listPresets } from '../src/sim/index';

const RUN_NS = 3e9;
const FRAME_NS = 33e6;

describe('announced point streams', () => {
  for (const { id } of listPresets()) {
    it(`${id}: announced streams are the ones that arrive`, () => {
      const r = createSim(id, {}, 1);
      if (!r.ok) throw new Error(r.error);
      const sim = r.sim;
      const { agg: aggAnnounced, ping: pingAnnounced, categories = [] } = sim.points;
      let agg = 0;
      let ping = 0;
      let maxCategory = -1;
      while (sim.nowNs < RUN_NS) {
        sim.runUntil(Math.min(RUN_NS, sim.nowNs + FRAME_NS));
        const f = sim.takeFrame();
        agg += f.aggT.length;
        ping += f.pingT.length;
        for (const c of [...f.aggNode, ...f.pingSta]) maxCategory = Math.max(maxCategory, c);
      }
      expect({ agg: agg > 0, ping: ping > 0 }).toEqual({ agg: aggAnnounced, ping: pingAnnounced });
      // Wired runs ping their one receiver (category 0) and name no station.
      expect(maxCategory).toBeLessThan(Math.max(1, categories.length));
    });
  }
});
