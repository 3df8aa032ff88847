/** A fixed propagation delay: packets come out in order after delayNs. */
import { EventLane, type EventTarget, type Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';

export class DelayLine implements EventTarget {
  /** A fixed delay keeps arrivals in time order: one lane holds them all. */
  private readonly lane: EventLane;

  constructor(
    sim: Sim,
    public delayNs: Ns,
    private readonly sink: (skb: Skb, nowNs: Ns) => void,
  ) {
    this.lane = new EventLane(sim, this);
  }

  send(skb: Skb, nowNs: Ns): void {
    this.lane.at(nowNs + this.delayNs, 0, skb);
  }

  handleEvent(_kind: number, arg: unknown, nowNs: Ns): void {
    this.sink(arg as Skb, nowNs);
  }
}
