/**
 * What the ns-3 programs (bench/ns3/*.cc) print: a line of key=value pairs
 * for the run, then for WiFi a line per station, read into the figures the
 * side-by-side table shows. TSQ Lab's runner (./tsq-run.ts) gives the same
 * figures from its side.
 */

export interface FlowFigures {
  name: string;
  goodputMbps: number;
  pingMsMedian: number;
  pingMsMin: number;
  tcpRttMsMedian: number;
  /** Frames per A-MPDU to this station, median (WiFi). */
  ampduMedian: number;
}

export interface SideFigures {
  events: number;
  /** Simulator::Run alone (ns-3) or the run after building the model (TSQ Lab). */
  runWallS: number;
  runCpuS: number;
  goodputMbps: number;
  flows: FlowFigures[];
  /** ns-3's bottleneck qdisc: median time a packet spent in it (wired); NaN where not measured. */
  qdiscSojournMsMedian: number;
}

/** "a=1 b=x" → {a: "1", b: "x"}. */
export function parseKv(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tok of line.trim().split(/\s+/)) {
    const eq = tok.indexOf('=');
    if (eq > 0) out[tok.slice(0, eq)] = tok.slice(eq + 1);
  }
  return out;
}

function num(kv: Record<string, string>, key: string, where: string): number {
  const v = Number(kv[key]);
  if (kv[key] === undefined || !Number.isFinite(v)) throw new Error(`${where}: no number ${key}`);
  // The programs print -1 for a figure without samples.
  return v === -1 ? NaN : v;
}

export function parseNs3(stdout: string): SideFigures {
  const lines = stdout.split('\n').filter((l) => l.includes('='));
  const head = lines.find((l) => l.startsWith('scene='));
  if (!head) throw new Error(`ns-3 printed no scene= line:\n${stdout}`);
  const kv = parseKv(head);
  const fig = (k: Record<string, string>, name: string): FlowFigures => ({
    name,
    goodputMbps: num(k, 'goodput_mbps', name),
    pingMsMedian: num(k, 'ping_ms_p50', name),
    pingMsMin: num(k, 'ping_ms_min', name),
    tcpRttMsMedian: num(k, 'tcp_rtt_ms_p50', name),
    ampduMedian: k.ampdu_p50 === undefined ? NaN : num(k, 'ampdu_p50', name),
  });
  const stations = lines.filter((l) => l.startsWith('sta='));
  return {
    events: num(kv, 'events', 'ns-3'),
    runWallS: num(kv, 'run_wall_s', 'ns-3'),
    runCpuS: num(kv, 'run_cpu_s', 'ns-3'),
    goodputMbps: num(kv, 'goodput_mbps', 'ns-3'),
    flows: stations.length
      ? stations.map((l) => {
          const s = parseKv(l);
          return fig(s, `sta${s.sta} ${s.mode ?? ''}`.trim());
        })
      : [fig(kv, 'flow')],
    qdiscSojournMsMedian:
      kv.qdisc_sojourn_ms_p50 === undefined ? NaN : num(kv, 'qdisc_sojourn_ms_p50', 'ns-3'),
  };
}
