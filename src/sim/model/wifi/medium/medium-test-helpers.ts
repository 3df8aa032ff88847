/**
 * Test fixtures for the shared-medium model (medium.ts): a scripted
 * contender, a medium that records every TXOP, and a random-arrival driver.
 * Pure TypeScript; used by medium.test.ts and medium.property.test.ts only.
 */
import { Sim, type EventTarget } from '../../../engine/sim';
import type { Ns } from '../../../engine/time';
import { Medium } from './medium';
import { EDCA_DEFAULT } from '../phy/phy';
import type { Ac, Contender, EdcaParams, TxopRecord } from '../types';

/** A transmitter with a FIFO of frames, each a fixed airtime; `saturated` means it always has one. */
export class TestContender implements Contender {
  readonly edca: EdcaParams;
  queue: Ns[] = [];
  arrivals: Ns[] = [];
  saturated = false;
  satAirtimeNs: Ns = 0;
  payloadBytes = 0;
  delivered = 0;
  deliveredBytes = 0;
  collidedEnds = 0;
  firstTxOfHead: Ns = -1;
  waits: Ns[] = [];
  busyUntil: Ns = -1;
  /** Called in endTxop after a non-collided exchange, e.g. to report a lost BlockAck. */
  onEnd: ((collided: boolean) => void) | null = null;

  constructor(
    readonly node: number,
    ac: Ac,
  ) {
    this.edca = EDCA_DEFAULT[ac];
  }
  hasPending(): boolean {
    return this.busyUntil < 0 && (this.saturated || this.queue.length > 0);
  }
  startTxop(nowNs: Ns): { airtimeNs: Ns; record: TxopRecord } {
    if (this.busyUntil >= 0) throw new Error('second TXOP before the end of the first');
    const airtimeNs = this.saturated ? this.satAirtimeNs : this.queue[0];
    if (!this.saturated && this.firstTxOfHead < 0) {
      this.firstTxOfHead = nowNs;
      this.waits.push(nowNs - this.arrivals[0]);
      if (nowNs < this.arrivals[0]) throw new Error('sent before it arrived');
    }
    this.busyUntil = nowNs + airtimeNs;
    const record: TxopRecord = {
      startNs: -1,
      endNs: -1,
      node: this.node,
      peer: 0,
      nframes: 1,
      bytes: this.payloadBytes,
      collided: false,
    };
    return { airtimeNs, record };
  }
  endTxop(nowNs: Ns, collided: boolean): void {
    if (nowNs !== this.busyUntil) throw new Error(`endTxop at ${nowNs}, expected ${this.busyUntil}`);
    this.busyUntil = -1;
    if (collided) {
      this.collidedEnds++;
      return;
    }
    this.delivered++;
    this.deliveredBytes += this.payloadBytes;
    if (!this.saturated) {
      this.queue.shift();
      this.arrivals.shift();
      this.firstTxOfHead = -1;
    }
    this.onEnd?.(collided);
  }
}

export function setup(seed: number, collisions = true) {
  const sim = new Sim(seed);
  const records: TxopRecord[] = [];
  const medium = new Medium(sim, sim.rng.fork(7), {
    band: '5GHz',
    collisions,
    onTxop: (r) => records.push({ ...r }),
  });
  return { sim, medium, records };
}

/** Schedules frame arrivals: kind = contender index, arg = airtime. */
export class Arrivals implements EventTarget {
  constructor(
    private readonly cs: TestContender[],
    private readonly medium: Medium,
  ) {}
  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    const c = this.cs[kind];
    c.queue.push(arg as number);
    c.arrivals.push(nowNs);
    this.medium.kick(c);
  }
}

export function runRandom(
  seed: number,
  acs: Ac[],
  frames: { who: number; atUs: number; airUs: number }[],
  collisions: boolean,
) {
  const { sim, medium, records } = setup(seed, collisions);
  const cs = acs.map((ac, i) => new TestContender(i, ac));
  for (const c of cs) medium.register(c);
  const arr = new Arrivals(cs, medium);
  for (const f of frames) sim.at(f.atUs * 1000, arr, f.who % cs.length, f.airUs * 1000);
  sim.runUntil(60e9);
  return { medium, records, cs };
}
