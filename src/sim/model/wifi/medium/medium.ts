/**
 * The shared wireless channel: EDCA / DCF contention (IEEE 802.11 §10.22.2)
 * among every transmitter in range, AP and stations alike. In Linux this is
 * hardware: ath9k programs per-queue CWmin/CWmax/AIFS into the QCU/DCU backoff
 * engines (drivers/net/wireless/ath/ath9k/mac.c ath9k_hw_set_txq_props /
 * ath9k_hw_resettxqueue) from the values mac80211 sets (net/mac80211/util.c).
 *
 * Model (event driven: one event for the earliest expiring counter):
 * - Transmissions start on a slot grid: boundary k of an idle period that
 *   began at E is E + SIFS + k·slot. A counter counts down one per idle slot
 *   from boundary AIFSN (i.e. after AIFS); the contender transmits at the
 *   boundary where it is 0. Busy freezes every counter; elapsed idle slots
 *   are subtracted when the medium goes busy, and counting resumes after AIFS.
 * - Post-backoff and the CW rules: ./edca-backoff.ts. New contenders start
 *   with a drawn counter, so no one gets access without a draw; one that
 *   becomes pending with its counter already at 0 after AIFS of idle
 *   transmits at the next slot boundary.
 * - Counters reaching 0 at the same boundary collide (if `collisions`): all
 *   transmit, the medium is busy for the longest airtime, each gets
 *   endTxop(·, true) at its own end. Without `collisions` the Rng picks one;
 *   the others keep a zero counter and go first after the next AIFS.
 * - The contender may override the outcome of a non-collided exchange (e.g.
 *   a BlockAck lost to frame errors) with reportFailure / reportSuccess.
 * - kick() while busy is a no-op: hasPending() of every contender is polled
 *   when the medium goes idle, so it must be cheap and free of side effects.
 * Not modelled: EIFS, ACK-timeout busy time (a collision costs the longest
 * colliding airtime), hidden nodes, capture, and internal collisions between
 * the ACs of one node (each AC contender contends on its own).
 * Busy time and airtime are counted in ./medium-airtime.ts.
 */
import { preferDoubleFields } from '../../../engine/double-fields';
import type { EventTarget, Sim } from '../../../engine/sim';
import type { Rng } from '../../../engine/rng';
import type { Ns } from '../../../engine/time';
import { Backoff, OUTCOME_FAIL, OUTCOME_NONE, OUTCOME_OK } from './edca-backoff';
import { MediumAirtime } from './medium-airtime';
import { bandTiming } from '../phy/phy';
import type { Band, Contender, TxopRecord } from '../types';

export interface MediumOptions {
  band: Band;
  /** Same-slot transmissions collide (default true). */
  collisions?: boolean;
  /** Called when each TXOP starts, with start/end/collided filled in. */
  onTxop?: (r: TxopRecord) => void;
}

const EV_ACCESS = 1;
const EV_END = 2;

export class Medium implements EventTarget {
  private readonly entries: Backoff[] = [];
  private readonly byContender = new Map<Contender, Backoff>();
  private readonly winners: Backoff[] = [];
  private readonly airtime = new MediumAirtime();
  private readonly sifsNs: Ns;
  private readonly slotNs: Ns;
  private readonly collisionsOn: boolean;
  private readonly onTxop: ((r: TxopRecord) => void) | undefined;

  private busy = false;
  private busyStartNs: Ns = 0;
  private idleStartNs: Ns = 0;
  private endsOutstanding = 0;
  /** Boundary of the scheduled access event, or -1. */
  private schedK = -1;
  private gen = 0;

  constructor(
    private readonly sim: Sim,
    private readonly rng: Rng,
    opts: MediumOptions,
  ) {
    const t = bandTiming(opts.band);
    this.sifsNs = t.sifsNs;
    this.slotNs = t.slotNs;
    this.collisionsOn = opts.collisions ?? true;
    this.onTxop = opts.onTxop;
    this.idleStartNs = sim.nowNs;
    // Timestamps outgrow small integers during a run (see double-fields.ts).
    preferDoubleFields(this, ['busyStartNs', 'idleStartNs']);
  }

