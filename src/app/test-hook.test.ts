/** The e2e hook: fault injection only in builds for tests (issue 24: a production page could be made to hang). */
import { describe, expect, it, vi } from 'vitest';
import { makeTestHook } from './test-hook';
import type { SimController } from './sim-controller';
import { TEST_FAULTS } from '../worker/test-faults';

const controller = () => ({ injectWorkerFault: vi.fn() }) as unknown as SimController;

describe('window.__tsq', () => {
  it('has no workerFault unless the build is made for tests', () => {
    const hook = makeTestHook(controller(), false);
    expect('workerFault' in hook).toBe(false);
    expect(typeof hook.ready).toBe('function');
  });

  it('in a build for tests, workerFault reaches the controller', () => {
    const c = controller();
    makeTestHook(c, true).workerFault!('hang');
    expect(c.injectWorkerFault).toHaveBeenCalledWith('hang');
  });

  it('a build without VITE_TSQ_TEST_FAULTS=1 is not one for tests', () => {
    expect(TEST_FAULTS).toBe(false);
  });
});
