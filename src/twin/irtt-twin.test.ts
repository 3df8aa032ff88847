/** UDP probes on the real kernel: irtt's arguments as Flent gives them, and its JSON read from the warm-up's end. */
import { describe, expect, it } from 'vitest';
import { wiredBase } from '../sim/scenario/presets/wired-base';
import { irttClientArgs, parseIrtt, probesOf } from './irtt-twin';

describe('UDP probes as irtt clients', () => {
  it('runs Flent’s command line, adding -l only for a size other than irtt’s 60 bytes', () => {
    const sc = wiredBase();
    sc.durationMs = 6000;
    sc.udpProbes = [
      { name: 'UDP BE', intervalMs: 200, packetBytes: 60, startMs: 0, stopMs: null },
      { name: 'UDP EF', intervalMs: 50, packetBytes: 172, startMs: 1000, stopMs: 9000 },
    ];
    const [be, ef] = probesOf(sc);
    expect(irttClientArgs(be, '10.77.1.2')).toEqual([
      '-o',
      '-',
      '--fill=rand',
      '-Q',
      '-d',
      '6s',
      '-i',
      '200ms',
      '10.77.1.2:2112',
    ]);
    // A probe stops with the run at the latest.
    expect(irttClientArgs(ef, '10.77.1.2')).toEqual([
      '-o',
      '-',
      '--fill=rand',
      '-Q',
      '-d',
      '5s',
      '-i',
      '50ms',
      '-l',
      '172',
      '10.77.1.2:2113',
    ]);
  });

  it('counts the round trips sent after the warm-up: RTTs of the answered, the rest lost', () => {
    const t0Ms = 1_796_489_196_000;
    const trip = (sentMs: number, lost: string, rttNs?: number) => ({
      lost,
      timestamps: { client: { send: { wall: (t0Ms + sentMs) * 1e6 } } },
      delay: rttNs === undefined ? {} : { rtt: rttNs, send: 1, receive: 1 },
    });
    const json = JSON.stringify({
      round_trips: [
        trip(800, 'false', 111_394), // in the warm-up: not counted
        trip(1000, 'false', 203_361),
        trip(1200, 'true_down'),
        trip(1400, 'false', 134_830),
        trip(1600, 'true'),
      ],
    });
    const m = parseIrtt(json, 0, t0Ms + 1000);
    expect(m.rttMs).toEqual([0.203361, 0.13483]);
    expect(m.sent).toBe(4);
    expect(m.lost).toBe(2);
    expect(m.error).toBeNull();
    expect(parseIrtt('irtt: no route', 0, 0).error).toMatch(/no JSON/);
  });
});