  /** Total time the medium was busy (a collision's overlapping airtimes counted once). */
  get busyNs(): number {
    const a = this.airtime;
    return this.busy ? a.busyTotalNs + (this.sim.nowNs - this.busyStartNs) : a.busyTotalNs;
  }
  /** Transmissions started (each collider counts). */
  get txops(): number {
    return this.airtime.txops;
  }
  /** Transmissions that collided; collisions / txops is the per-attempt collision probability. */
  get collisions(): number {
    return this.airtime.collisions;
  }
  /** Busy periods with two or more transmitters. */
  get collisionEvents(): number {
    return this.airtime.collisionEvents;
  }
  get isBusy(): boolean {
    return this.busy;
  }

  /** Airtime (including collided TXOPs) used by `node`'s transmissions. */
  airtimeByNode(node: number): number {
    return this.airtime.ofNode(node);
  }

  /** Current CW (contention backoff range) of a contender (for tests and probes). */
  cwOf(c: Contender): number {
    return this.entry(c).cw;
  }

  register(c: Contender): void {
    if (this.byContender.has(c)) return;
    const e = new Backoff(c);
    e.counter = this.rng.int(e.cw + 1);
    e.startK = this.busy ? 0 : this.arrivalK(e, this.sim.nowNs);
    this.entries.push(e);
    this.byContender.set(c, e);
    this.airtime.addNode(c.node);
  }

  /** A contender may have gone from nothing-to-send to something-to-send. */
  kick(c: Contender): void {
    const e = this.entry(c);
    // While busy, every contender is polled when the medium goes idle.
    if (e.pending || this.busy || e.transmitting) return;
    if (!c.hasPending()) return;
    const now = this.sim.nowNs;
    // Bring the post-backoff countdown up to the first boundary not before now.
    const kNow = this.boundaryAt(now);
    e.countTo(kNow);
    e.pending = true;
    const k = e.startK + e.counter;
    if (this.schedK < 0 || k < this.schedK) this.scheduleAccess(k);
  }

  /** The last exchange failed for a reason other than a collision: double CW. */
  reportFailure(c: Contender): void {
    const e = this.entry(c);
    e.widen();
    if (e.inEnd) e.outcome = OUTCOME_FAIL;
    else this.redraw(e);
  }

