/** The `kernel` block: the era's behaviours as defaults, each field overriding one; knobs and link.tso. */
import { describe, expect, it } from 'vitest';
import { NS_PER_MS } from '../engine/time';
import { PacingStatus } from '../model/skb';
import { LiveModelSim } from '../live';
import { buildModel } from '../run';
import { wiredGsoMode } from './build-wired';
import { ERAS, ERA_IDS } from './eras';
import { ERA_DEFAULT_KERNEL, kernelFeatures } from './kernel';
import { paramSpecs } from './params';
import { findPreset } from './presets/index';
import { wiredBase } from './presets/wired-base';
import { applyOverrides, validateScenario } from './validate';

describe('kernelFeatures', () => {
  it('is the era’s object when every field is null', () => {
    for (const id of ERA_IDS)
      expect(kernelFeatures({ era: id, kernel: ERA_DEFAULT_KERNEL })).toEqual(ERAS[id].kernel);
  });

  it('takes each field set over the era', () => {
    const k = kernelFeatures({
      era: '6.1',
      kernel: {
        ...ERA_DEFAULT_KERNEL,
        tcp_tso_rtt_log: 0,
        tsq_shortcut: 'single',
        hz: 1000,
        pacing: 'hrtimer',
      },
    });
    expect([k.tcpTsoRttLog, k.tsqShortcut, k.hz, k.pacing]).toEqual([0, 'single', 1000, 'hrtimer']);
    expect(k.tcpAutocorking).toBe(true); // the rest stays the era's
  });

  it('places 6.1 between the min_rtt bonus (5.18) and the single-skb shortcut (6.6)', () => {
    expect(ERAS['5.4'].kernel.tcpTsoRttLog).toBeNull();
    expect([ERAS['6.1'].kernel.tcpTsoRttLog, ERAS['6.1'].kernel.tsqShortcut]).toEqual([9, 'empty']);
    expect([ERAS['6.6'].kernel.tcpTsoRttLog, ERAS['6.6'].kernel.tsqShortcut]).toEqual([9, 'single']);
  });

  it('has no autocork before 3.14 and HZ 250 (Kconfig’s default) everywhere', () => {
    expect(ERAS['3.6'].kernel.tcpAutocorking).toBe(false);
    expect(ERAS['4.1'].kernel.tcpAutocorking).toBe(true);
    expect(ERA_IDS.every((id) => ERAS[id].kernel.hz === 250)).toBe(true);
  });
});

describe('kernel knobs', () => {
  it('mark the era’s value as the kernel default', () => {
    const sc = { ...wiredBase(), era: '5.4' as const };
    const specs = paramSpecs(
      ['kernel.tcp_tso_rtt_log', 'kernel.tsq_shortcut', 'kernel.hz', 'kernel.pacing'],
      sc,
    );
    expect(specs.map((p) => p.kernelDefault)).toEqual([0, 'empty', 250, 'edt']);
    expect(paramSpecs(['kernel.tcp_tso_rtt_log'], wiredBase())[0].kernelDefault).toBe(9);
  });

  it('are set from text like any field, and refused with the field named', () => {
    const sc = applyOverrides(wiredBase(), {
      'kernel.tcp_autocorking': 'false',
      'kernel.hz': '100',
      'kernel.tsq_shortcut': 'none',
    });
    expect([sc.kernel.tcp_autocorking, sc.kernel.hz, sc.kernel.tsq_shortcut]).toEqual([false, 100, 'none']);
    expect(() => applyOverrides(wiredBase(), { 'kernel.hz': '200' })).toThrow(
      'kernel.hz = 200 is not allowed: expected null or one of 100, 250, 300, 1000',
    );
  });

  it('TCP_TX_DELAY needs EDT pacing, also when the kernel block turns it off', () => {
    const sc = { ...wiredBase(), tcp: { ...wiredBase().tcp, tx_delay_us: 1000 } };
    expect(validateScenario(sc)).toEqual([]);
    expect(validateScenario({ ...sc, kernel: { ...sc.kernel, pacing: 'hrtimer' } }).join()).toMatch(
      /tcp\.tx_delay_us = 1000 needs Linux 5\.4 or later with EDT pacing.* with kernel\.pacing = "hrtimer"/,
    );
  });

  it('a live sysctl acts on the running model, and null brings the era’s value back', () => {
    const p = findPreset('fec-tso-rtt-log')!;
    const live = new LiveModelSim(p, p.scenario(), 1);
    live.runUntil(200 * NS_PER_MS);
    const model = live.current;
    expect(live.setParam('kernel.tcp_tso_rtt_log', 0)).toEqual({ ok: true });
    expect(live.current.senders[0].kernel.tcpTsoRttLog).toBe(0); // one object for every layer
    // No rebuild: the same model, moved on to the next whole microsecond, where live changes apply.
    expect(live.current).toBe(model);
    expect(live.current.sim.nowNs).toBe(200 * NS_PER_MS + 1000);
    expect(live.setParam('kernel.tcp_tso_rtt_log', 'null')).toEqual({ ok: true });
    expect(live.current.kernel.tcpTsoRttLog).toBe(9);
    expect(live.getParam('kernel.tcp_tso_rtt_log')).toBe(9);
  });
});

describe('ethtool -K tso / sg', () => {
  it('TSO needs SG; SG without TSO is software GSO; no SG is 1-MSS skbs unless GSO is always on', () => {
    expect(wiredGsoMode(true, true, false)).toBe('tso');
    expect(wiredGsoMode(true, false, false)).toBe('gso');
    expect(wiredGsoMode(false, true, false)).toBe('mss');
    expect(wiredGsoMode(false, true, true)).toBe('gso');
  });
});

describe('SO_MAX_PACING_RATE', () => {
  const run = (era: '4.9' | '6.6') => {
    const sc = applyOverrides(findPreset('bench-wired')!.scenario(), {
      era,
      'tcp.maxPacingRateBps': '20M',
      'router.qdisc.kind': 'pfifo_fast',
    });
    const m = buildModel(sc, 1, false);
    m.sim.runUntil(3000 * NS_PER_MS);
    return { m, s: m.summary() };
  };

  it('makes a CUBIC socket pace itself from 4.13 (SK_PACING_NEEDED), at most at that rate', () => {
    const { m, s } = run('6.6');
    expect(m.senders[0].sk_pacing_status).toBe(PacingStatus.NEEDED);
    expect(m.senders[0].pacingRateBytesPerSec).toBeLessThanOrEqual(20e6 / 8);
    expect(s.goodputBps).toBeLessThan(20e6 * 1.01); // payload paced at 20 Mbit/s, over a 1 s window
    expect(s.goodputBps).toBeGreaterThan(15e6);
  });

  it('before 4.13 only caps sk_pacing_rate: without fq nothing paces', () => {
    const { m, s } = run('4.9');
    expect(m.senders[0].sk_pacing_status).toBe(PacingStatus.NONE);
    expect(s.goodputBps).toBeGreaterThan(50e6);
  });
});
