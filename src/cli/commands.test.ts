import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../sim/scenario/presets/index';
import { parseArgs } from './args';
import { runCli } from './commands';

async function cli(...argv: string[]): Promise<string> {
  let out = '';
  expect(
    await runCli(
      parseArgs(argv),
      () => '',
      (s) => (out += s),
    ),
  ).toBe(0);
  return out;
}

describe('--duration', () => {
  it('shorter than the warm-up: the warm-up shrinks with the run, so every cell is measured', async () => {
    expect(findPreset('ath9k-intermediate-queues')!.scenario().warmupMs).toBeGreaterThan(400);
    const out = await cli('ath9k-intermediate-queues', '--duration', '400ms', '--format', 'json');
    const { cells } = JSON.parse(out) as { cells: { simulated: number | null }[] };
    expect(cells).toHaveLength(12);
    expect(cells.every((c) => typeof c.simulated === 'number' && Number.isFinite(c.simulated))).toBe(true);
  });

  it('in a sweep of the run length itself, each run is as long as its value', async () => {
    const out = await cli(
      'bench-wired',
      '--sweep',
      'durationMs=100,200',
      '--set',
      'warmupMs=50',
      '--format',
      'json',
    );
    const rows = (JSON.parse(out) as { rows: { summary: { simulatedNs: number } }[] }).rows;
    expect(rows.map((r) => r.summary.simulatedNs)).toEqual([100e6, 200e6]);
  });
});

describe('an AP with several stations', () => {
  it('a sweep and a single run name each station’s goodput, ping and airtime share', async () => {
    const sweep = await cli(
      'bench-wifi',
      '--sweep',
      'qdisc.kind=pfifo_fast,fq_codel',
      '--duration',
      '1s',
      '--format',
      'csv',
    );
    const [head, ...lines] = sweep.trim().split('\n');
    expect(head.split(',').slice(-9)).toEqual([
      'MCS7_a_goodput_mbps',
      'MCS7_a_median_ping_ms',
      'MCS7_a_airtime',
      'MCS7_b_goodput_mbps',
      'MCS7_b_median_ping_ms',
      'MCS7_b_airtime',
      'MCS0_goodput_mbps',
      'MCS0_median_ping_ms',
      'MCS0_airtime',
    ]);
    for (const l of lines) {
      const airtime = [-7, -4, -1].map((i) => Number(l.split(',').at(i)));
      expect(airtime.every((a) => a > 0 && a < 1)).toBe(true);
    }
    const one = await cli('bench-wifi', '--duration', '1s');
    expect(one).toMatch(/^MCS0_airtime +0\.\d{3}\s*$/m);
    // A single sender has no station columns.
    expect(
      (await cli('bench-wired', '--sweep', 'tcp.cc=cubic', '--duration', '200ms')).split('\n')[0],
    ).not.toMatch(/goodput_mbps.*goodput_mbps/);
  });
});

describe('--trace', () => {
  it('writes the run of a preset as a trace-event file', async () => {
    const files: Record<string, string> = {};
    let said = '';
    const code = await runCli(
      parseArgs(['first-tsq', '--trace', 'x.json', '--trace-every', '8', '--trace-window', '300ms..310ms']),
      () => '',
      (s) => (said += s),
      null,
      null,
      (p, t) => (files[p] = t),
    );
    expect(code).toBe(0);
    const f = JSON.parse(files['x.json']) as { traceEvents: { ph: string; cat?: string }[] };
    expect(f.traceEvents.some((e) => e.ph === 'X')).toBe(true);
    expect(f.traceEvents.some((e) => e.cat === 'engine')).toBe(true);
    expect(said).toMatch(/^wrote x\.json: \d+ trace events over 310 ms/);
  });

  it('names what it cannot trace', async () => {
    await expect(
      runCli(
        parseArgs(['first-tsq', '--trace', 'x.json', '--sweep', 'tcp.cc=reno']),
        () => '',
        () => {},
      ),
    ).rejects.toThrow(/--trace records one run/);
    expect(() => parseArgs(['first-tsq', '--trace-window', '1s..2s'])).toThrow(/need --trace FILE/);
    expect(() => parseArgs(['first-tsq', '--trace', 'x', '--trace-window', '2s..1s'])).toThrow(
      /after the start/,
    );
  });
});

