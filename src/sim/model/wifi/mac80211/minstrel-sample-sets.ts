/**
 * minstrel_ht's sample rate sets from v5.12 on (net/mac80211/
 * rc80211_minstrel_ht.c as 6.1 and 6.15 have it; 80d55154b2f8 "significantly
 * redesign the rate probing strategy" and 7aece471a0e6 "reduce the need to
 * sample slower rates"): at every statistics update,
 * minstrel_ht_refill_sample_rates keeps the still-useful rates of three
 * sets of MINSTREL_SAMPLE_RATES = 5 and tops them up:
 * - INC: per group (round robin), the slowest rate faster than max_tp_rate[0];
 * - JUMP: per group, the next sample-table rate faster than the fastest of
 *   max_tp_rate[0..1] and max_prob_rate;
 * - SLOW: rates the JUMP search met between the fastest and the slowest of
 *   those three, unless their probability is above 95 %.
 * A sample frame takes the first rate left in the set its turn names
 * (minstrel_ht_get_sample_rate), and that rate leaves the set.
 * Kept as in the kernel: minstrel_ht_move_sample_rates does not advance its
 * write index past a valid rate already in place, so the next valid rate
 * overwrites it. The kernel marks an empty slot with rate index 0 (HT20
 * MCS 0, never a candidate here as nothing is slower); −1 here.
 */
import type { Rng } from '../../../engine/rng';
import { FRAC } from './minstrel-stats';

export const SAMPLE_INC = 0;
export const SAMPLE_JUMP = 1;
export const SAMPLE_SLOW = 2;
/** MINSTREL_SAMPLE_RATES. */
export const SAMPLE_RATES = 5;
const EMPTY = -1;
/** SAMPLE_COLUMNS (rc80211_minstrel.h): columns of the sample table. */
export const SAMPLE_COLUMNS = 10;
const PROB_95 = FRAC(95, 100);

/** What the sampler reads of the rate table: index = group · perGroup + rate. */
export interface SampleView {
  readonly nGroups: number;
  readonly perGroup: number;
  supported(index: number): boolean;
  /** minstrel_get_duration: the group's duration, with its shift applied. */
  durationNs(index: number): number;
  probAvg(index: number): number;
}

/** init_sample_table: SAMPLE_COLUMNS random permutations of `width` rates (MCS_GROUP_RATES = 10 from v5.12; v4.9 takes the group's rates). */
export function sampleTable(width: number, rng: Rng): number[][] {
  const table: number[][] = [];
  for (let col = 0; col < SAMPLE_COLUMNS; col++) {
    const row = new Array<number>(width).fill(-1);
    for (let i = 0; i < width; i++) {
      let idx = (i + Math.floor(rng.next() * 256)) % width;
      while (row[idx] !== -1) idx = (idx + 1) % width;
      row[idx] = i;
    }
    table.push(row);
  }
  return table;
}

export class MinstrelSampleSets {
  /** sample[type].sample_rates, for INC, JUMP and SLOW. */
  readonly rates: number[][] = [0, 1, 2].map(() => new Array<number>(SAMPLE_RATES).fill(EMPTY));
  /** sample[type].sample_group: the group the INC or JUMP search stopped at. */
  private readonly group: number[];
  /** mg->index and mg->column: each group's place in the sample table. */
  private readonly gIndex: number[];
  private readonly gColumn: number[];
  private readonly width: number;

  constructor(
    private readonly v: SampleView,
    private readonly table: number[][],
    startGroup: number,
  ) {
    this.group = [startGroup, startGroup, startGroup];
    this.gIndex = new Array<number>(v.nGroups).fill(0);
    this.gColumn = new Array<number>(v.nGroups).fill(0);
    this.width = table[0].length;
  }

  /** __minstrel_ht_get_sample_rate: the first rate left in the set, which leaves it; −1 if none. */
  take(type: number): number {
    const set = this.rates[type];
    for (let i = 0; i < SAMPLE_RATES; i++) {
      if (set[i] === EMPTY) continue;
      const cur = set[i];
      set[i] = EMPTY;
      return cur;
    }
    return EMPTY;
  }

