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
 * - Post-backoff: after every exchange the transmitter draws a new counter in
 *   [0, CW]; counters also run down while a contender has nothing to send
 *   (stopping at 0). New contenders start with a drawn counter, so no one gets
 *   access without a draw; one that becomes pending with its counter already
 *   at 0 after AIFS of idle transmits at the next slot boundary.
 * - Counters reaching 0 at the same boundary collide (if `collisions`): all
 *   transmit, the medium is busy for the longest airtime, each gets
 *   endTxop(·, true) at its own end. Without `collisions` the Rng picks one;
 *   the others keep a zero counter and go first after the next AIFS.
 * - CW: cwMin after success, min(2·CW + 1, cwMax) after a failure. The
 *   contender may override the outcome of a non-collided exchange (e.g. a
 *   BlockAck lost to frame errors) with reportFailure / reportSuccess.
 * - kick() while busy is a no-op: hasPending() of every contender is polled
 *   when the medium goes idle, so it must be cheap and free of side effects.
 * Not modelled: EIFS, ACK-timeout busy time (a collision costs the longest
 * colliding airtime), hidden nodes, capture, and internal collisions between
 * the ACs of one node (each AC contender contends on its own).
 */
import { preferDoubleFields } from '../../engine/double-fields';
import type { EventTarget, Sim } from '../../engine/sim';
import type { Rng } from '../../engine/rng';
import type { Ns } from '../../engine/time';
import { bandTiming } from './phy';
import type { Band, Contender, TxopRecord } from './types';

export interface MediumOptions {
  band: Band;
  /** Same-slot transmissions collide (default true). */
  collisions?: boolean;
  /** Called when each TXOP starts, with start/end/collided filled in. */
  onTxop?: (r: TxopRecord) => void;
}

const EV_ACCESS = 1;
const EV_END = 2;

/** What the contender said about an exchange while in endTxop. */
const OUTCOME_NONE = 0;
const OUTCOME_OK = 1;
const OUTCOME_FAIL = 2;

class Entry {
  cw: number;
  /** Backoff slots left, as of boundary `startK`. */
  counter = 0;
  /** Slot boundary (of the current idle period) from which the counter counts down. */
  startK = 0;
  pending = false;
  transmitting = false;
  collided = false;
  inEnd = false;
  outcome = OUTCOME_NONE;
  constructor(readonly c: Contender) {
    this.cw = c.edca.cwMin;
  }
}

export class Medium implements EventTarget {
  private readonly entries: Entry[] = [];
  private readonly byContender = new Map<Contender, Entry>();
  private readonly winners: Entry[] = [];
  private readonly airtimeNs: number[] = [];
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

