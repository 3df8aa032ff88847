/** The costs a scenario's CPU model charges: none when off, a platform preset's, or the fields given. */
import { type CpuCosts, ZERO_COSTS } from '../model/cpu/cpu';
import { CPU_PLATFORMS } from '../model/cpu/platforms';
import type { Scenario } from './scenario';

export function cpuCosts(sc: Scenario): CpuCosts {
  if (!sc.cpu.enabled) return ZERO_COSTS;
  return sc.cpu.platform ? CPU_PLATFORMS[sc.cpu.platform].costs : sc.cpu;
}
