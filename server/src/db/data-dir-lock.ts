/**
 * The embedded database belongs to one process. PGlite keeps no lock of its own: two processes that open one folder
 * both start, and each overwrites what the other wrote (orders vanish without an error). So every program that opens
 * the folder (the server, `npm run db:seed`, `db:migrate`, `admin:create`, backup and restore) first takes a lock
 * beside it, `<folder>.lock`, naming the process that holds it. A second process is refused with that name; a lock
 * whose process is gone (killed, or a machine restarted) is taken over.
 *
 * The lock is a file created with O_EXCL (only one process can create it), holding the process's id, host, start
 * time and command. It is removed when the holder closes the database or exits, also on SIGINT and SIGTERM.
 * See docs/decisions/2026-11-28-embedded-database-lock.md.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A child process given this variable (the lock's token) works under its parent's lock (the server's seeding). */
export const INHERITED_LOCK_VARIABLE = 'CINEVERSE_DATA_LOCK_TOKEN';

export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO). */
  since: string;
  command: string;
  /** The kernel's boot id and the process's start in clock ticks since boot (Linux): tell a reused process id. */
  bootId?: string | undefined;
  startTicks?: number | undefined;
  token: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database ${lockFile.replace(/\.lock$/, '')} is in use by process ${holder.pid} on ${holder.host} ` +
        `(${holder.command}, since ${holder.since}). One process at a time can use it: stop that process first, ` +
        `or run several processes on PostgreSQL (DATABASE_URL). If that process is gone, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Environment for a child process that works under this lock (it must not take the lock itself). */
  readonly childEnv: Record<string, string>;
  /** Gives the lock back (once every `lockDataDir` of this process for the folder has released it). */
  release(): void;
}

/** The lock's file for an embedded database folder. */
export function lockFileOf(databaseDir: string): string {
  return `${path.resolve(databaseDir)}.lock`;
}

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

const bootId = readProc('/proc/sys/kernel/random/boot_id')?.trim();

/** A process's start in clock ticks since boot (field 22 of /proc/PID/stat), where the machine says. */
function startTicksOf(pid: number): number | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isFinite(ticks) ? ticks : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when the lock's holder is certainly gone. Only a holder on this host can be checked; one on another host (a
 * folder shared over the network, another container) is taken as alive, and the message says how to clear it.
 */
function isStale(holder: LockHolder): boolean {
  // Not a process id (a file that is not ours): nobody holds it. Signalling 0 would reach this process's own group.
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return true;
  if (holder.host !== os.hostname()) return false;
  // The machine restarted since: every process of that boot is gone.
  if (holder.bootId && bootId && holder.bootId !== bootId) return true;
  if (holder.pid === process.pid) return true;
  if (!isAlive(holder.pid)) return true;
  // The id now belongs to another process (in a container the server is often process 1 at every start).
  const ticks = startTicksOf(holder.pid);
  return holder.startTicks !== undefined && ticks !== undefined && ticks !== holder.startTicks;
}

function readHolder(file: string): LockHolder | undefined {
  const text = readProc(file);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    // Cut short as it was written (a crash between creating and writing it): nobody holds it.
    return { pid: 0, host: os.hostname(), since: '', command: '', token: '' };
  }
}

/** The locks this process holds, by file: a program may open the folder more than once (migrate, then seed). */
const held = new Map<string, { holder: LockHolder; count: number }>();

/** Creates the lock file only if there is none: written to a file of its own, then linked (atomic, O_EXCL). */
function create(file: string, holder: LockHolder): boolean {
  const temporary = `${file}.${process.pid}.${holder.token}`;
  fs.writeFileSync(temporary, `${JSON.stringify(holder)}\n`);
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/**
 * Removes a stale lock, unless another process replaced it meanwhile: two processes that both found it stale must not
 * both take it. The one that renames it away first wins; the other finds a lock again and looks at it anew.
 */
function removeStale(file: string, stale: LockHolder): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved && moved.token !== stale.token) {
    // Another process took the lock between our reading and our renaming: give it back.
    try {
      fs.linkSync(aside, file);
    } catch {
      // Someone else holds it now; the process that lost its file will be refused at its next start at worst.
    }
  }
  fs.rmSync(aside, { force: true });
}

function releaseFile(file: string, token: string): void {
  if (readHolder(file)?.token === token) fs.rmSync(file, { force: true });
}

let exitHooked = false;
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const [file, { holder }] of held) releaseFile(file, holder.token);
    held.clear();
  });
  // A program with no signal handlers of its own (the command-line tools) ends at once on SIGINT or SIGTERM,
  // without the 'exit' event: give the lock back first. The server handles the signals itself and closes the
  // database (and the lock) when its requests are done; the folder must stay locked until then.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const onSignal = () => {
      if (process.listenerCount(signal) > 1) return;
      process.exit(128 + os.constants.signals[signal]);
    };
    process.on(signal, onSignal);
  }
}

/**
 * Takes the lock of an embedded database folder for this process, or throws DataDirLockedError naming its holder.
 * Under a parent's lock (INHERITED_LOCK_VARIABLE), the child takes nothing and releases nothing.
 */
export function lockDataDir(databaseDir: string): DataDirLock {
  const file = lockFileOf(databaseDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine = held.get(file);
  if (mine) {
    mine.count += 1;
    return handle(file, mine.holder);
  }
  const inherited = process.env[INHERITED_LOCK_VARIABLE];
  if (inherited) {
    const holder = readHolder(file);
    if (holder?.token === inherited && holder.pid === process.ppid) {
      return { file, childEnv: { [INHERITED_LOCK_VARIABLE]: inherited }, release: () => {} };
    }
  }
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
    command: [path.basename(process.argv[0] ?? 'node'), ...process.argv.slice(1).map((arg) => path.basename(arg))]
      .join(' ')
      .slice(0, 200),
    bootId,
    startTicks: startTicksOf(process.pid),
    token: randomBytes(12).toString('hex'),
  };
  // A few rounds: each lost race with another process taking over a stale lock means looking again.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, holder)) {
      held.set(file, { holder, count: 1 });
      hookExit();
      return handle(file, holder);
    }
    const current = readHolder(file);
    if (current === undefined) continue;
    if (!isStale(current)) throw new DataDirLockedError(file, current);
    removeStale(file, current);
  }
  const current = readHolder(file);
  throw new DataDirLockedError(file, current ?? { ...holder, pid: 0, command: 'unknown' });
}

function handle(file: string, holder: LockHolder): DataDirLock {
  let released = false;
  return {
    file,
    childEnv: { [INHERITED_LOCK_VARIABLE]: holder.token },
    release() {
      if (released) return;
      released = true;
      const entry = held.get(file);
      if (!entry || entry.holder.token !== holder.token) return;
      entry.count -= 1;
      if (entry.count > 0) return;
      held.delete(file);
      releaseFile(file, holder.token);
    },
  };
}

/** For the command-line programs: a refused lock ends the program with its message (no stack trace), status 1. */
export function exitIfLocked(error: unknown): never {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
