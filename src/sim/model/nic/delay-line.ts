/** A fixed propagation delay: packets come out in order after delayNs. */
import type { EventTarget, Sim } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import type { Skb } from '../skb';

export class DelayLine implements EventTarget {
  constructor(
    private readonly sim: Sim,
    public delayNs: Ns,
    private readonly sink: (skb: Skb, nowNs: Ns) => void,
  ) {}

  send(skb: Skb, nowNs: Ns): void {
    this.sim.at(nowNs + this.delayNs, this, 0, skb);
  }

  handleEvent(_kind: number, arg: unknown, nowNs: Ns): void {
    this.sink(arg as Skb, nowNs);
  }
}