  private busyTotalNs = 0;
  private txopCount = 0;
  private collidedCount = 0;
  private collisionEventCount = 0;

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
    preferDoubleFields(this, ['busyStartNs', 'idleStartNs', 'busyTotalNs']);
  }

  /** Total time the medium was busy (a collision's overlapping airtimes counted once). */
  get busyNs(): number {
    return this.busy ? this.busyTotalNs + (this.sim.nowNs - this.busyStartNs) : this.busyTotalNs;
  }
  /** Transmissions started (each collider counts). */
  get txops(): number {
    return this.txopCount;
  }
  /** Transmissions that collided; collisions / txops is the per-attempt collision probability. */
  get collisions(): number {
    return this.collidedCount;
  }
  /** Busy periods with two or more transmitters. */
  get collisionEvents(): number {
    return this.collisionEventCount;
  }
  get isBusy(): boolean {
    return this.busy;
  }

  /** Airtime (including collided TXOPs) used by `node`'s transmissions. */
  airtimeByNode(node: number): number {
    return this.airtimeNs[node] ?? 0;
  }

  /** Current CW (contention backoff range) of a contender (for tests and probes). */
  cwOf(c: Contender): number {
    return this.entry(c).cw;
  }

  register(c: Contender): void {
    if (this.byContender.has(c)) return;
    const e = new Entry(c);
    e.counter = this.rng.int(e.cw + 1);
    e.startK = this.busy ? 0 : this.arrivalK(e, this.sim.nowNs);
    this.entries.push(e);
    this.byContender.set(c, e);
    while (this.airtimeNs.length <= c.node) this.airtimeNs.push(0);
  }

  /** A contender may have gone from nothing-to-send to something-to-send. */
  kick(c: Contender): void {
    const e = this.entry(c);
    // While busy, every contender is polled when the medium goes idle.
    if (e.pending || this.busy || e.transmitting) return;
    if (!c.hasPending()) return;
    const now = this.sim.nowNs;
    // Bring the post-backoff countdown up to the first boundary not before now.
    const kNow = Math.ceil((now - this.idleStartNs - this.sifsNs) / this.slotNs);
    if (kNow > e.startK) {
      e.counter = Math.max(0, e.counter - (kNow - e.startK));
      e.startK = kNow;
    }
    e.pending = true;
    const k = e.startK + e.counter;
    if (this.schedK < 0 || k < this.schedK) this.scheduleAccess(k);
  }

  /** The last exchange failed for a reason other than a collision: double CW. */
  reportFailure(c: Contender): void {
    const e = this.entry(c);
    e.cw = Math.min(2 * e.cw + 1, c.edca.cwMax);
    if (e.inEnd) e.outcome = OUTCOME_FAIL;
    else this.redraw(e);
  }

  /** The last exchange succeeded (or its frames were given up): reset CW to cwMin. */
  reportSuccess(c: Contender): void {
    const e = this.entry(c);
    e.cw = c.edca.cwMin;
    if (e.inEnd) e.outcome = OUTCOME_OK;
    else this.redraw(e);
  }

  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    if (kind === EV_ACCESS) {
      if (arg === this.gen) this.access(nowNs);
    } else if (kind === EV_END) {
      this.endOne(arg as Entry, nowNs);
    }
  }

  private entry(c: Contender): Entry {
    const e = this.byContender.get(c);
    if (!e) throw new Error(`contender of node ${c.node} is not registered`);
    return e;
  }

  /** Countdown start for a contender joining an idle period at `now`. */
  private arrivalK(e: Entry, now: Ns): number {
    const kNow = Math.ceil((now - this.idleStartNs - this.sifsNs) / this.slotNs);
    return Math.max(e.c.edca.aifsn, kNow);
  }

  /** A CW change outside endTxop applies to the counter now in use. */
  private redraw(e: Entry): void {
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

  private rescheduleAll(): void {
    let best = -1;
    const es = this.entries;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      if (!e.pending) continue;
      const k = e.startK + e.counter;
      if (best < 0 || k < best) best = k;
    }
    if (best >= 0) this.scheduleAccess(best);
    else {
      this.schedK = -1;
      this.gen++;
    }
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
      if (K > e.startK) e.counter = Math.max(0, e.counter - (K - e.startK));
      e.startK = 0;
    }
    this.busy = true;
    this.busyStartNs = now;
    this.gen++;
    const collided = nw > 1;
    if (collided) this.collisionEventCount++;
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
      this.txopCount++;
      if (collided) this.collidedCount++;
      const node = e.c.node;
      while (this.airtimeNs.length <= node) this.airtimeNs.push(0);
      this.airtimeNs[node] += t;
      if (now + t > endNs) endNs = now + t;
      this.endsOutstanding++;
      this.sim.at(now + t, this, EV_END, e);
      this.onTxop?.(record);
    }
  }

  private endOne(e: Entry, now: Ns): void {
    e.transmitting = false;
    const collided = e.collided;
    e.collided = false;
    if (collided) e.cw = Math.min(2 * e.cw + 1, e.c.edca.cwMax);
    e.inEnd = true;
    e.outcome = OUTCOME_NONE;
    e.c.endTxop(now, collided);
    e.inEnd = false;
    if (!collided && e.outcome === OUTCOME_NONE) e.cw = e.c.edca.cwMin;
    e.outcome = OUTCOME_NONE;
    e.counter = this.rng.int(e.cw + 1); // post-backoff
    if (--this.endsOutstanding === 0) this.goIdle(now);
  }

  private goIdle(now: Ns): void {
    this.busy = false;
    this.busyTotalNs += now - this.busyStartNs;
    this.idleStartNs = now;
    const es = this.entries;
    for (let i = 0; i < es.length; i++) {
      const e = es[i];
      e.startK = e.c.edca.aifsn;
      e.pending = e.c.hasPending();
    }
    this.rescheduleAll();
  }
}
