import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { TSQ_LAB_VERSION } from './version';

describe('the release version', () => {
  it('is package.json’s version', () => {
    expect(TSQ_LAB_VERSION).toBe(pkg.version);
  });
});
