/**
 * Links written by a newer release, read by this one: an element of an older
 * minor version (or the embed page of an older site) keeps working with them.
 * What it does not know — a newer link version, a panel, a speed, a parameter
 * or a key added later — is named in a notice and ignored; the rest is used.
 */
import { describe, expect, it } from 'vitest';
import { listPresets } from '../../sim/index';
import { loadInProcess } from './in-process-load.fixture';
import { resolveShared } from './resolve';
import { decodeShareState, noticeText, SHARE_VERSION } from './url-state';

const load = loadInProcess;

async function read(query: string) {
  const { state, notices } = decodeShareState(query);
  const r = await resolveShared(load, listPresets(), {
    presetId: state.presetId,
    set: state.set,
    seed: state.seed ?? 1,
  });
  return { state, resolved: r, notices: [...notices, ...r.notices].map(noticeText) };
}

describe('a link from a newer release', () => {
  it('of a newer minor (same link version, new fields) plays with what this version knows', async () => {
    const { state, resolved, notices } = await read(
      `v=${SHARE_VERSION}&preset=xen-tsq-limit&seed=2&speed=8&panels=occupancy,heatmap&tcp.tcp_limit_output_bytes=256K&tcp.future_knob=3&layout=grid`,
    );
    expect(resolved.presetId).toBe('xen-tsq-limit');
    expect(state.seed).toBe(2);
    expect(state.panels).toEqual(['occupancy']);
    expect(resolved.overrides).toEqual({ 'tcp.tcp_limit_output_bytes': 262144 });
    expect(notices).toHaveLength(4);
    expect(notices[0]).toMatch(/^speed = 8: expected one of/);
    expect(notices[1]).toMatch(/^panels = .*unknown panel heatmap/);
    expect(notices.slice(2).join('\n')).toMatch(/tcp\.future_knob/);
    expect(notices.slice(2).join('\n')).toMatch(/layout/);
  });

  it('of a newer link version is read as this one, with a notice that says so', async () => {
    const { resolved, notices } = await read(
      `v=${SHARE_VERSION + 1}&preset=ath9k-pacing-shift&tcp.sk_pacing_shift=8`,
    );
    expect(resolved.presetId).toBe('ath9k-pacing-shift');
    expect(resolved.overrides).toEqual({ 'tcp.sk_pacing_shift': 8 });
    expect(notices).toEqual([
      `v = ${SHARE_VERSION + 1} is a newer link version than this TSQ Lab reads (${SHARE_VERSION}); read as version ${SHARE_VERSION}, anything it does not know is named and ignored`,
    ]);
  });

  it('of a version that is no number is still read, with the older notice', () => {
    expect(decodeShareState('v=x&preset=xen-tsq-limit').notices.map(noticeText)).toEqual([
      `v = x: unknown link version; read as version ${SHARE_VERSION}`,
    ]);
  });
});
