/**
 * A UDP probe in the CLI's output: its rows in the table and CSV carry the
 * summary's values, and a summary with probes is one the shard schema
 * (summary-schema.ts) accepts, as `merge` reads it back.
 */
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../sim/run';
import { findPreset } from '../sim/scenario/presets/index';
import { flentUdpProbe } from '../sim/scenario/udp-probes';
import { formatSummary } from './format';
import { SUMMARY_SCHEMA } from './summary-schema';

const sc = findPreset('udp-flood-pfifo-vs-fq-codel')!.scenario();
sc.durationMs = 2000;
sc.warmupMs = 500;
sc.udpProbes = [flentUdpProbe('UDP BE'), flentUdpProbe('UDP EF')];
const { summary } = runScenario(sc, 1);

describe('UDP probes in the CLI output', () => {
  it('CSV: each probe’s RTT quantiles, one-way delays, requests counted and loss', () => {
    const rows = new Map(
      formatSummary(sc, summary, 'csv')
        .trim()
        .split('\n')
        .map((l) => l.split(',') as [string, string]),
    );
    summary.udpProbes!.forEach((p, i) => {
      expect(Number(rows.get(`udpprobe${i}_rtt_mean_ms`))).toBe(p.rttMs.mean);
      expect(Number(rows.get(`udpprobe${i}_rtt_p10_ms`))).toBe(p.rttMs.p10);
      expect(Number(rows.get(`udpprobe${i}_rtt_median_ms`))).toBe(p.rttMs.median);
      expect(Number(rows.get(`udpprobe${i}_rtt_p90_ms`))).toBe(p.rttMs.p90);
      expect(Number(rows.get(`udpprobe${i}_send_delay_median_ms`))).toBe(p.sendDelayMs.median);
      expect(Number(rows.get(`udpprobe${i}_receive_delay_median_ms`))).toBe(p.receiveDelayMs.median);
      expect(Number(rows.get(`udpprobe${i}_ipdv_mean_ms`))).toBe(p.ipdvMs.mean);
      expect(Number(rows.get(`udpprobe${i}_sent`))).toBe(p.sent);
      expect(Number(rows.get(`udpprobe${i}_loss_fraction`))).toBe(p.lossFraction);
    });
    expect(summary.udpProbes!.map((p) => p.flentSeries)).toEqual(['Ping (ms) UDP BE', 'Ping (ms) UDP EF']);
  });

  it('table: the median in ms to three decimals', () => {
    const line = formatSummary(sc, summary, 'table')
      .split('\n')
      .find((l) => l.startsWith('udpprobe0_rtt_median_ms'))!;
    expect(line).toMatch(new RegExp(`${summary.udpProbes![0].rttMs.median.toFixed(3)}\\s+ms$`));
  });

  it('JSON: the shard schema takes a summary with probes', () => {
    const validate = new Ajv({ allowUnionTypes: true, strict: true }).compile(SUMMARY_SCHEMA);
    const data = JSON.parse(JSON.stringify(summary)) as unknown;
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });
});
