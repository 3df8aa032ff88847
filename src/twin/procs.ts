/**
 * The processes and namespaces one twin run owns. Every command runs with a
 * time bound; every child is tracked by its pid and ended by it (never by
 * name); the namespaces are the ones this run created, deleted on exit and
 * on SIGINT/SIGTERM.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command's failure, with what it printed. */
export class CommandError extends Error {}

export class Procs {
  private readonly children = new Set<ChildProcess>();
  private readonly namespaces: string[] = [];
  private readonly onSignal = (sig: NodeJS.Signals): void => {
    this.cleanupSync();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  private readonly onExit = (): void => this.cleanupSync();

  constructor() {
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
    process.once('exit', this.onExit);
  }

  /** Runs a command to its end, within `timeoutMs`; rejects on a non-zero exit unless `allowFail`. */
  run(argv: string[], timeoutMs = 10_000, allowFail = false): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const child = execFile(
        argv[0],
        argv.slice(1),
        { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 << 20, encoding: 'utf8' },
        (err, stdout, stderr) => {
          this.children.delete(child);
          const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
          if (code !== 0 && !allowFail)
            reject(new CommandError(`${argv.join(' ')}: ${(stderr || err?.message || '').trim()}`));
          else resolve({ code, stdout, stderr });
        },
      );
      this.children.add(child);
    });
  }

  /** Starts a long-running command; its output is collected; it is killed after `timeoutMs`. */
  start(argv: string[], timeoutMs: number): { child: ChildProcess; done: Promise<RunResult> } {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const done = new Promise<RunResult>((resolve) => {
      child.on('close', (code) => {
        clearTimeout(timer);
        this.children.delete(child);
        resolve({ code: code ?? 1, stdout, stderr });
      });
      child.on('error', (e) => {
        clearTimeout(timer);
        this.children.delete(child);
        resolve({ code: 127, stdout, stderr: String(e) });
      });
    });
    return { child, done };
  }

  /** Creates a namespace; refuses one that exists (it is someone else's). */
  async addNamespace(name: string): Promise<void> {
    const list = await this.run(['ip', 'netns', 'list']);
    if (list.stdout.split('\n').some((l) => l.split(' ')[0] === name))
      throw new CommandError(
        `network namespace ${name} exists already: the twin touches only namespaces it creates`,
      );
    await this.run(['ip', 'netns', 'add', name]);
    this.namespaces.push(name);
  }

  /** Deletes a namespace this run created. */
  async delNamespace(name: string): Promise<void> {
    const i = this.namespaces.indexOf(name);
    if (i < 0) return;
    this.namespaces.splice(i, 1);
    await this.run(['ip', 'netns', 'del', name], 5000, true);
  }

  /** Ends every child this run started (by pid) and deletes its namespaces. */
  cleanupSync(): void {
    for (const c of this.children) if (c.exitCode === null && c.pid) c.kill('SIGKILL');
    this.children.clear();
    for (const ns of this.namespaces.splice(0)) spawnSync('ip', ['netns', 'del', ns], { timeout: 5000 });
  }

  /** Cleans up and stops listening for signals. */
  close(): void {
    this.cleanupSync();
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    process.off('exit', this.onExit);
  }
}

/** `ip netns exec NS argv…`. */
export const inNs = (ns: string, ...argv: string[]): string[] => ['ip', 'netns', 'exec', ns, ...argv];
