/**
 * What the per-step sampler (metrics/step-sampler.ts) reads of a built
 * model: each sender's flow with its receiver's in-order bytes, cwnd, srtt
 * and pacing rate (3.12+), and the station each flow goes to (an AP's flow i
 * goes to station i; a single host is station 0).
 */
import { NS_PER_MS, type Ns } from '../engine/time';
import { StepSampler, type StepFlow } from '../metrics/step-sampler';
import type { Model } from './model';

export function stepSamplerOf(m: Model, stepNs: Ns, maxSteps?: number): StepSampler {
  const ap = m.scenario.wifi?.topology === 'ap';
  const flows: StepFlow[] = m.senders.map((s, i) => {
    const r = m.receivers[i];
    return {
      station: ap ? i : 0,
      deliveredBytes: () => r.bytesInOrder,
      cwndPkts: () => s.snd_cwnd,
      srttMs: () => s.srttNs / NS_PER_MS,
      pacingMbps: m.kernel.pacingRate ? () => s.pacingRateBps() / 1e6 : null,
    };
  });
  const names = m.stationNames.length > 0 ? [...m.stationNames] : ['receiver'];
  return new StepSampler(
    stepNs,
    m.warmupEndNs,
    flows,
    ap ? names : names.slice(0, 1),
    () => m.deliveredBytes(),
    maxSteps,
  );
}