  /** minstrel_ht_refill_sample_rates from the new max_tp_rate[0], [1] and max_prob_rate. */
  refill(tp0: number, tp1: number, prob: number): void {
    const d = (i: number) => this.v.durationNs(i);
    const tpDur = d(tp0);
    const fast = Math.min(tpDur, d(tp1), d(prob));
    const slow = Math.max(tpDur, d(tp1), d(prob));
    let i = this.move(SAMPLE_INC, fast, slow);
    for (; i < SAMPLE_RATES; i++) {
      const r = this.nextIncRate(tpDur);
      this.rates[SAMPLE_INC][i] = r;
      if (r === EMPTY) break;
    }
    i = this.move(SAMPLE_JUMP, fast, slow);
    const slowOfs = { n: this.move(SAMPLE_SLOW, fast, slow) };
    for (; i < SAMPLE_RATES; i++) {
      const r = this.nextJumpRate(fast, slow, slowOfs);
      this.rates[SAMPLE_JUMP][i] = r;
      if (r === EMPTY) break;
    }
  }

  private has(type: number, index: number): boolean {
    for (const cur of this.rates[type]) {
      if (cur === index) return true;
      if (cur === EMPTY) break;
    }
    return false;
  }

  /** minstrel_ht_move_sample_rates: drop rates no longer in range, compact the rest (as the kernel does). */
  private move(type: number, fast: number, slow: number): number {
    const set = this.rates[type];
    let j = 0;
    for (let i = 0; i < SAMPLE_RATES; i++) {
      const cur = set[i];
      if (cur === EMPTY) continue;
      const dur = this.v.durationNs(cur);
      const valid = type === SAMPLE_SLOW ? dur > fast && dur < slow : dur < fast;
      if (!valid) {
        set[i] = EMPTY;
        continue;
      }
      if (i === j) continue;
      set[j++] = cur;
      set[i] = EMPTY;
    }
    return j;
  }

  /** minstrel_ht_group_min_rate_offset: the group's slowest rate faster than maxDur, or −1. */
  private minRateOffset(g: number, maxDur: number): number {
    const base = g * this.v.perGroup;
    for (let i = 0; i < this.v.perGroup; i++) {
      if (!this.v.supported(base + i)) continue;
      if (this.v.durationNs(base + i) >= maxDur) continue;
      return i;
    }
    return -1;
  }

  /** minstrel_ht_next_inc_rate. */
  private nextIncRate(fastDur: number): number {
    const n = this.v.nGroups;
    let g = this.group[SAMPLE_INC];
    let found = EMPTY;
    for (let k = 0; k < n; k++) {
      g = (g + 1) % n;
      const off = this.minRateOffset(g, fastDur);
      if (off < 0) continue;
      const index = g * this.v.perGroup + off;
      if (!this.has(SAMPLE_INC, index)) {
        found = index;
        break;
      }
    }
    this.group[SAMPLE_INC] = g;
    return found;
  }

  /** minstrel_ht_next_group_sample_rate: the group's next sample-table rate at or above `offset`. */
  private nextGroupSampleRate(g: number, offset: number): number {
    for (let k = 0; k < this.width; k++) {
      const idx = this.table[this.gColumn[g]][this.gIndex[g]];
      if (++this.gIndex[g] >= this.width) {
        this.gIndex[g] = 0;
        if (++this.gColumn[g] >= SAMPLE_COLUMNS) this.gColumn[g] = 0;
      }
      if (idx < offset || idx >= this.v.perGroup) continue;
      const index = g * this.v.perGroup + idx;
      if (!this.v.supported(index)) continue;
      return index;
    }
    return -1;
  }

  /** minstrel_ht_next_jump_rate: a JUMP rate; SLOW rates met on the way fill the SLOW set. */
  private nextJumpRate(fast: number, slow: number, slowOfs: { n: number }): number {
    const n = this.v.nGroups;
    const slowSet = this.rates[SAMPLE_SLOW];
    let maxDur = slowOfs.n >= SAMPLE_RATES ? fast : slow;
    let g = this.group[SAMPLE_JUMP];
    let found = EMPTY;
    for (let k = 0; k < n; k++) {
      g = (g + 1) % n;
      const off = this.minRateOffset(g, maxDur);
      if (off < 0) continue;
      const index = this.nextGroupSampleRate(g, off);
      if (index < 0) continue;
      const dur = this.v.durationNs(index);
      const type = dur < fast ? SAMPLE_JUMP : SAMPLE_SLOW;
      if (this.has(type, index)) continue;
      if (type === SAMPLE_JUMP) {
        found = index;
        break;
      }
      if (slowOfs.n >= SAMPLE_RATES || dur >= slow) continue;
      if (this.v.probAvg(index) > PROB_95) continue; // a slow rate that already works needs no probing
      slowSet[slowOfs.n++] = index;
      if (slowOfs.n >= SAMPLE_RATES) maxDur = fast;
    }
    this.group[SAMPLE_JUMP] = g;
    return found;
  }
}
