/**
 * A small twin on this machine's kernel: 20 Mbit/s htb with its pfifo leaf,
 * one and then four CUBIC flows for 3 s each. It checks what the twin makes
 * (Flent reads its file, the series are there, the namespaces are gone), not
 * how close the kernel and the model come: the machine is shared and noisy,
 * and fidelity is docs/fidelity.md's job. Without root, network namespaces
 * or the tools, it is skipped and says why.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFlent } from '../flent/read';
import { pairSeries } from '../flent/pair';
import { simToFlent } from '../flent/from-sim';
import { wiredBase } from '../sim/scenario/presets/wired-base';
import { defaultShaper } from '../sim/scenario/shaper-config';
import type { Scenario } from '../sim/scenario/scenario';
import { runTwin } from './run-twin';
import { twinBlocker } from './twin-cli';

/** Why the twin cannot run here, or null; installs iperf3, ethtool and ping with the project's script when it can. */
function whyNot(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root: network namespaces need CAP_SYS_ADMIN';
  const probe = `tsqtw-test-${process.pid}`;
  if (spawnSync('ip', ['netns', 'add', probe]).status !== 0)
    return '`ip netns add` is refused on this machine';
  spawnSync('ip', ['netns', 'del', probe]);
  spawnSync('bash', ['scripts/ensure-iperf3.sh'], { stdio: 'inherit' });
  return twinBlocker();
}

const reason = whyNot();
const ourNamespaces = () =>
  spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((l) => l.startsWith(`tsqtw-${process.pid}-`));

function scene(flows: number): Scenario {
  const sc = wiredBase();
  sc.shaper = defaultShaper('htb', 20e6);
  sc.tcp.flows = flows;
  sc.durationMs = 3000;
  sc.warmupMs = 1000;
  sc.pingIntervalMs = 100;
  return sc;
}

const out = mkdtempSync(join(tmpdir(), 'tsq-twin-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(reason !== null)(`the real-kernel twin${reason ? ` (skipped: ${reason})` : ''}`, () => {
  for (const flows of [1, 4])
    it(`${flows} CUBIC flow${flows > 1 ? 's' : ''} behind 20 Mbit/s htb + pfifo`, async () => {
      const sc = scene(flows);
      const r = await runTwin(sc, {
        seed: 1,
        set: {},
        presetId: null,
        outDir: out,
        label: `f${flows}`,
        producer: 'test',
      });
      expect(ourNamespaces()).toEqual([]);
      const twinFile = r.files[0];
      const run = readFlent(new Uint8Array(readFileSync(twinFile)));
      const names = run.series.map((s) => s.name);
      const tcp = flows === 1 ? ['TCP upload'] : [1, 2, 3, 4].map((i) => `TCP upload::${i}`);
      for (const n of [
        ...tcp,
        'Ping (ms) ICMP',
        'Qdisc backlog (skbs) sender: htb/pfifo',
        'Qdisc backlog (bytes) sender: htb/pfifo',
      ])
        expect(names).toContain(n);
      for (const n of tcp)
        for (const k of ['tcp_cwnd', 'tcp_rtt', 'tcp_pacing_rate', 'tcp_skmem_t'])
          expect(names).toContain(`${n}::${k}`);
      if (flows > 1) expect(names).toContain('TCP upload sum');
      expect(run.name).toBe(flows === 1 ? 'tcp_1up' : 'tcp_nup');
      // Every flow moved data and the qdisc was sampled through the run.
      for (const n of tcp) expect(run.series.find((s) => s.name === n)!.raw.length).toBeGreaterThan(3);
      expect(
        run.series.find((s) => s.name === 'Qdisc backlog (skbs) sender: htb/pfifo')!.raw.length,
      ).toBeGreaterThan(5);
      // --compare pairs the twin's series with the simulated ones, as for any measurement.
      const sim = simToFlent({
        scenario: r.simScenario,
        seed: 1,
        presetId: null,
        summary: r.sim.summary,
        steps: r.sim.steps,
        timeMs: 0,
        producer: 'test',
      });
      const pairs = pairSeries(run.series, sim.medians);
      for (const n of tcp) expect(pairs.find((p) => p.measured.name === n)?.simulated).toBeTruthy();
      // Flent itself reads the file.
      const flent = spawnSync('flent', ['-i', twinFile, '-f', 'summary'], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(flent.status, flent.stderr).toBe(0);
      for (const n of [...tcp, 'Ping (ms) ICMP']) expect(flent.stdout).toContain(n);
      expect(r.rows.find((x) => x.metric === 'goodput total')!.twin).toBeGreaterThan(0);
    });
});
