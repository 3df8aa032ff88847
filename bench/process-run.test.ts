/** The whole-process timing helpers of the benchmark: GNU time's output and the machine's busy share. */
import { describe, expect, it } from 'vitest';
import { busyBetween, othersShare, parseGnuTime, type ProcessRun } from './process-run';

describe('parseGnuTime', () => {
  it("reads the last line of -f '%e %U %S %M' (the command may have printed before it)", () => {
    expect(parseGnuTime('Command exited with non-zero status 1\n1.50 0.90 0.10 51200\n')).toEqual({
      wallS: 1.5,
      cpuS: 1,
      maxRssMB: 50,
    });
  });
  it('refuses anything else, quoting it', () => {
    expect(() => parseGnuTime('oops')).toThrow('unexpected output of /usr/bin/time: oops');
  });
});

describe('busy shares', () => {
  it('busy jiffies over total jiffies between two readings; NaN without readings', () => {
    expect(busyBetween({ busy: 100, total: 400 }, { busy: 250, total: 600 })).toBe(0.75);
    expect(busyBetween(null, { busy: 1, total: 2 })).toBeNaN();
    expect(busyBetween({ busy: 1, total: 2 }, { busy: 1, total: 2 })).toBeNaN();
  });
  it("others' share: the machine's busy share less the run's own, never below 0", () => {
    const run = { wallS: 2, cpuS: 1, machineBusy: 0.75 } as ProcessRun;
    expect(othersShare(run, 2)).toBe(0.5);
    expect(othersShare({ ...run, machineBusy: 0.1 }, 2)).toBe(0);
  });
});
