/** runCli with files held in memory (shards write theirs here). Used only by *.test.ts files. */
import { parseArgs } from './args';
import { runCli } from './commands';

export async function cli(
  files: Map<string, string>,
  ...argv: string[]
): Promise<{ code: number; out: string }> {
  let out = '';
  const read = (p: string): string => {
    const t = files.get(p);
    if (t === undefined) throw new Error('ENOENT');
    return t;
  };
  const code = await runCli(parseArgs(argv), read, (s) => (out += s));
  return { code, out };
}
