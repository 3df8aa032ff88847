/**
 * CPU cost presets by platform, for any host the scenario models (a wired
 * sender, a WiFi station, an AP running its own TCP): `cpu.platform` picks
 * one and its figures replace the scenario's cost fields.
 *
 * The x86 server core is the one the 40 Gbit/s GSO experiment was run on
 * (a 2018 Xeon): the figures of the gso-always-on preset, documented there
 * (per-skb path from perf profiles of the era, copy_from_user at ~4 GB/s per
 * core), with skb_segment's copy (no scatter-gather) at the same memcpy rate.
 * The others scale those figures by published measurements:
 * - per-operation work (skb, ACK, timer, completion, segmentation) by
 *   single-thread integer throughput, from one CoreMark table built with one
 *   compiler (EntityFX/anybench, doc/table/coremark.md): Xeon Gold 6128
 *   (Skylake-SP, 3.4 GHz) 28 210.73; Core i7-4700MQ (Haswell laptop, 2.4 GHz)
 *   24 295.43; Cortex-A53 (Raspberry Pi 3, BCM2837B0, 1.2 GHz) 3841.00, i.e.
 *   3.20 per MHz, taken at 1.35 GHz for an MT7622 router SoC (the host of the
 *   MT7915 in routers of that class);
 * - per-byte copies by single-core memcpy bandwidth: Cortex-A53 at 1.4 GHz,
 *   LMBench bw_mem 8M bcopy 1956.71 MB/s (TI SPRADG0A, AM62P benchmarks);
 *   memory-bound, so not scaled by clock. No figure was read for the laptop:
 *   it keeps the server core's copy rate.
 */
import type { CpuCosts } from './cpu';

export type CpuPlatformId = 'x86-server' | 'x86-laptop' | 'arm-a53-router';

export interface CpuPlatform {
  label: string;
  costs: CpuCosts;
}

/** The gso-always-on preset's x86 server core. */
const X86_SERVER: CpuCosts = Object.freeze({
  perSkbNs: 1500,
  perByteCopyNs: 0.243,
  perSkbAllocNs: 1000,
  perAckedSkbNs: 1200,
  perGsoSegmentNs: 90,
  perByteGsoCopyNs: 0.243,
  perSegmentXmitNs: 50,
  perTimerNs: 1000,
  perAckNs: 700,
  perCompletionNs: 150,
  timerLatencyNs: 2400,
});

/** Per-operation figures scaled by `opsFactor`, per-byte ones set to `copyNsPerByte`. */
function scaled(base: CpuCosts, opsFactor: number, copyNsPerByte: number): CpuCosts {
  const r = (v: number) => Math.round(v * opsFactor);
  return Object.freeze({
    perSkbNs: r(base.perSkbNs),
    perByteCopyNs: copyNsPerByte,
    perSkbAllocNs: r(base.perSkbAllocNs),
    perAckedSkbNs: r(base.perAckedSkbNs),
    perGsoSegmentNs: r(base.perGsoSegmentNs),
    perByteGsoCopyNs: copyNsPerByte,
    perSegmentXmitNs: r(base.perSegmentXmitNs),
    perTimerNs: r(base.perTimerNs),
    perAckNs: r(base.perAckNs),
    perCompletionNs: r(base.perCompletionNs),
    timerLatencyNs: r(base.timerLatencyNs),
  });
}

/** Single-thread CoreMark (anybench): the server core over the others. */
const COREMARK_XEON_6128 = 28_210.73;
const COREMARK_I7_4700MQ = 24_295.43;
const COREMARK_A53_PER_MHZ = 3841.0 / 1200;
const A53_ROUTER_MHZ = 1350;
/** TI SPRADG0A: bw_mem bcopy on one Cortex-A53 core, MB/s. */
const A53_BCOPY_MB_PER_S = 1956.71;

export const CPU_PLATFORMS: Readonly<Record<CpuPlatformId, CpuPlatform>> = {
  'x86-server': { label: 'x86 server core (2018 Xeon)', costs: X86_SERVER },
  'x86-laptop': {
    label: 'x86 laptop core (Haswell, 2.4 GHz)',
    costs: scaled(X86_SERVER, COREMARK_XEON_6128 / COREMARK_I7_4700MQ, X86_SERVER.perByteCopyNs),
  },
  'arm-a53-router': {
    label: 'ARM router SoC (Cortex-A53, 1.35 GHz)',
    costs: scaled(
      X86_SERVER,
      COREMARK_XEON_6128 / (COREMARK_A53_PER_MHZ * A53_ROUTER_MHZ),
      1000 / A53_BCOPY_MB_PER_S,
    ),
  },
};

export const CPU_PLATFORM_IDS = Object.keys(CPU_PLATFORMS) as CpuPlatformId[];
