import { describe, expect, it } from 'vitest';
import { AirtimeScheduler, StationInfo, type AirtimeDrrForm } from './mac80211-airtime';
import { AQL_DEFAULTS } from './mac80211-options';
import type { Txq } from './mac80211-txq';
import { AC } from '../types';

/** A BE txq with one packet queued: only what the scheduler reads. */
function txqOf(sta: StationInfo): Txq {
  return {
    ac: AC.BE,
    onActiveList: false,
    schedNext: null,
    scheduleRound: 0,
    backlogPkts: 1,
    station: sta,
  } as unknown as Txq;
}

/** Stations A and B listed in that order (airtime fairness puts a new txq at the head). */
function twoStations(form: AirtimeDrrForm) {
  const sched = new AirtimeScheduler(true, AQL_DEFAULTS, form);
  const a = new StationInfo(1, 0);
  const b = new StationInfo(2, 0);
  const ta = txqOf(a);
  const tb = txqOf(b);
  sched.schedule(tb, false);
  sched.schedule(ta, false);
  return { sched, a, b, ta, tb };
}

describe('v6.0 schedule rounds (ieee80211_txq_schedule_start)', () => {
  it('a round over the per-PHY AQL limit is 0, and the next is 1 again: a txq last served in round 1 waits one more round', () => {
    const sched = new AirtimeScheduler(true, AQL_DEFAULTS, 'v6.0');
    const a = new StationInfo(1, 0);
    const ta = txqOf(a);
    sched.schedule(ta, false);
    sched.start(AC.BE);
    expect(sched.next(AC.BE)).toBe(ta); // served in round 1
    sched.schedule(ta, false);
    // Over the per-PHY limit: round 0, nothing handed out.
    sched.updatePending(a, AC.BE, AQL_DEFAULTS.highUs, false);
    sched.start(AC.BE);
    expect(sched.next(AC.BE)).toBeNull();
    sched.updatePending(a, AC.BE, AQL_DEFAULTS.highUs, true);
    // Below it again: round 1, which ta's schedule_round already holds.
    sched.start(AC.BE);
    expect(sched.next(AC.BE)).toBeNull();
    sched.start(AC.BE);
    expect(sched.next(AC.BE)).toBe(ta);
  });
});

describe('mac80211 airtime DRR by era', () => {
  it('v5.1 serves a station by its deficit alone; v6.0 counts its AQL pending airtime against it (9c1be3cde004)', () => {
    for (const form of ['v5.1', 'v6.0'] as const) {
      const { sched, a, ta, tb } = twoStations(form);
      a.deficitUs[AC.BE] = 100;
      sched.updatePending(a, AC.BE, 300, false);
      sched.start(AC.BE);
      const first = sched.next(AC.BE);
      if (form === 'v5.1') {
        expect(first).toBe(ta);
        expect(a.deficitUs[AC.BE]).toBe(100);
      } else {
        // 100 − 300 < 0: A gets one weight (256) and goes to the tail; B (0 − 0) is served.
        expect(first).toBe(tb);
        expect(a.deficitUs[AC.BE]).toBe(356);
        // Then A: 356 − 300 = 56 ≥ 0.
        expect(sched.next(AC.BE)).toBe(ta);
      }
    }
  });

  it('v6.0 hands out nothing while the AC has (active txqs − 1)·low/2 + high of pending airtime (8e4bac067105)', () => {
    for (const form of ['v5.1', 'v6.0'] as const) {
      const { sched, a, b, ta, tb } = twoStations(form);
      const c = new StationInfo(3, 0); // not listed: its frames are in hardware, its queue is empty
      a.deficitUs[AC.BE] = 5000;
      b.deficitUs[AC.BE] = 5000;
      sched.updatePending(a, AC.BE, 4000, false);
      sched.updatePending(b, AC.BE, 4000, false);
      sched.updatePending(c, AC.BE, 6500, false);
      // 14 500 µs pending; two txqs listed: limit (2 − 1)·5000/2 + 12 000 = 14 500.
      sched.start(AC.BE);
      expect(sched.next(AC.BE)).toBe(form === 'v5.1' ? ta : null);
      sched.updatePending(c, AC.BE, 1, true);
      sched.start(AC.BE);
      // v5.1 served A above, so B is left; v6.0 now serves A.
      expect(sched.next(AC.BE)).toBe(form === 'v5.1' ? tb : ta);
    }
  });

  it('v6.0 without AQL schedules as v5.1 (no pending airtime, no per-PHY limit)', () => {
    const picks = (['v5.1', 'v6.0'] as const).map((form) => {
      const sched = new AirtimeScheduler(true, null, form);
      const sta = [1, 2, 3].map((id) => new StationInfo(id, 0));
      const txqs = sta.map(txqOf);
      sta[0].deficitUs[AC.BE] = -600;
      sta[1].deficitUs[AC.BE] = -100;
      for (const t of txqs) sched.schedule(t, false);
      sched.start(AC.BE);
      const out: number[] = [];
      for (let t = sched.next(AC.BE); t !== null; t = sched.next(AC.BE)) out.push(t.station.id);
      return out;
    });
    // List 3, 2, 1: station 3 (0) first; 2 (−100 → 156) next; 1 needs three weights (−600 → 168).
    expect(picks[0]).toEqual([3, 2, 1]);
    expect(picks[1]).toEqual(picks[0]);
  });
});
