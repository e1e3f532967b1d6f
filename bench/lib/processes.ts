import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

/** A Node child process, its URL read from its first lines of output. */
export interface RunningProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node <args>` and waits until it prints a line matched by `ready` (group 1: the URL). */
export async function startNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs = 180_000,
): Promise<RunningProcess> {
  const script = args.join(' ');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    let started = false;
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), timeoutMs);
    // The output is read to the end (a full pipe would stall the process) but kept only until it is ready.
    child.stdout?.on('data', (chunk: Buffer) => {
      if (started) return;
      output += chunk.toString();
      const match = ready.exec(output);
      if (match?.[1]) {
        started = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The peak resident set size of a running process in MB, as the kernel counts it (Linux `VmHWM`). */
export function peakRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Runs a command to completion, its output passed through; rejects when it fails. */
export async function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with code ${code}`);
}
