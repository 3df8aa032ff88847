/** The worker side of the watchdog: ping, and the injected core fault that a real core bug would look like. */
import { describe, expect, it } from 'vitest';
import { createSim, listPresets } from '../sim/index';
import { FaultInjector } from './watchdog';
import { SimHost } from './host';
import { FakeClock, fakeCore } from './fake-sim.fixture';
import type { RunStatus } from './protocol';

describe('FaultInjector', () => {
  it('passes the core through until a fault is armed, then the sim throws on its next slice', () => {
    const f = new FaultInjector();
    const core = f.wrap({ listPresets, createSim });
    expect(core.listPresets().length).toBe(listPresets().length);
    const r = core.createSim('bench-wired', { 'tcp.sk_pacing_shift': 8 }, 3);
    if (!r.ok) throw new Error(r.error);
    const direct = createSim('bench-wired', { 'tcp.sk_pacing_shift': 8 }, 3);
    if (!direct.ok) throw new Error(direct.error);
    r.sim.runUntil(20e6);
    direct.sim.runUntil(20e6);
    expect(r.sim.summary()).toEqual(direct.sim.summary());
    expect(r.sim.getParam('tcp.sk_pacing_shift')).toBe(8);
    expect(r.sim.params.map((p) => p.key)).toEqual(direct.sim.params.map((p) => p.key));
    expect(r.sim.series.length).toBe(direct.sim.series.length);
    expect(r.sim.takeFrame().tNs.length).toBe(direct.sim.takeFrame().tNs.length);
    const api = f.api();
    expect(typeof api.ping()).toBe('number');
    api.injectFault('throw');
    expect(() => r.sim.runUntil(30e6)).toThrow(/injected fault/);
  });

  it('passes a failed createSim through unchanged', () => {
    const core = new FaultInjector().wrap({ listPresets, createSim });
    expect(core.createSim('nope', {}, 1)).toEqual({ ok: false, error: 'unknown preset "nope"' });
  });
});

describe('SimHost speed measurement (what the slow-speed notice reads)', () => {
  it('starts at play: time spent paused before does not make the first second look slow', () => {
    const clock = new FakeClock();
    const host = new SimHost(clock, fakeCore(clock, 0.001));
    const statuses: RunStatus[] = [];
    host.onFrame((_f, s) => void statuses.push(s));
    expect(host.load({ presetId: 'fake', overrides: {}, seed: 1 }).ok).toBe(true);
    host.setSpeed(1e9);
    clock.runFor(5000); // paused for 5 s after loading
    host.play();
    clock.runFor(1500);
    const measured = statuses.filter((s) => s.achievedSpeed > 0);
    expect(measured.length).toBeGreaterThan(0);
    expect(measured[0].achievedSpeed).toBeGreaterThan(0.9e9);
  });
});
