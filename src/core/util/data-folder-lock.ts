// One process per data folder. Two shells on one folder each keep their own copy of the
// account list and save it over the other's: the second save wins and the first one's token
// stays in the keychain with no account. Both shells take this lock before core
// opens the folder, and the second start says which process holds it and exits.
//
// The lock is a file in the data folder, created with O_EXCL, naming its process (pid, when
// that process started, the host). A lock whose process is gone (a crash, kill -9) is stale
// and taken over; so is one whose pid now belongs to a later process (after a reboot).
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { hostname as machineName } from 'node:os'
import { join } from 'node:path'

export const DATA_FOLDER_LOCK_FILE = 'site-manager.lock'

export type LockShell = 'web' | 'electron'

export interface LockHolder {
  pid: number
  /** When the holding process started (ISO 8601). */
  startedAt: string
  shell: LockShell
  hostname: string
}

export interface DataFolderLock {
  readonly path: string
  /** Removes the lock file if it is still this one's; safe to call more than once. */
  release(): void
}

export class DataFolderLockedError extends Error {
  constructor(
    readonly holder: LockHolder,
    message: string,
  ) {
    super(message)
    this.name = 'DataFolderLockedError'
  }
}

export interface AcquireOptions {
  shell: LockShell
  appName?: string
}

/**
 * Locks this process holds (path -> the record written), released on exit at the latest. A
 * second acquire in the same process is refused like any other.
 */
const heldHere = new Map<string, string>()
let exitListener = false

/** A lock file that cannot be read is being written for this long at most. */
const UNREADABLE_GRACE_MS = 2_000
/** Two start times of one process, measured two ways, differ by less than this. */
const SAME_START_TOLERANCE_MS = 10_000
/** Attempts at the lock (each a few ms apart) before giving up on a folder that keeps changing. */
const ATTEMPTS = 50

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** "10:42" today, "2024-03-05 10:42" on another day (local time). */
function when(startedAt: string, now: Date): string {
  const date = new Date(startedAt)
  if (Number.isNaN(date.getTime())) return 'at an unknown time'
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`
  const sameDay =
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate()
  return sameDay ? time : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`
}

/** What the person reads when the folder is taken. */
export function lockHeldMessage(
  holder: LockHolder,
  options: { shell: LockShell; appName?: string; now?: Date },
): string {
  const appName = options.appName ?? 'Site Manager'
  const where = holder.hostname === machineName() ? '' : ` on ${holder.hostname}`
  const advice = options.shell === 'web' ? 'Close it first, or use another --data-dir.' : 'Close it first.'
  return `${appName} is already running with this data folder (process ${holder.pid}${where}, started ${when(holder.startedAt, options.now ?? new Date())}). ${advice}`
}

/** Linux: when process `pid` started, from /proc (boot time + start ticks); null elsewhere. */
function procStartTime(pid: number): Date | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const startTicks = Number(fields[19])
    const bootLine = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))
    if (!bootLine || !Number.isFinite(startTicks)) return null
    // /proc counts in USER_HZ, which is 100 on every Linux architecture.
    return new Date(Number(bootLine[1]) * 1000 + startTicks * 10)
  } catch {
    return null
  }
}

/** When a process started: exact on Linux; for this process elsewhere, from its uptime. */
export function processStartTime(): Date
export function processStartTime(pid: number): Date | null
export function processStartTime(pid: number = process.pid): Date | null {
  const fromProc = procStartTime(pid)
  if (fromProc) return fromProc
  return pid === process.pid ? new Date(Date.now() - process.uptime() * 1000) : null
}

function isLockHolder(value: unknown): value is LockHolder {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record.pid === 'number' &&
    Number.isSafeInteger(record.pid) &&
    record.pid > 0 &&
    typeof record.startedAt === 'string' &&
    (record.shell === 'web' || record.shell === 'electron') &&
    typeof record.hostname === 'string'
  )
}

type Reading = { kind: 'missing' } | { kind: 'unreadable'; text: string; ageMs: number } | { kind: 'holder'; text: string; holder: LockHolder }

