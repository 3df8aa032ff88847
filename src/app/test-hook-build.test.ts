/**
 * The window.__tsq* hooks are in builds for tests only (issue 34: a
 * production page exposed 24 functions on its run). Each module that installs
 * one is bundled as `vite build` bundles it, its other imports left out,
 * once without and once with VITE_TSQ_TEST_FAULTS=1: only the build for
 * tests may carry the hook.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { fileURLToPath } from 'node:url';

/** Bundled with the module: the hook's own file and the flag; everything else stays an import. */
const KEEP = /(test-hook|test-faults)(\.ts)?$/;

async function bundle(file: string, testBuild: boolean): Promise<string> {
  const entry = fileURLToPath(new URL(file, import.meta.url));
  if (testBuild) process.env.VITE_TSQ_TEST_FAULTS = '1';
  else delete process.env.VITE_TSQ_TEST_FAULTS;
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry, formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: (id: string) => id !== entry && !KEEP.test(id) },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  return outputs
    .flatMap((o) => o.output)
    .map((c) => (c.type === 'chunk' ? c.code : ''))
    .join('\n');
}

describe('window.__tsq* in the built app', () => {
  const before = process.env.VITE_TSQ_TEST_FAULTS;
  afterEach(() => {
    if (before === undefined) delete process.env.VITE_TSQ_TEST_FAULTS;
    else process.env.VITE_TSQ_TEST_FAULTS = before;
  });

  it('the explorer: a production build carries no __tsq; a build for tests does', async () => {
    const production = await bundle('./sim-controller.ts', false);
    expect(production).toContain('injectWorkerFault');
    expect(production).not.toContain('__tsq');
    expect(production).not.toMatch(/workerRestarts:|trackWindows/);
    const forTests = await bundle('./sim-controller.ts', true);
    expect(forTests).toContain('__tsq');
    expect(forTests).toContain('trackWindows');
  });

  // The views' own hooks, each in the module that installs it.
  for (const [file, name] of [
    ['./ab/ab-controller.ts', '__tsqAb'],
    ['./sweep/pool.ts', '__tsqSweep'],
    ['./learn/learn-hook.ts', '__tsqLearn'],
    ['./flent/flent-hook.ts', '__tsqFlent'],
  ] as const)
    it(`${name} (${file}) only in a build for tests`, async () => {
      expect(await bundle(file, false)).not.toContain(name);
      expect(await bundle(file, true)).toContain(name);
    });
});
