import { describe, expect, it } from 'vitest';
import { htbDefaultBurstBytes } from '../sim/model/qdisc/tc-rates';
import { sqmUplink } from '../sim/scenario/presets/sqm-base';
import { wiredBase } from '../sim/scenario/presets/wired-base';
import { defaultShaper } from '../sim/scenario/shaper-config';
import type { Scenario } from '../sim/scenario/scenario';
import { planTwin, TwinRefusal, type HostCaps } from './plan';

const caps = (over: Partial<HostCaps> = {}): HostCaps => ({
  kernelRelease: '6.18.4-test',
  qdiscs: new Set(['htb', 'tbf', 'pfifo', 'bfifo', 'pfifo_fast']),
  netem: false,
  ccs: new Set(['reno', 'cubic', 'bbr']),
  sysctls: { tcp_limit_output_bytes: '4194304', tcp_tso_rtt_log: '9', tcp_rmem: '4096 131072 33554432' },
  ...over,
});

function shaped(kind: 'htb' | 'tbf' = 'htb', rateBps = 20e6): Scenario {
  return { ...wiredBase(), shaper: defaultShaper(kind, rateBps) };
}

const refusal = (sc: Scenario, c = caps(), set: Record<string, string> = {}): string => {
  try {
    planTwin(sc, c, { prefix: 'p', set });
  } catch (e) {
    if (e instanceof TwinRefusal) return e.field;
    throw e;
  }
  return 'no refusal';
};

