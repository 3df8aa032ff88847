/**
 * The side-by-side table's figures: ratios pair each run of one side with the
 * same round's run of the other, and the per-segment cost divides CPU by the
 * TCP segments the flows delivered (their goodput over the run).
 */
import { describe, expect, it } from 'vitest';
import type { ProcessRun } from '../process-run';
import type { VsRep } from '../vs-ns3';
import type { FlowFigures } from './ns3-output';
import { sceneFigures, sceneText, type VsScene } from './vs-table';

const proc = (wallS: number, cpuS: number): ProcessRun => ({
  wallS,
  cpuS,
  maxRssMB: 50,
  stdout: '',
  stderr: '',
  status: 0,
  machineBusy: 0.5,
});

const flow = (goodputMbps: number): FlowFigures => ({
  name: 'flow',
  goodputMbps,
  pingMsMedian: 20,
  pingMsMin: 10,
  tcpRttMsMedian: 22,
  ampduMedian: NaN,
});

/** One round: ns-3 takes `k` times TSQ Lab's time, whole process and simulation alone. */
function rep(k: number): VsRep {
  return {
    ns3: proc(4 * k, 4 * k),
    ns3Figures: {
      events: 2_000_000,
      runWallS: 3.8 * k,
      runCpuS: 3.8 * k,
      goodputMbps: 95,
      flows: [flow(95)],
      qdiscSojournMsMedian: NaN,
    },
    cli: proc(0.4, 0.5),
    runner: proc(0.35, 0.45),
    runnerOut: { runWallS: 0.3, runCpuS: 0.38, buildCpuS: 0.01, events: 1_000_000, warmRunCpuS: 0.3 },
  };
}

const scene = (runs: VsRep[]): VsScene => ({
  name: 'bench-wired fq_codel',
  simS: 20,
  tsqCommand: 'tsq',
  ns3Command: 'ns3',
  runs,
  tsqFlows: [flow(93), flow(1)],
  tsqEvents: 1_000_000,
});

describe('the side-by-side figures', () => {
  it('pairs each round and takes the median of the ratios', () => {
    const fig = sceneFigures(scene([rep(1), rep(2), rep(3)]));
    expect(fig.wholeWall).toBeCloseTo(20, 9); // 8 / 0.4
    expect(fig.simCpu).toBeCloseTo(20, 9); // 7.6 / 0.38
    expect(fig.tsqNsPerEvent).toBeCloseTo(380, 6);
  });

  it('charges CPU per 1448-byte segment the flows delivered, on each side', () => {
    const fig = sceneFigures(scene([rep(1)]));
    // 94 Mbit/s for 20 s = 162 292 segments; 95 Mbit/s = 164 019.
    expect(fig.tsqNsPerSegment).toBeCloseTo(0.38e9 / ((94e6 * 20) / 8 / 1448), 3);
    expect(fig.ns3NsPerSegment).toBeCloseTo(3.8e9 / ((95e6 * 20) / 8 / 1448), 3);
    expect(sceneText(scene([rep(1)]))).toMatch(/CPU ns per segment delivered \(sim only\)\s+2341\s+23168/);
  });
});
