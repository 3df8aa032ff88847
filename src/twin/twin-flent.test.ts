/** A twin's Flent file read back through the Flent reader, as Load measurement and --compare read it. */
import { describe, expect, it } from 'vitest';
import { flentSummary, readFlent, writeFlent } from '../flent/index';
import { pairSeries } from '../flent/pair';
import { wiredBase } from '../sim/scenario/presets/wired-base';
import type { TwinMeasurement } from './measure';
import type { SsSocket } from './ss-parse';
import { twinToFlent } from './twin-flent';

const sock = (i: number, k: number): SsSocket => ({
  local: '10.77.1.1',
  localPort: 40000 + i,
  peer: '10.77.1.2',
  peerPort: 5201 + i,
  cc: 'cubic',
  srttMs: 50 + k,
  rttvarMs: 1,
  minRttMs: 0.01,
  cwndPkts: 100 + k,
  pacingRateBps: 40e6,
  deliveryRateBps: 10e6,
  skmemTBytes: 130000,
  retransTotal: 0,
  dataSegsOut: 100 * k,
  bytesAcked: 144800 * k,
  bytesSent: 144800 * k,
});

function measurement(flows: number): TwinMeasurement {
  const ts = Array.from({ length: 15 }, (_, k) => 0.2 * (k + 1));
  return {
    t0UnixMs: 1_700_000_000_000,
    udp: [],
    flows: Array.from({ length: flows }, (_, i) => ({
      index: i,
      intervals: ts.map((tS) => ({ tS, bps: 20e6 / flows })),
      meanBps: 20e6 / flows,
      ss: ts.map((tS, k) => ({ tS, sock: sock(i, k) })),
      error: null,
    })),
    pings: ts.map((tS) => ({ tS, rttMs: 60 })),
    qdiscs: [
      {
        name: 'sender: htb → pfifo',
        samples: ts.map((tS) => ({ tS, qlen: 3, backlogBytes: 136000, drops: 0 })),
      },
    ],
    vethTxPackets: 100,
    sysctls: { tcp_tso_rtt_log: '9' },
    commands: [],
  };
}

function file(flows: number) {
  const sc = { ...wiredBase(), durationMs: 3000, warmupMs: 1000, pingIntervalMs: 100 };
  sc.tcp.flows = flows;
  const info = {
    scenario: sc,
    presetId: null,
    seed: 1,
    kernelRelease: '6.18.0',
    era: '6.16',
    notes: [],
    commands: [],
  };
  return readFlent(writeFlent(twinToFlent(measurement(flows), info, 'test')));
}

describe('a twin file through the Flent reader', () => {
  it('reads as Flent’s tcp_nup with every flow, the sum, the ping and the extra series', () => {
    const run = file(4);
    expect(run.name).toBe('tcp_nup');
    expect(run.kernelRelease).toBe('6.18.0');
    const flows = run.series.filter((s) => s.kind === 'throughput' && !s.computed);
    // The extra ss keys (tcp_min_rtt, tcp_skmem_t, tcp_retrans) are sub-series of their flow, not flows.
    expect(flows.map((s) => s.flow)).toEqual(['1', '2', '3', '4']);
    const skmem = run.series.find((s) => s.name === 'TCP upload::2::tcp_skmem_t')!;
    expect(skmem.kind).toBe('other');
    expect(skmem.raw.length).toBeGreaterThan(0);
    expect(run.series.find((s) => s.name === 'Qdisc backlog (skbs) sender: htb/pfifo')!.kind).toBe('other');
    const stats = flentSummary(run);
    expect(stats.find((s) => s.name === 'Ping (ms) ICMP')!.median).toBe(60);
    expect(stats.find((s) => s.name === 'TCP upload sum')!.median).toBeCloseTo(20, 6);
  });

  it('pairs with simulated series as --compare pairs any measurement', () => {
    const run = file(1);
    expect(run.name).toBe('tcp_1up');
    const sim = ['TCP upload', 'TCP upload::tcp_cwnd', 'TCP upload::tcp_rtt', 'Ping (ms) ICMP'].map(
      (name) => ({ name }),
    );
    const pairs = pairSeries(run.series, sim);
    // In name order, flows by number (pairSeries sorts the file's series).
    expect(pairs.map((p) => [p.measured.name, p.simulated?.name ?? null])).toEqual([
      ['Ping (ms) ICMP', 'Ping (ms) ICMP'],
      ['TCP upload', 'TCP upload'],
      ['TCP upload::tcp_cwnd', 'TCP upload::tcp_cwnd'],
      ['TCP upload::tcp_pacing_rate', null],
      ['TCP upload::tcp_rtt', 'TCP upload::tcp_rtt'],
    ]);
  });
});
