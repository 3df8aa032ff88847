/**
 * What this host's kernel offers the twin, asked in a throwaway namespace:
 * its release, the qdiscs `tc` accepts (a kernel without a module answers
 * "Specified qdisc kind is unknown"), netem, the congestion controls and the
 * per-namespace sysctls a fresh namespace starts with; and whether irtt (the
 * UDP probes' client and server) is installed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { release } from 'node:os';
import type { HostCaps } from './plan';
import { inNs, type Procs } from './procs';

/** Each kind with the least options tc accepts for it. */
const QDISC_PROBES: Record<string, string[]> = {
  htb: ['htb'],
  tbf: ['tbf', 'rate', '1mbit', 'burst', '10k', 'latency', '50ms'],
  cake: ['cake'],
  pfifo: ['pfifo'],
  bfifo: ['bfifo'],
  pfifo_fast: ['pfifo_fast'],
  fq: ['fq'],
  fq_codel: ['fq_codel'],
  netem: ['netem', 'delay', '1ms'],
};

/** The sysctls the plan maps scenario fields to, as the host reports them. */
export const REPORTED_SYSCTLS = [
  'ipv4/tcp_limit_output_bytes',
  'ipv4/tcp_tso_rtt_log',
  'ipv4/tcp_min_tso_segs',
  'ipv4/tcp_autocorking',
  'ipv4/tcp_pacing_ss_ratio',
  'ipv4/tcp_pacing_ca_ratio',
  'ipv4/tcp_wmem',
  'ipv4/tcp_rmem',
  'ipv4/tcp_congestion_control',
  'core/rmem_max',
];

/** Reads /proc/sys/net/<key> inside `ns`; missing keys are left out. */
export async function readSysctls(procs: Procs, ns: string): Promise<Record<string, string>> {
  const paths = REPORTED_SYSCTLS.map((k) => `/proc/sys/net/${k}`);
  // One shell for all keys: "key=value" lines, nothing for a key this kernel lacks.
  const script = 'for p in "$@"; do [ -r "$p" ] && printf "%s=%s\\n" "$p" "$(cat "$p")"; done; true';
  const r = await procs.run(inNs(ns, 'sh', '-c', script, 'sh', ...paths));
  const out: Record<string, string> = {};
  for (const line of r.stdout.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0)
      out[line.slice(0, eq).replace(/^.*\//, '')] = line
        .slice(eq + 1)
        .replace(/\s+/g, ' ')
        .trim();
  }
  return out;
}

export async function probeHost(procs: Procs, prefix: string): Promise<HostCaps> {
  const ns = `${prefix}-probe`;
  await procs.addNamespace(ns);
  await procs.run(inNs(ns, 'ip', 'link', 'add', 'name', 'pa', 'type', 'veth', 'peer', 'name', 'pb'));
  const qdiscs = new Set<string>();
  let netem = false;
  for (const [kind, args] of Object.entries(QDISC_PROBES)) {
    const r = await procs.run(inNs(ns, 'tc', 'qdisc', 'replace', 'dev', 'pa', 'root', ...args), 5000, true);
    if (r.code === 0) {
      if (kind === 'netem') netem = true;
      else qdiscs.add(kind);
    }
  }
  const sysctls = await readSysctls(procs, ns);
  await procs.delNamespace(ns);
  const ccs = new Set(
    readFileSync('/proc/sys/net/ipv4/tcp_available_congestion_control', 'utf8').trim().split(/\s+/),
  );
  const irtt = spawnSync('sh', ['-c', 'command -v irtt']).status === 0;
  return { kernelRelease: release(), qdiscs, netem, ccs, sysctls, irtt };
}
