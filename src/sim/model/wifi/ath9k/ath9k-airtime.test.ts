import { describe, expect, it } from 'vitest';
import { ATH_AIRTIME_QUANTUM_US, AthAirtime } from './ath9k-airtime';
import { AthTid } from './ath9k-tid';
import { AC } from '../types';

const tidOf = (dst: number) => new AthTid(dst, 0, AC.BE, 64, null);

/** One ath_txq_schedule() call: the hardware takes `room` aggregates; returns whose were sent. */
function run(air: AthAirtime, room: number, buffered: (t: AthTid) => boolean = () => true): number[] {
  const sent: number[] = [];
  air.schedule(AC.BE, buffered, (tid) => {
    if (room === 0) return false;
    room--;
    sent.push(tid.dst);
    return true;
  });
  return sent;
}

describe('ath9k airtime fairness (v4.11–v5.0)', () => {
  it('keeps sending from the head TID while its station has credit, then rotates by 300 µs quanta', () => {
    const air = new AthAirtime();
    const fast = tidOf(1);
    const slow = tidOf(2);
    air.queueTid(fast);
    air.queueTid(slow); // acq_new: fast, slow; both start with one quantum
    expect(run(air, 2)).toEqual([1, 1]);
    air.countAirtime(fast, 1000); // 300 − 1000 = −700, already listed
    // fast: −700 + 300 = −400 → acq_old; slow (acq_new, 300) sends.
    expect(run(air, 1)).toEqual([2]);
    expect(air.deficitUs(1, AC.BE)).toBe(-400);
    // slow still heads acq_new with credit.
    expect(run(air, 1)).toEqual([2]);
    air.countAirtime(slow, 4000); // 300 − 4000 = −3700
    // A TID given a quantum always goes to acq_old's tail, credit or not:
    // slow −3400 → [fast, slow]; fast −100 → [slow, fast]; slow −3100 → [fast, slow];
    // fast 200 → [slow, fast]; slow −2800 → [fast, slow]; fast (200 > 0) sends.
    expect(run(air, 1)).toEqual([1]);
    expect(air.deficitUs(1, AC.BE)).toBe(-400 + 2 * ATH_AIRTIME_QUANTUM_US);
    expect(air.deficitUs(2, AC.BE)).toBe(-3700 + 3 * ATH_AIRTIME_QUANTUM_US);
  });

  it('an empty TID from acq_new moves to acq_old if that list has TIDs, else leaves the schedule', () => {
    const air = new AthAirtime();
    const a = tidOf(1);
    const b = tidOf(2);
    air.queueTid(a);
    air.queueTid(b);
    air.countAirtime(b, 600); // b: −300, listed
    // a empty, acq_old empty → a leaves; b: −300 → 0 → acq_old; b: 0 → 300 → tail; b sends.
    expect(run(air, 1, (t) => t !== a)).toEqual([2]);
    air.queueTid(a); // a back on acq_new
    // a empty and acq_old holds b → a to acq_old; b (300) sends; room gone.
    expect(run(air, 1, (t) => t !== a)).toEqual([2]);
    // acq_old: b, a. b sends again (still 300: nothing charged).
    expect(run(air, 1, (t) => t !== a)).toEqual([2]);
  });
});