describe('--flent and --compare', () => {
  const files = new Map<string, Uint8Array>();
  const io = {
    readBytes: (p: string) => files.get(p) ?? new Uint8Array(readFileSync(p)),
    writeBytes: (p: string, b: Uint8Array) => void files.set(p, b),
    nowMs: () => Date.UTC(2026, 0, 1),
    producer: 'test',
  };
  const run = async (...argv: string[]) => {
    let out = '';
    const code = await runCli(
      parseArgs(argv),
      () => '',
      (s) => (out += s),
      null,
      io,
    );
    return { code, out };
  };

  it('writes the run as a Flent file and lists its series with TSQ Lab’s medians', async () => {
    const { out } = await run('bench-wired', '--duration', '1500ms', '--flent', 'x.flent.gz');
    expect(out).toMatch(/^wrote x\.flent\.gz \(Flent test tcp_1up\)/);
    expect(out).toMatch(/^Ping \(ms\) ICMP +\d+\.\d\d +ms +Summary\.medianLatencyMs$/m);
    expect(files.get('x.flent.gz')![0]).toBe(0x1f);
  });

  it('compares a measured file with the simulated run, and proposes a scenario without a preset', async () => {
    const measured = 'test/fixtures/flent/test-tcp_1up_noping-cpu_stats.flent.gz';
    const { out } = await run('--compare', measured, '--duration', '1s');
    expect(out).toContain('proposed from the file: bench-wired');
    expect(out).toContain('--set era=5.4');
    expect(out).toMatch(/^TCP upload +941\.37 +\d+\.\d\d +TCP upload +Mbits\/s$/m);
  });

  it('names a bad file and what is wrong with it', async () => {
    files.set('bad.flent.gz', new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2]));
    await expect(run('bench-wired', '--compare', 'bad.flent.gz')).rejects.toThrow(
      /--compare "?bad\.flent\.gz"?: the gzip stream ends early|not a readable gzip/,
    );
    await expect(run('bench-wired', '--compare', 'missing.flent.gz')).rejects.toThrow('cannot read');
  });
});

describe('what ss -tinm and tc -s qdisc show', () => {
  it('the table and CSV give each flow’s srtt, min_rtt, cwnd, rates and skmem t, and each qdisc’s backlog, as p10/median/p90', async () => {
    const csv = await cli('bench-wired', '--set', 'tcp.flows=2', '--duration', '600ms', '--format', 'csv');
    const fields = new Map(
      csv
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => [l.split(',')[0], Number(l.split(',')[1])] as const),
    );
    for (const f of [0, 1])
      for (const k of [
        'goodput_mbps',
        'min_rtt_ms',
        'srtt_ms_median',
        'cwnd_pkts_p90',
        'pacing_rate_mbps_p10',
        'delivery_rate_mbps_median',
        'skmem_t_bytes_median',
      ])
        expect(fields.has(`flow${f}_${k}`)).toBe(true);
    expect((fields.get('flow0_goodput_mbps') ?? 0) + (fields.get('flow1_goodput_mbps') ?? 0)).toBeCloseTo(
      fields.get('goodput_mbps') ?? NaN,
      6,
    );
    for (const q of ['sender_pfifo_fast', 'router_fq_codel'])
      for (const p of ['p10', 'median', 'p90']) {
        expect(fields.has(`qdisc_${q}_backlog_pkts_${p}`)).toBe(true);
        expect(fields.has(`qdisc_${q}_backlog_bytes_${p}`)).toBe(true);
      }
    const json = JSON.parse(await cli('bench-wired', '--duration', '300ms', '--format', 'json')) as {
      summary: { flows: unknown[]; qdiscs: unknown[] };
    };
    expect([json.summary.flows.length, json.summary.qdiscs.length]).toEqual([1, 2]);
  });
});
