import { describe, expect, it } from 'vitest';
import type { Skb } from '../skb';
import { Pfifo } from './pfifo';
import { DEFAULT_TX_QUEUE_LEN, PfifoFast, PRIO2BAND } from './pfifo-fast';
import { mkSkb } from './test-helpers';

describe('pfifo_fast', () => {
  it('maps priorities through sch_default_prio2band', () => {
    expect(PRIO2BAND).toEqual([1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(DEFAULT_TX_QUEUE_LEN).toBe(1000);
  });

  it('serves band 0 before band 1 before band 2, FIFO within a band', () => {
    const q = new PfifoFast({}, () => {});
    // priority 1 → band 2, 0 → band 1, 6 → band 0, 16+7 → band 0 (masked by 15)
    q.enqueue(mkSkb({ priority: 1, seq: 1 }), 0);
    q.enqueue(mkSkb({ priority: 0, seq: 2 }), 0);
    q.enqueue(mkSkb({ priority: 6, seq: 3 }), 0);
    q.enqueue(mkSkb({ priority: 0, seq: 4 }), 0);
    q.enqueue(mkSkb({ priority: 16 + 7, seq: 5 }), 0);
    expect(q.bandPkts).toEqual([2, 2, 1]);
    const order: number[] = [];
    for (let s = q.dequeue(1); s !== null; s = q.dequeue(1)) order.push(s.seq);
    expect(order).toEqual([3, 5, 2, 4, 1]);
    expect(q.stats.sentPkts).toBe(5);
    expect(q.stats.sentBytes).toBe(5 * 1514);
    expect(q.backlogBytes).toBe(0);
  });

  it('tail-drops per band at txqueuelen, counting a GSO skb as one packet', () => {
    const dropped: Skb[] = [];
    const q = new PfifoFast({ txqueuelen: 3 }, (skb) => dropped.push(skb));
    for (let i = 0; i < 5; i++) q.enqueue(mkSkb({ seq: i, segs: 10, lenBytes: 14480 }), 0);
    expect(q.backlogPkts).toBe(3);
    expect(q.backlogBytes).toBe(3 * (14480 + 10 * 66));
    expect(dropped.map((s) => s.seq)).toEqual([3, 4]);
    expect(q.stats.drops).toBe(2);
    // another band still has room
    q.enqueue(mkSkb({ priority: 6 }), 0);
    expect(q.backlogPkts).toBe(4);
    expect(q.dequeue(0)?.priority).toBe(6);
  });

  it('with perBandLimit=false the whole qdisc holds txqueuelen (pre-4.16)', () => {
    let drops = 0;
    const q = new PfifoFast({ txqueuelen: 3, perBandLimit: false }, () => drops++);
    q.enqueue(mkSkb({ priority: 0 }), 0);
    q.enqueue(mkSkb({ priority: 1 }), 0);
    q.enqueue(mkSkb({ priority: 6 }), 0);
    q.enqueue(mkSkb({ priority: 6 }), 0);
    expect(drops).toBe(1);
    expect(q.backlogPkts).toBe(3);
  });
});

describe('pfifo', () => {
  it('is one FIFO with a packet limit', () => {
    const dropped: number[] = [];
    const q = new Pfifo({ limit: 2 }, (skb) => dropped.push(skb.seq));
    for (let i = 0; i < 4; i++) q.enqueue(mkSkb({ seq: i, priority: 3 - i }), 10);
    expect(dropped).toEqual([2, 3]);
    expect(q.dequeue(11)?.seq).toBe(0);
    expect(q.dequeue(11)?.seq).toBe(1);
    expect(q.dequeue(11)).toBeNull();
    expect(q.stats.sentPkts).toBe(2);
    expect(q.nextWakeNs()).toBe(-1);
  });
});