describe('the twin’s plan', () => {
  it('gives htb the burst the model computes and a pfifo leaf of txqueuelen', () => {
    const p = planTwin(shaped('htb', 20e6), caps(), { prefix: 'p', set: {} });
    const cls = p.tc.find((t) => t.argv[0] === 'class')!.argv.join(' ');
    const burst = htbDefaultBurstBytes(20e6 / 8, 1600);
    expect(cls).toContain(`rate 20000000bit ceil 20000000bit burst ${burst}b cburst ${burst}b mtu 1600`);
    expect(p.tc.at(-1)!.argv.join(' ')).toContain('parent 1:10 handle 10: pfifo limit 1000');
    expect(p.sampledQdiscs[0].name).toBe('sender: htb → pfifo');
  });

  it('gives tbf the limit of rate · latency + burst', () => {
    const p = planTwin(shaped('tbf', 100e6), caps(), { prefix: 'p', set: {} });
    // 12.5 MB/s · 50 ms + 15140 B
    expect(p.tc[0].argv.join(' ')).toContain('rate 100000000bit burst 15140b limit 640140b');
  });

  it('sets only the sysctls the scenario sets, and the host’s values in the simulation', () => {
    const sc = shaped();
    sc.kernel.tcp_tso_rtt_log = 0;
    const p = planTwin(sc, caps(), { prefix: 'p', set: {} });
    const keys = p.sysctls.map((s) => s.key);
    expect(keys).toContain('net.ipv4.tcp_tso_rtt_log');
    expect(keys).not.toContain('net.ipv4.tcp_limit_output_bytes');
    expect(p.simScenario.tcp.tcp_limit_output_bytes).toBe(4194304);
    expect(p.simScenario.kernel.tcp_tso_rtt_log).toBe(0);
    expect(p.simScenario.era).toBe('6.16');
    expect(p.simScenario.receiver.tcp_rmem).toEqual({
      minBytes: 4096,
      defaultBytes: 131072,
      maxBytes: 33554432,
    });
  });

  it('says when there is no netem, and puts the base RTT on the receiver’s egress when there is', () => {
    expect(planTwin(shaped(), caps(), { prefix: 'p', set: {} }).notes.join(' ')).toMatch(/no sch_netem/);
    const p = planTwin(shaped(), caps({ netem: true }), { prefix: 'p', set: {} });
    expect(p.netemDelayUs).toBe(100);
    expect(p.tc.at(-1)).toMatchObject({
      ns: 'p-rcv',
      argv: expect.arrayContaining(['netem', '100us']) as unknown,
    });
  });

  it('refuses, naming the field, what the kernel cannot express', () => {
    expect(refusal(wiredBase())).toBe('shaper');
    const cake = shaped();
    cake.shaper = defaultShaper('cake', 20e6);
    expect(refusal(cake)).toBe('shaper');
    const hz = shaped();
    hz.kernel.hz = 100;
    expect(refusal(hz)).toBe('kernel.hz');
    const xen = shaped();
    xen.link = { ...xen.link, xen: {} as never };
    expect(refusal(xen)).toBe('link.xen');
    expect(refusal(shaped(), caps(), { era: '4.9' })).toBe('era');
    expect(refusal(shaped(), caps({ ccs: new Set(['reno']) }))).toBe('tcp.cc');
    const shift = shaped();
    shift.tcp.sk_pacing_shift = 8;
    expect(refusal(shift)).toBe('tcp.sk_pacing_shift');
    const aggr = shaped();
    aggr.kernel.bbr_ack_aggregation = false;
    expect(refusal(aggr)).toBe('kernel.bbr_ack_aggregation');
    expect(refusal(shaped())).toBe('no refusal');
  });

  it('runs a download as iperf3 -R, shaped on the router’s side toward the sender, with both sides’ settings', () => {
    const sc = sqmUplink({ uplinkBps: 20e6, wanPropagationUs: 10_000, shaper: defaultShaper('htb', 20e6) });
    sc.qdisc.kind = 'pfifo';
    sc.router!.down = {
      rateBps: 1e9,
      qdisc: { ...sc.router!.qdisc, kind: 'pfifo' },
      shaper: defaultShaper('htb', 50e6),
    };
    sc.tcp.flows = 2;
    const flow = { rttUs: null, startMs: 0, stopMs: null, cc: null };
    sc.tcp.perFlow = [
      { ...flow, name: 'up', direction: 'up' },
      { ...flow, name: 'down', direction: 'down' },
    ];
    sc.tcp.tcp_limit_output_bytes = 262144;
    const p = planTwin(sc, caps(), { prefix: 'p', set: {} });
    expect(p.flows.map((f) => f.reverse)).toEqual([false, true]);
    const down = p.tc.filter((t) => t.label === 'router down');
    expect(down.map((t) => t.dev)).toEqual(down.map(() => p.router!.in.dev));
    expect(down.find((t) => t.argv[0] === 'class')!.argv.join(' ')).toContain('rate 50000000bit');
    expect(p.sampledQdiscs.map((q) => q.name)).toEqual([
      'sender: pfifo',
      'router: htb → pfifo',
      'router down: htb → pfifo',
    ]);
    // The far host sends the download through the scenario's qdisc, with the sender's sysctls and offloads.
    expect(p.tc.find((t) => t.label === 'far host')).toMatchObject({ ns: 'p-rcv', dev: p.receiver.dev });
    const limitIn = p.sysctls.filter((x) => x.key === 'net.ipv4.tcp_limit_output_bytes').map((x) => x.ns);
    expect(limitIn.sort()).toEqual(['p-rcv', 'p-snd']);
    expect(p.ethtool.map((e) => e.ns)).toEqual(['p-snd', 'p-rcv']);
    // Without the download side's shaper a veth has no bottleneck for it: refused, naming the field.
    sc.router!.down = null;
    expect(refusal(sc)).toBe('router.down.shaper');
  });

  it('refuses UDP probes without irtt, naming the field', () => {
    const sc = shaped();
    sc.udpProbes = [{ name: 'UDP BE', intervalMs: 200, packetBytes: 60, startMs: 0, stopMs: null }];
    expect(refusal(sc)).toBe('udpProbes');
    const p = planTwin(sc, caps({ irtt: true }), { prefix: 'p', set: {} });
    expect(p.probes.map((x) => x.port)).toEqual([2112]);
  });
});
