/**
 * Security for embedding, as lint enforces it: no eval or Function
 * constructor (nor string timers), and no API that parses strings as HTML,
 * anywhere in the app, the worker, the embed element or the core. The CSP of
 * the built pages is checked end to end in e2e/robustness.spec.ts.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function rulesHit(filePath: string, code: string): Promise<string[]> {
  const [res] = await eslint.lintText(code, { filePath });
  return res.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const FILES = ['src/app/x.tsx', 'src/worker/x.ts', 'src/embed/x.ts', 'src/app/share/x.ts'];

describe('lint forbids code from strings and HTML from strings', () => {
  it.each(FILES)('%s: eval, new Function and string timers', async (file) => {
    expect(await rulesHit(file, 'export const f = (s: string) => eval(s);\n')).toContain('no-eval');
    expect(await rulesHit(file, "export const f = new Function('a', 'return a');\n")).toContain(
      'no-new-func',
    );
    expect(await rulesHit(file, "setTimeout('alert(1)', 1);\n")).toContain('no-implied-eval');
  });

  it.each(FILES)('%s: HTML sinks', async (file) => {
    for (const code of [
      'export const f = (el: HTMLElement, s: string) => { el.innerHTML = s; };\n',
      'export const f = (el: HTMLElement, s: string) => { el.outerHTML = s; };\n',
      "export const f = (el: HTMLElement, s: string) => el.insertAdjacentHTML('beforeend', s);\n",
      'export const f = (s: string) => document.write(s);\n',
      'export const f = (r: Range, s: string) => r.createContextualFragment(s);\n',
      'export const f = (el: HTMLIFrameElement, s: string) => { el.srcdoc = s; };\n',
    ]) {
      expect(await rulesHit(file, code), code).toContain('no-restricted-properties');
    }
  });

  it('dangerouslySetInnerHTML in JSX', async () => {
    const code =
      'export const C = (p: { s: string }) => <div dangerouslySetInnerHTML={{ __html: p.s }} />;\n';
    expect(await rulesHit('src/app/x.tsx', code)).toContain('no-restricted-syntax');
  });

  it('text rendering passes', async () => {
    expect(await rulesHit('src/app/x.tsx', 'export const C = (p: { s: string }) => <p>{p.s}</p>;\n')).toEqual(
      [],
    );
    expect(
      await rulesHit(
        'src/embed/x.ts',
        'export const f = (el: HTMLElement, s: string) => { el.textContent = s; };\n',
      ),
    ).toEqual([]);
  });
});
