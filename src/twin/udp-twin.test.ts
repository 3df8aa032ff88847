/**
 * The twin runs the model's applications with iperf3's own options: -b, -l,
 * --pacing-timer, -N for TCP, -u for UDP flows (from the end of the warm-up,
 * -O), and refuses what iperf3 cannot write.
 */
import { describe, expect, it } from 'vitest';
import { wiredBase } from '../sim/scenario/presets/wired-base';
import { defaultShaper } from '../sim/scenario/shaper-config';
import type { Scenario } from '../sim/scenario/scenario';
import { iperfAppArgs, planTwin, TwinRefusal, type HostCaps } from './plan';
import { parseUdpIperf, udpClientArgs } from './udp-twin';

const caps: HostCaps = {
  kernelRelease: '6.18.4-test',
  qdiscs: new Set(['htb', 'tbf', 'pfifo', 'bfifo', 'pfifo_fast']),
  netem: false,
  ccs: new Set(['reno', 'cubic', 'bbr']),
  sysctls: { tcp_limit_output_bytes: '4194304', tcp_tso_rtt_log: '9', tcp_rmem: '4096 131072 33554432' },
};

function scene(): Scenario {
  const sc: Scenario = { ...wiredBase(), shaper: defaultShaper('htb', 20e6) };
  sc.durationMs = 4000;
  sc.warmupMs = 1000;
  sc.tcp.perFlow = [
    {
      name: 'h',
      rttUs: null,
      startMs: 0,
      stopMs: null,
      cc: null,
      app: { kind: 'rate', rateBps: 5e6, writeBytes: 8192, pacingTimerUs: 1000 },
    },
  ];
  sc.udpFlows = [
    { name: 'u', rateBps: 30e6, packetBytes: 1460, pacingTimerUs: 1000, startMs: 0, stopMs: null },
  ];
  return sc;
}

describe('the twin’s writers', () => {
  it('iperf3 options per application', () => {
    expect(iperfAppArgs(null)).toEqual([]);
    expect(iperfAppArgs({ kind: 'bulk', writeBytes: 100, noDelay: true })).toEqual(['-l', '100', '-N']);
    expect(iperfAppArgs({ kind: 'rate', rateBps: 5e6, writeBytes: 8192, pacingTimerUs: 500 })).toEqual([
      '-b',
      '5000000',
      '-l',
      '8192',
      '--pacing-timer',
      '500',
    ]);
  });

  it('plans the TCP flow with its -b and the UDP flow with -u, counting from the warm-up’s end', () => {
    const p = planTwin(scene(), caps, { prefix: 'p', set: {} });
    expect(p.flows[0].iperfArgs).toContain('-b');
    expect(p.udp).toHaveLength(1);
    expect(udpClientArgs(p.udp[0], p.warmupMs).join(' ')).toBe(
      '-u -b 30000000 -l 1460 --pacing-timer 1000 -t 3 -O 1 -J',
    );
  });

  it('refuses an on/off writer by its field', () => {
    const sc = scene();
    sc.tcp.perFlow![0].app = { kind: 'onoff', writeBytes: 65536, onMs: 100, offMs: 100 };
    let field = '';
    try {
      planTwin(sc, caps, { prefix: 'p', set: {} });
    } catch (e) {
      if (e instanceof TwinRefusal) field = e.field;
    }
    expect(field).toBe('tcp.perFlow[0].app');
  });

  it('reads loss, jitter and rate from what the server reported to the client', () => {
    const json = JSON.stringify({
      end: {
        sum_sent: { packets: 827 },
        sum_received: { bits_per_second: 9549323, jitter_ms: 0.0068, lost_percent: 2.5 },
      },
    });
    const u = parseUdpIperf(json, 0);
    expect([u.goodputMbps, u.lossFraction, u.jitterMs, u.packets, u.error]).toEqual([
      9.549323,
      0.025,
      0.0068,
      827,
      null,
    ]);
    expect(parseUdpIperf('not json', 1).error).toMatch(/^iperf3 printed no JSON/);
  });
});