function readLock(path: string): Reading {
  let text: string
  let ageMs: number
  try {
    text = readFileSync(path, 'utf8')
    ageMs = Date.now() - statSync(path).mtimeMs
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    throw error
  }
  try {
    const holder: unknown = JSON.parse(text)
    if (isLockHolder(holder)) return { kind: 'holder', text, holder }
  } catch {
    // Half written, or not ours: unreadable.
  }
  return { kind: 'unreadable', text, ageMs }
}

/** Whether the process named in a lock is still the one that wrote it. */
function isRunning(holder: LockHolder, path: string): boolean {
  // Another machine's process (a shared folder) cannot be checked from here: assume it runs.
  if (holder.hostname !== machineName()) return true
  if (holder.pid === process.pid) return heldHere.has(path)
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: it exists but belongs to someone else; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // The pid runs, but it may have been handed to a later process since (after a reboot).
  const started = procStartTime(holder.pid)
  const recorded = Date.parse(holder.startedAt)
  if (started === null || Number.isNaN(recorded)) return true
  return Math.abs(started.getTime() - recorded) < SAME_START_TOLERANCE_MS
}

/** Creates the lock file with O_EXCL and this process's record; false when it exists. */
function tryCreate(path: string, text: string): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, text)
  } finally {
    closeSync(fd)
  }
  return true
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/**
 * Removes a stale lock, but only the one that was judged stale: two processes taking over the
 * same stale lock at once must not remove each other's fresh one. A second, short-lived lock
 * file makes the check-and-remove one step.
 */
function removeStale(path: string, staleText: string): void {
  const guard = `${path}.takeover`
  try {
    closeSync(openSync(guard, 'wx', 0o600))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    // Someone else is taking over; a guard left by a crash is cleared after the grace period.
    try {
      if (Date.now() - statSync(guard).mtimeMs > UNREADABLE_GRACE_MS) unlinkSync(guard)
    } catch {
      // Gone meanwhile: the next attempt sees.
    }
    return
  }
  try {
    const now = readLock(path)
    if (now.kind !== 'missing' && now.text === staleText) unlinkSync(path)
  } finally {
    unlinkSync(guard)
  }
}

/**
 * Takes the data folder for this process, or throws DataFolderLockedError naming the process
 * that has it. The lock goes when release() is called or, at the latest, when this process exits.
 */
export function acquireDataFolderLock(dataDir: string, options: AcquireOptions): DataFolderLock {
  const path = join(dataDir, DATA_FOLDER_LOCK_FILE)
  const record: LockHolder = {
    pid: process.pid,
    startedAt: processStartTime().toISOString(),
    shell: options.shell,
    hostname: machineName(),
  }
  const text = `${JSON.stringify(record)}\n`

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (!heldHere.has(path) && tryCreate(path, text)) return held(path, text)
    const reading = readLock(path)
    if (reading.kind === 'missing') continue
    if (reading.kind === 'holder') {
      if (isRunning(reading.holder, path)) {
        throw new DataFolderLockedError(reading.holder, lockHeldMessage(reading.holder, options))
      }
      removeStale(path, reading.text)
    } else if (reading.ageMs > UNREADABLE_GRACE_MS) {
      // Unreadable for longer than any write takes: left by a process that died mid-write.
      removeStale(path, reading.text)
    }
    pause(10)
  }
  throw new Error(`The data folder lock ${path} kept changing; try again in a moment.`)
}

/** Removes a lock file if it still holds this process's record. */
function removeIfOurs(path: string, text: string): void {
  try {
    if (readFileSync(path, 'utf8') === text) unlinkSync(path)
  } catch {
    // Already gone: nothing to release.
  }
}


function held(path: string, text: string): DataFolderLock {
  heldHere.set(path, text)
  if (!exitListener) {
    exitListener = true
    process.on('exit', () => {
      for (const [lockPath, lockText] of heldHere) removeIfOurs(lockPath, lockText)
    })
  }
  let released = false
  return {
    path,
    release(): void {
      if (released) return
      released = true
      heldHere.delete(path)
      removeIfOurs(path, text)
    },
  }
}
