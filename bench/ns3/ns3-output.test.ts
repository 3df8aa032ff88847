/** Reading what the ns-3 programs print (bench/ns3/*.cc) into the side-by-side table's figures. */
import { describe, expect, it } from 'vitest';
import { parseKv, parseNs3 } from './ns3-output';
import { median } from './vs-table';

const WIRED =
  'scene=wired qdisc=fq_codel sim_s=20 events=1551966 goodput_mbps=95.894 tcp_rtt_ms_p50=22.664 ping_ms_p50=20.628 ' +
  'ping_ms_min=20.251 qdisc_sojourn_ms_p50=2.493 qdisc_drops=5 run_wall_s=5.9978 run_cpu_s=5.2572\n';
const WIFI = [
  'scene=wifi sim_s=20 events=709079 goodput_mbps=15.719 run_wall_s=6.4768 run_cpu_s=3.2882',
  'sta=0 mode=HtMcs7 goodput_mbps=5.854 ping_ms_p50=80.487 ping_ms_min=12.842 tcp_rtt_ms_p50=88.341 ampdu_p50=28',
  'sta=1 mode=HtMcs7 goodput_mbps=5.841 ping_ms_p50=78.478 ping_ms_min=9.418 tcp_rtt_ms_p50=98.401 ampdu_p50=28',
  'sta=2 mode=HtMcs0 goodput_mbps=4.024 ping_ms_p50=-1 ping_ms_min=-1 tcp_rtt_ms_p50=148.939 ampdu_p50=2',
  '',
].join('\n');

describe('parseNs3', () => {
  it('reads the wired line: one flow, the qdisc sojourn', () => {
    const r = parseNs3(WIRED);
    expect([r.events, r.runWallS, r.runCpuS, r.goodputMbps]).toEqual([1551966, 5.9978, 5.2572, 95.894]);
    expect(r.flows).toEqual([
      {
        name: 'flow',
        goodputMbps: 95.894,
        pingMsMedian: 20.628,
        pingMsMin: 20.251,
        tcpRttMsMedian: 22.664,
        ampduMedian: NaN,
      },
    ]);
    expect(r.qdiscSojournMsMedian).toBe(2.493);
  });

  it('reads one flow per station line; -1 (no samples) becomes NaN', () => {
    const r = parseNs3(WIFI);
    expect(r.flows.map((f) => f.name)).toEqual(['sta0 HtMcs7', 'sta1 HtMcs7', 'sta2 HtMcs0']);
    expect(r.flows.map((f) => f.ampduMedian)).toEqual([28, 28, 2]);
    expect(r.flows[2].pingMsMedian).toBeNaN();
    expect(r.qdiscSojournMsMedian).toBeNaN();
  });

  it('names what is missing', () => {
    expect(() => parseNs3('hello')).toThrow('ns-3 printed no scene= line');
    expect(() => parseNs3('scene=wired events=3')).toThrow('ns-3: no number run_wall_s');
  });
});

describe('parseKv and median', () => {
  it('splits key=value tokens and ignores the rest', () => {
    expect(parseKv('  a=1 b=x=y junk c= ')).toEqual({ a: '1', b: 'x=y', c: '' });
  });
  it('median of odd and even counts, without NaNs', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });
});
