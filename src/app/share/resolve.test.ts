import { describe, expect, it } from 'vitest';
import { listPresets } from '../../sim/index';
import { loadInProcess } from './in-process-load.fixture';
import { messagesFor, resolveShared } from './resolve';

const load = loadInProcess;

const presets = listPresets();

describe('resolving a shared state against the core', () => {
  it('types the knob changes of a link as their knobs take them, and drops the ones the core refuses', async () => {
    const r = await resolveShared(load, presets, {
      presetId: 'brcmfmac-fc-mode',
      set: {},
      seed: 1,
      changes: [
        { atUs: 1_000_000, key: 'wifi.brcmfmac.fcMode', value: '2' },
        { atUs: 2_000_000, key: 'tcp.sk_pacing_shift', value: '99' },
        { atUs: 2_500_000, key: 'tcp.cc', value: 'bbr' },
        { atUs: 3_000_000, key: 'tcp.sk_pacing_shift', value: 'null' },
      ],
    });
    expect(r.changes).toEqual([
      { atUs: 1_000_000, key: 'wifi.brcmfmac.fcMode', value: 2 },
      { atUs: 3_000_000, key: 'tcp.sk_pacing_shift', value: null },
    ]);
    expect(r.notices.map((n) => [n.field, n.value])).toEqual([
      ['at', '2s:tcp.sk_pacing_shift=99'],
      ['at', '2.5s:tcp.cc=bbr'],
    ]);
    expect(r.notices[0].reason).toContain('expected an integer from 0 to 20');
    expect(r.notices[1].reason).toContain('cannot change during a run');
  });

  it('keeps valid overrides, typed as the core reads them', async () => {
    const r = await resolveShared(load, presets, {
      presetId: 'ath9k-pacing-shift',
      set: { 'tcp.sk_pacing_shift': '8', 'tcp.tcp_limit_output_bytes': '256K', 'tcp.cc': 'bbr' },
      seed: 1,
    });
    expect(r.notices).toEqual([]);
    expect(r.overrides).toEqual({
      'tcp.sk_pacing_shift': 8,
      'tcp.tcp_limit_output_bytes': 262144,
      'tcp.cc': 'bbr',
    });
    expect(r.presetValues['tcp.sk_pacing_shift']).toBe(10);
  });

  it('drops what the core rejects and what the preset does not have, naming each', async () => {
    const r = await resolveShared(load, presets, {
      presetId: 'ath9k-pacing-shift',
      set: {
        'tcp.sk_pacing_shift': '99',
        'tcp.cc': 'vegas',
        'link.xen.deallocMeanExtraUs': '3',
        'tcp.tcp_limit_output_bytes': '1M',
      },
      seed: 1,
    });
    expect(r.overrides).toEqual({ 'tcp.tcp_limit_output_bytes': 1 << 20 });
    const byField = Object.fromEntries(r.notices.map((n) => [n.field, n.reason]));
    expect(byField['tcp.sk_pacing_shift']).toMatch(
      /tcp.sk_pacing_shift = 99 is not allowed: expected an integer from 0 to 20/,
    );
    expect(byField['tcp.cc']).toMatch(/expected one of reno, cubic, bbr/);
    expect(byField['link.xen.deallocMeanExtraUs']).toBe(
      'link.xen.deallocMeanExtraUs is not a field of this scenario',
    );
  });

  it('accepts scenario fields that are no knob, as reference-table cells set them', async () => {
    const r = await resolveShared(load, presets, {
      presetId: 'xen-tsq-limit',
      set: { 'link.xen': 'null', 'tcp.tcp_limit_output_bytes': '256K' },
      seed: 1,
    });
    expect(r.notices).toEqual([]);
    expect(r.overrides).toEqual({ 'link.xen': 'null', 'tcp.tcp_limit_output_bytes': 262144 });
  });

  it('opens the first preset when the link names an unknown one', async () => {
    const r = await resolveShared(load, presets, { presetId: 'nope', set: {}, seed: 1 });
    expect(r.presetId).toBe(presets[0].id);
    expect(r.notices[0]).toMatchObject({ field: 'preset', value: 'nope' });
  });

  it('finds the messages of one field in a joined error', () => {
    const e = 'a.b = 1 is not allowed: x; a.bc = 2 is not allowed: y; a.b.c is not a field of this scenario';
    expect(messagesFor(e, 'a.b')).toEqual([
      'a.b = 1 is not allowed: x',
      'a.b.c is not a field of this scenario',
    ]);
    expect(messagesFor(e, 'a.b.c')).toEqual(['a.b.c is not a field of this scenario']);
  });
});