  /** The last exchange succeeded (or its frames were given up): reset CW to cwMin. */
  reportSuccess(c: Contender): void {
    const e = this.entry(c);
    e.reset();
    if (e.inEnd) e.outcome = OUTCOME_OK;
    else this.redraw(e);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_ACCESS) {
      if (arg === this.gen) this.access(nowNs);
    } else if (kind === EV_END) {
      this.endOne(arg as Backoff, nowNs);
    }
  }

  private entry(c: Contender): Backoff {
    const e = this.byContender.get(c);
    if (!e) throw new Error(`contender of node ${c.node} is not registered`);
    return e;
  }

  /** Countdown start for a contender joining an idle period at `now`. */
  private arrivalK(e: Backoff, now: Ns): number {
    return Math.max(e.c.edca.aifsn, this.boundaryAt(now));
  }

  /**
   * The first slot boundary of the idle period not before `now`, as a small
   * integer: Math.ceil of the ns arithmetic may hand it over as a heap number,
   * and the backoff counters' code, optimised for small integers, would
   * deoptimise at the first one. (Past 2^31 slots, over five hours of idle
   * channel, it stays the number it is.)
   */
  private boundaryAt(now: Ns): number {
    const k = Math.ceil((now - this.idleStartNs - this.sifsNs) / this.slotNs);
    return k >= -0x80000000 && k <= 0x7fffffff ? k | 0 : k;
  }

  /** A CW change outside endTxop applies to the counter now in use. */
  private redraw(e: Backoff): void {
    if (e.transmitting) return;
    e.counter = this.rng.int(e.cw + 1);
    if (!this.busy) {
      e.startK = this.arrivalK(e, this.sim.nowNs);
      if (e.pending) this.rescheduleAll();
    }
  }

  private scheduleAccess(k: number): void {
    this.schedK = k;
    this.gen++;
    this.sim.at(this.idleStartNs + this.sifsNs + k * this.slotNs, this, EV_ACCESS, this.gen);
  }

  /** The next access at slot boundary `best`, or none (-1): nothing pending, and any queued access is stale. */
  private scheduleEarliest(best: number): void {
    if (best >= 0) this.scheduleAccess(best);
    else {
      this.schedK = -1;
      this.gen++;
    }
  }

  private rescheduleAll(): void {
    let best = -1;
    const es = this.entries;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      if (!e.pending) continue;
      const k = e.startK + e.counter;
      if (best < 0 || k < best) best = k;
    }
    this.scheduleEarliest(best);
  }

  /** Slot boundary schedK reached: whoever's counter is 0 transmits. */
  private access(now: Ns): void {
    const K = this.schedK;
    this.schedK = -1;
    const es = this.entries;
    // winners[0..nw) (the array keeps its storage: setting length to 0 would free it)
    const w = this.winners;
    let nw = 0;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      if (!e.pending || e.startK + e.counter > K) continue;
      if (e.c.hasPending()) w[nw++] = e;
      else e.pending = false; // drained without telling us; its counter keeps its place
    }
    if (nw === 0) {
      this.rescheduleAll();
      return;
    }
    if (!this.collisionsOn && nw > 1) {
      w[0] = w[this.rng.int(nw)];
      nw = 1;
    }
    // Freeze: subtract the idle slots every counter saw up to K.
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      e.countTo(K);
      e.startK = 0;
    }
    this.busy = true;
    this.busyStartNs = now;
    this.gen++;
    const collided = nw > 1;
    if (collided) this.airtime.collisionEvents++;
    let endNs = now;
    for (let i = 0; i < nw; i++) {
      const e = w[i];
      e.pending = false;
      e.transmitting = true;
      e.collided = collided;
      const { airtimeNs, record } = e.c.startTxop(now);
      if (!(airtimeNs > 0)) throw new Error(`node ${e.c.node}: TXOP with airtime ${airtimeNs}`);
      const t = Math.round(airtimeNs);
      record.startNs = now;
      record.endNs = now + t;
      record.collided = collided;
      this.airtime.txop(e.c.node, t, collided);
      if (now + t > endNs) endNs = now + t;
      this.endsOutstanding++;
      this.sim.at(now + t, this, EV_END, e);
      this.onTxop?.(record);
    }
  }

  private endOne(e: Backoff, now: Ns): void {
    e.transmitting = false;
    const collided = e.collided;
    e.collided = false;
    if (collided) e.widen();
    e.inEnd = true;
    e.outcome = OUTCOME_NONE;
    e.c.endTxop(now, collided);
    e.inEnd = false;
    if (!collided && e.outcome === OUTCOME_NONE) e.reset();
    e.outcome = OUTCOME_NONE;
    e.counter = this.rng.int(e.cw + 1); // post-backoff
    if (--this.endsOutstanding === 0) this.goIdle(now);
  }

  /** Every contender is polled, and the earliest boundary of the pending ones found, in one pass (as rescheduleAll). */
  private goIdle(now: Ns): void {
    this.busy = false;
    this.airtime.busyTotalNs += now - this.busyStartNs;
    this.idleStartNs = now;
    const es = this.entries;
    let best = -1;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      e.startK = e.c.edca.aifsn;
      const pending = e.c.hasPending();
      e.pending = pending;
      if (pending) {
        const k = e.startK + e.counter;
        if (best < 0 || k < best) best = k;
      }
    }
    this.scheduleEarliest(best);
  }
}
