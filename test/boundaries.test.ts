/**
 * The core's boundaries: a file under src/sim that touches the DOM, React or
 * the wall clock fails lint (and `document` fails the ES2022-only typecheck).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [res] = await eslint.lintText(code, { filePath });
  return res.messages.filter((m) => m.severity === 2).map((m) => m.message);
}

describe('src/sim stays pure', () => {
  it('rejects React, D3, Comlink and app imports', async () => {
    for (const imp of [
      "import React from 'react';",
      "import * as d3 from 'd3';",
      "import * as Comlink from 'comlink';",
      "import { App } from '../app/App';",
    ]) {
      const msgs = await lintAs('src/sim/model/x.ts', `${imp}\nexport const y = 1;\n`);
      expect(msgs.join(' ')).toMatch(/src\/sim/);
    }
  });

  it('rejects DOM, timers, Math.random and the wall clock', async () => {
    for (const code of [
      'export const t = document.title;',
      'export const w = window.innerWidth;',
      'setTimeout(() => {}, 1);',
      'export const r = Math.random();',
      'export const d = Date.now();',
      'export const p = performance.now();',
    ]) {
      expect((await lintAs('src/sim/engine/x.ts', code)).length).toBeGreaterThan(0);
    }
  });

  it('allows the same code outside the core', async () => {
    expect(
      await lintAs('src/app/x.ts', "import * as d3 from 'd3';\nexport const s = d3.scaleLinear();\n"),
    ).toEqual([]);
  });
});

describe('src/flent stays pure', () => {
  it('rejects React, Node APIs, the app and the CLI', async () => {
    for (const imp of [
      "import React from 'react';",
      "import { gzipSync } from 'node:zlib';",
      "import { readFileSync } from 'fs';",
      "import { App } from '../app/App';",
      "import { runCli } from '../cli/commands';",
    ]) {
      const msgs = await lintAs('src/flent/x.ts', `${imp}\nexport const y = 1;\n`);
      expect(msgs.join(' ')).toMatch(/src\/flent/);
    }
  });

  it('rejects the DOM, Buffer and the wall clock', async () => {
    for (const code of [
      'export const t = document.title;',
      'export const b = Buffer.from([]);',
      'export const d = Date.now();',
      "export const f = fetch('x');",
    ]) {
      expect((await lintAs('src/flent/read.ts', code)).length).toBeGreaterThan(0);
    }
  });

  it('allows the core and fflate', async () => {
    expect(
      await lintAs(
        'src/flent/x.ts',
        "import { gzipSync } from 'fflate';\nimport type { Summary } from '../sim/api';\nexport const g = gzipSync;\nexport type S = Summary;\n",
      ),
    ).toEqual([]);
  });
});
