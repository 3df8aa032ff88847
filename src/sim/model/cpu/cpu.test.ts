/** The sender CPU: non-preemptive jobs, FIFO within a priority, softirq first, busy time. */
import { describe, expect, it } from 'vitest';
import { Sim, type EventTarget } from '../../engine/sim';
import type { Ns } from '../../engine/time';
import { Cpu, CpuPrio } from './cpu';

class Log implements EventTarget {
  readonly done: [number, unknown, Ns][] = [];
  onDone?: (kind: number, nowNs: Ns) => void;
  handleEvent(kind: number, arg: unknown, nowNs: Ns): void {
    this.done.push([kind, arg, nowNs]);
    this.onDone?.(kind, nowNs);
  }
}

function setup(): { sim: Sim; cpu: Cpu; log: Log } {
  const sim = new Sim(1);
  return { sim, cpu: new Cpu(sim), log: new Log() };
}

describe('Cpu', () => {
  it('runs jobs back to back in FIFO order', () => {
    const { sim, cpu, log } = setup();
    cpu.submit(100, log, 1, 'a');
    cpu.submit(200, log, 2, 'b');
    cpu.submit(50, log, 3, 'c');
    expect(cpu.queuedJobs).toBe(3);
    sim.runUntil(1000);
    expect(log.done).toEqual([
      [1, 'a', 100],
      [2, 'b', 300],
      [3, 'c', 350],
    ]);
    expect(cpu.busyNs).toBe(350);
    expect(cpu.queuedJobs).toBe(0);
  });

  it('runs softirq jobs before process jobs, without preempting the running one', () => {
    const { sim, cpu, log } = setup();
    cpu.submit(100, log, 1, null, CpuPrio.PROCESS);
    cpu.submit(100, log, 2, null, CpuPrio.PROCESS);
    cpu.submit(50, log, 3, null, CpuPrio.SOFTIRQ);
    cpu.submit(10, log, 4, null, CpuPrio.SOFTIRQ);
    sim.runUntil(1000);
    expect(log.done.map(([k, , t]) => [k, t])).toEqual([
      [1, 100],
      [3, 150],
      [4, 160],
      [2, 260],
    ]);
  });

  it('a job submitted from a completion runs next by priority', () => {
    const { sim, cpu, log } = setup();
    log.onDone = (kind) => {
      if (kind === 1) cpu.submit(30, log, 9, null, CpuPrio.SOFTIRQ);
    };
    cpu.submit(100, log, 1, null, CpuPrio.PROCESS);
    cpu.submit(100, log, 2, null, CpuPrio.PROCESS);
    sim.runUntil(1000);
    expect(log.done.map(([k, , t]) => [k, t])).toEqual([
      [1, 100],
      [9, 130],
      [2, 230],
    ]);
    expect(cpu.busyNs).toBe(230);
  });

  it('counts busy time only while a job runs, including the running part', () => {
    const { sim, cpu, log } = setup();
    cpu.submit(100, log, 1);
    sim.runUntil(1000);
    sim.at(1000, { handleEvent: () => cpu.submit(50, log, 2) }, 0);
    sim.runUntil(1020);
    expect(cpu.busyTimeNs()).toBe(120);
    sim.runUntil(5000);
    expect(cpu.busyNs).toBe(150);
    expect(cpu.busyTimeNs()).toBe(150);
    expect(log.done.map(([, , t]) => t)).toEqual([100, 1050]);
  });

  it('zero-cost jobs complete at once, in order', () => {
    const { sim, cpu, log } = setup();
    for (let i = 0; i < 5; i++) cpu.submit(0, log, i);
    sim.runUntil(0);
    expect(log.done.map(([k, , t]) => [k, t])).toEqual([0, 1, 2, 3, 4].map((k) => [k, 0]));
    expect(cpu.busyNs).toBe(0);
  });

  it('keeps FIFO order across ring growth (more than 256 queued jobs)', () => {
    const { sim, cpu, log } = setup();
    for (let i = 0; i < 300; i++) cpu.submit(10, log, 1, i, CpuPrio.PROCESS);
    // run a few so the ring head is not at 0, then add more while it is full
    sim.runUntil(55);
    for (let i = 300; i < 700; i++) cpu.submit(10, log, 1, i, CpuPrio.PROCESS);
    sim.runUntil(1e6);
    expect(log.done.map(([, a]) => a)).toEqual(Array.from({ length: 700 }, (_, i) => i));
    expect(log.done[699][2]).toBe(7000);
    expect(cpu.busyNs).toBe(7000);
  });
});
