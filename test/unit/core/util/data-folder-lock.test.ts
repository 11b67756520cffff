// One process per data folder: the lock file both shells take before core opens the folder.
// Two shells on one folder would each save their own accounts.json over the other's and
// leave the loser's token orphaned in the keychain.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  DATA_FOLDER_LOCK_FILE,
  DataFolderLockedError,
  acquireDataFolderLock,
  lockHeldMessage,
  processStartTime,
} from '../../../../src/core/util/data-folder-lock'

let dir: string
const children: ChildProcess[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-manager-lock-'))
})
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const lockPath = () => join(dir, DATA_FOLDER_LOCK_FILE)
const writeLock = (record: object) => writeFileSync(lockPath(), JSON.stringify(record))

/** A live process that is not this one. */
function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  children.push(child)
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child))
    child.once('error', reject)
  })
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.once('exit', resolve))
  return child.pid!
}

describe('the data folder lock', () => {
  it('is a file in the data folder naming this process and when it started', () => {
    const lock = acquireDataFolderLock(dir, { shell: 'web' })
    const record = JSON.parse(readFileSync(lockPath(), 'utf8'))
    expect(record).toMatchObject({ pid: process.pid, shell: 'web', hostname: hostname() })
    expect(Date.parse(record.startedAt)).toBeLessThanOrEqual(Date.now())
    // Only its owner may read it: it names the process and the machine.
    if (process.platform !== 'win32') expect(statSync(lockPath()).mode & 0o777).toBe(0o600)
    lock.release()
    expect(existsSync(lockPath())).toBe(false)
  })

  it('refuses a second holder and says which process holds it, with what to do', () => {
    const lock = acquireDataFolderLock(dir, { shell: 'web' })
    try {
      let thrown: unknown
      try {
        acquireDataFolderLock(dir, { shell: 'web' })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(DataFolderLockedError)
      const started = processStartTime()
      const hhmm = `${String(started.getHours()).padStart(2, '0')}:${String(started.getMinutes()).padStart(2, '0')}`
      expect((thrown as Error).message).toBe(
        `Site Manager is already running with this data folder (process ${process.pid}, started ${hhmm}). Close it first, or use another --data-dir.`,
      )
    } finally {
      lock.release()
    }
  })

  it('refuses while another live process holds it, and leaves its lock alone', async () => {
    const other = await otherProcess()
    const record = { pid: other.pid, startedAt: processStartTime(other.pid!)?.toISOString() ?? new Date().toISOString(), shell: 'electron', hostname: hostname() }
    writeLock(record)
    expect(() => acquireDataFolderLock(dir, { shell: 'electron' })).toThrow(
      new RegExp(`^Site Manager is already running with this data folder \\(process ${other.pid}, started \\d\\d:\\d\\d\\)\\. Close it first\\.$`),
    )
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toEqual(record)
  })

  it('takes over a lock whose process is gone (a crash or a kill -9)', async () => {
    writeLock({ pid: await deadPid(), startedAt: new Date(Date.now() - 60_000).toISOString(), shell: 'web', hostname: hostname() })
    const lock = acquireDataFolderLock(dir, { shell: 'web' })
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to a later process', async () => {
    const other = await otherProcess()
    // The recorded process started a day before the one that has its pid today.
    writeLock({ pid: other.pid, startedAt: new Date(Date.now() - 86_400_000).toISOString(), shell: 'web', hostname: hostname() })
    const lock = acquireDataFolderLock(dir, { shell: 'web' })
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it('takes over a lock file that cannot be read once it is no longer being written', () => {
    writeFileSync(lockPath(), '{"pid": 12')
    const old = new Date(Date.now() - 60_000)
    utimesSync(lockPath(), old, old)
    const lock = acquireDataFolderLock(dir, { shell: 'web' })
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it('release removes only its own lock, and only once', async () => {
    const lock = acquireDataFolderLock(dir, { shell: 'web' })
    const other = await otherProcess()
    // Someone removed ours by hand and another process took the folder meanwhile.
    const theirs = { pid: other.pid, startedAt: new Date().toISOString(), shell: 'web', hostname: hostname() }
    writeLock(theirs)
    lock.release()
    lock.release()
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toEqual(theirs)
  })

  it('can be taken again after it was released', () => {
    acquireDataFolderLock(dir, { shell: 'web' }).release()
    const again = acquireDataFolderLock(dir, { shell: 'web' })
    expect(existsSync(lockPath())).toBe(true)
    again.release()
  })

  it('names the day too when the holder did not start today', () => {
    const holder = { pid: 1234, startedAt: new Date(2024, 2, 5, 9, 7).toISOString(), shell: 'web' as const, hostname: hostname() }
    expect(lockHeldMessage(holder, { shell: 'web', now: new Date(2024, 2, 6, 10, 0) })).toBe(
      'Site Manager is already running with this data folder (process 1234, started 2024-03-05 09:07). Close it first, or use another --data-dir.',
    )
    expect(lockHeldMessage(holder, { shell: 'electron', now: new Date(2024, 2, 5, 10, 42) })).toBe(
      'Site Manager is already running with this data folder (process 1234, started 09:07). Close it first.',
    )
    expect(lockHeldMessage({ ...holder, hostname: 'other-box' }, { shell: 'web', now: new Date(2024, 2, 5, 10, 42) })).toBe(
      'Site Manager is already running with this data folder (process 1234 on other-box, started 09:07). Close it first, or use another --data-dir.',
    )
  })
})
