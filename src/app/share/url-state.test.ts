import { formatAtUs, sortChanges } from './change-codec';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coerce } from '../../sim/scenario/paths';
import {
  decodeShareState,
  encodeShareState,
  formatDuration,
  formatParamValue,
  noticeText,
  PANELS,
  parseDurationNs,
  SPEED_IDS,
  type ShareState,
} from './url-state';
import { navNotices } from '../state/nav-store';

describe('share links', () => {
  it('reads a hand-written link', () => {
    const { state, notices } = decodeShareState(
      '?v=1&preset=ath9k-pacing-shift&seed=7&speed=4&panels=occupancy,latency&zoom=500ms&tcp.sk_pacing_shift=8&era=4.9',
    );
    expect(notices).toEqual([]);
    expect(state).toEqual({
      presetId: 'ath9k-pacing-shift',
      seed: 7,
      speedId: '4',
      panels: ['occupancy', 'latency'],
      zoomNs: 500e6,
      set: { 'tcp.sk_pacing_shift': '8', era: '4.9' },
    });
  });

  it('writes a compact, readable query in a fixed order', () => {
    const s: ShareState = {
      presetId: 'xen-tsq-limit',
      seed: 1,
      speedId: '1',
      panels: ['occupancy', 'latency'],
      zoomNs: 2e9,
      set: { 'tcp.tcp_limit_output_bytes': '128K', 'tcp.cc': 'bbr' },
    };
    expect(encodeShareState(s)).toBe(
      'v=1&preset=xen-tsq-limit&seed=1&speed=1&panels=occupancy,latency&zoom=2s&tcp.tcp_limit_output_bytes=128K&tcp.cc=bbr',
    );
  });

  it('drops invalid and unknown values and names each one', () => {
    const { state, notices } = decodeShareState(
      'v=9&seed=-3&speed=fast&panels=occupancy,bogus&zoom=forever&theme=pink&a..b=1&__proto__.x=1&x.y=&tcp.cc=bbr&tcp.cc=reno',
    );
    const fields = notices.map((n) => n.field);
    expect(fields).toEqual([
      'v',
      'seed',
      'speed',
      'panels',
      'zoom',
      'theme',
      'a..b',
      '__proto__.x',
      'x.y',
      'tcp.cc',
    ]);
    expect(state.panels).toEqual(['occupancy']);
    expect(state.set).toEqual({ 'tcp.cc': 'bbr' });
    expect(Object.getPrototypeOf(state.set)).toBe(Object.prototype);
    for (const n of notices) expect(noticeText(n)).toContain(n.field);
  });

  it('quotes control characters from the link as escapes, so each notice is one visible line', () => {
    const { notices } = decodeShareState('x%0Dy=1&preset=a%1Bb&panels=occ%0Aupancy');
    const texts = notices.map(noticeText);
    expect(texts).toEqual([
      'x\\ry = 1 is not a parameter name',
      'preset = a\\u001bb is not a preset name',
      expect.stringMatching(/^panels = occ\\nupancy: unknown panel occ\\nupancy;/),
    ]);
    for (const t of texts) expect([...t].every((c) => c >= ' ')).toBe(true);
    expect(decodeShareState('seed=').notices.map(noticeText)).toEqual([
      'seed = "": expected an integer from 0 to 4294967295',
    ]);
    expect(navNotices('?view=a%0Db', ['x']).map(noticeText)).toEqual([
      'view = a\\rb is not a page; the pages are explorer, learn, experiments, sweep, ab, compare',
    ]);
  });

  it('ignores the keys other pages own', () => {
    expect(decodeShareState('view=experiments&exp=xen-tsq-limit').notices).toEqual([]);
  });

  it('writes knob changes during the run as version 2 `at` entries, and reads version 1 links as before', () => {
    const q = encodeShareState({
      presetId: 'ath9k-pacing-shift',
      seed: 1,
      set: { 'tcp.tcp_limit_output_bytes': '128K' },
      changes: [
        { atUs: 7_400_000, key: 'tcp.sk_pacing_shift', value: '8' },
        { atUs: 9_000_001, key: 'tcp.sk_pacing_shift', value: 'null' },
      ],
    });
    expect(q).toBe(
      'v=2&preset=ath9k-pacing-shift&seed=1&tcp.tcp_limit_output_bytes=128K&at=7.4s:tcp.sk_pacing_shift=8&at=9.000001s:tcp.sk_pacing_shift=null',
    );
    const back = decodeShareState(q);
    expect(back.notices).toEqual([]);
    expect(back.state.changes).toEqual([
      { atUs: 7_400_000, key: 'tcp.sk_pacing_shift', value: '8' },
      { atUs: 9_000_001, key: 'tcp.sk_pacing_shift', value: 'null' },
    ]);
    // Nothing of version 2 in it: still written as version 1, which an older app reads.
    expect(encodeShareState({ presetId: 'p', set: {} })).toBe('v=1&preset=p');
    expect(decodeShareState('?v=1&preset=p&tcp.sk_pacing_shift=8')).toEqual({
      state: { presetId: 'p', set: { 'tcp.sk_pacing_shift': '8' } },
      notices: [],
    });
  });

  it('reads change times in s, ms and us to the microsecond, sorts them, and names an entry it cannot read', () => {
    const { state, notices } = decodeShareState(
      '?v=2&at=250ms:tcp.sk_pacing_shift=9&at=1500us:tcp.sk_pacing_shift=7&at=soon:x=1&at=9999s:tcp.cc=bbr',
    );
    expect(state.changes).toEqual([
      { atUs: 1500, key: 'tcp.sk_pacing_shift', value: '7' },
      { atUs: 250_000, key: 'tcp.sk_pacing_shift', value: '9' },
    ]);
    expect(notices.map((n) => `${n.field} ${n.value}`)).toEqual(['at soon:x=1', 'at 9999s:tcp.cc=bbr']);
    expect(notices[0].reason).toContain('7.4s:tcp.sk_pacing_shift=8');
    expect(notices[1].reason).toContain('3600s');
    expect(formatAtUs(0)).toBe('0s');
    expect(formatAtUs(123)).toBe('0.000123s');
  });

  it('keeps an A/B comparison’s two sides as a.<path> and b.<path>', () => {
    const q = encodeShareState({
      presetId: 'p',
      set: { 'tcp.cc': 'bbr' },
      ab: { a: { 'tcp.sk_pacing_shift': '10' }, b: { 'tcp.sk_pacing_shift': '8', 'qdisc.kind': 'fq' } },
    });
    expect(q).toBe(
      'v=2&preset=p&tcp.cc=bbr&a.tcp.sk_pacing_shift=10&b.tcp.sk_pacing_shift=8&b.qdisc.kind=fq',
    );
    expect(decodeShareState(q).state.ab).toEqual({
      a: { 'tcp.sk_pacing_shift': '10' },
      b: { 'tcp.sk_pacing_shift': '8', 'qdisc.kind': 'fq' },
    });
  });

  it('round-trips any state', () => {
    // `a.` and `b.` open an A/B side's entries.
    const key = fc
      .stringMatching(/^[a-z][a-z0-9_]{0,8}(\.[a-z][a-z0-9_]{0,8}){1,2}$/)
      .filter((k) => !/^[ab]\./.test(k));
    const value = fc.stringMatching(/^[\w.:+-][\w .:+,-]{0,20}$/).filter((v) => v.trim() === v);
    const change = fc.record({ atUs: fc.integer({ min: 0, max: 3_600e6 }), key, value });
    const state = fc.record(
      {
        presetId: fc.stringMatching(/^[a-z0-9-]{1,20}$/),
        seed: fc.integer({ min: 0, max: 0xffffffff }),
        speedId: fc.constantFrom(...SPEED_IDS),
        panels: fc.subarray([...PANELS]),
        zoomNs: fc.integer({ min: 10_000, max: 3_600e9 }).map((n) => parseDurationNs(formatDuration(n))!),
        set: fc.dictionary(key, value, { maxKeys: 8 }),
        controls: fc.array(key, { maxLength: 3 }),
        theme: fc.constantFrom('light' as const, 'dark' as const),
        changes: fc.array(change, { minLength: 1, maxLength: 5 }).map(sortChanges),
        ab: fc.record({
          a: fc.dictionary(key, value, { maxKeys: 3 }),
          b: fc.dictionary(key, value, { maxKeys: 3 }),
        }),
      },
      { requiredKeys: ['set'] },
    );
    fc.assert(
      fc.property(state, (s) => {
        const { state: back, notices } = decodeShareState(encodeShareState(s));
        expect(notices).toEqual([]);
        const emptyAb = s.ab && !Object.keys({ ...s.ab.a, ...s.ab.b }).length;
        const norm = {
          ...s,
          controls: s.controls?.length ? s.controls : undefined,
          ab: emptyAb ? undefined : s.ab,
        };
        const got = { ...back, controls: back.controls?.length ? back.controls : undefined };
        expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse(JSON.stringify(norm)));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary input and explains every dropped entry', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (q) => {
        const { notices } = decodeShareState(q);
        for (const n of notices) expect(noticeText(n).length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes parameter values the core reads back exactly', () => {
    const paths = [
      'tcp.tcp_limit_output_bytes',
      'link.rateBps',
      'tcp.sk_pacing_shift',
      'wifi.txStatusDelayUs',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...paths),
        fc.oneof(
          fc.integer({ min: -1e9, max: 1e12 }),
          fc.integer({ min: 1, max: 4096 }).map((k) => k * 1024),
          fc.integer({ min: 1, max: 1000 }).map((k) => k * 1e6),
          fc.double({ min: 0, max: 1e6, noNaN: true }),
        ),
        (path, v) => {
          expect(coerce(0, formatParamValue(path, v), path)).toBe(v);
        },
      ),
      { numRuns: 1000 },
    );
    expect(formatParamValue('tcp.tcp_limit_output_bytes', 131072)).toBe('128K');
    expect(formatParamValue('link.rateBps', 100e6)).toBe('100M');
    expect(formatParamValue('tcp.cc', 'bbr')).toBe('bbr');
    expect(formatParamValue('tcp.tcp_limit_output_bytes', null)).toBe('null');
  });

  it('reads and writes time spans', () => {
    expect(parseDurationNs('250us')).toBe(250e3);
    expect(parseDurationNs('250µs')).toBe(250e3);
    expect(parseDurationNs('1.5s')).toBe(1.5e9);
    expect(parseDurationNs('3 minutes')).toBeNull();
    expect(formatDuration(500e6)).toBe('500ms');
  });
});
