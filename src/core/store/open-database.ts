// Opens one SQLite file as the workspace database: private to the user, WAL, checked, and
// migrated to the newest schema. Throws when the file cannot be used; the caller decides what
// to do about it (workspace-database.ts sets it aside and rebuilds).
import { chmodSync, closeSync, existsSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { migrate } from './migrations'

/** The file holds site notes, addresses and server details: readable by its owner only. */
const PRIVATE_FILE_MODE = 0o600

/** quick_check found damage: the file is a database, but not a whole one. */
export class DamagedDatabaseError extends Error {
  constructor(readonly findings: string[]) {
    super(`The workspace database failed its check: ${findings.slice(0, 3).join('; ')}`)
    this.name = 'DamagedDatabaseError'
  }
}

/**
 * Beside the database file while it is closed cleanly (markClosedCleanly): the next open then
 * checks the file's length against its header instead of reading every page (quick_check took
 * 140-470 ms of a start at 50,000 sites in core's profile). Taken away as the file opens, so a
 * crash from then on means the full check at the next start.
 */
export const CLEAN_CLOSE_SUFFIX = '.closed-cleanly'

/** The file does not start the way every SQLite database does. */
export class NotADatabaseError extends Error {
  constructor() {
    super('The workspace file is not an SQLite database.')
    this.name = 'NotADatabaseError'
  }
}

/**
 * `nativeBinding`: the compiled SQLite module to load instead of better-sqlite3's own build.
 * The desktop app under `npm start` passes one built for Electron's ABI (scripts/lib/
 * electron-sqlite.mjs), because the default build is for the Node that installed it.
 */
export function openDatabase(file: string, nativeBinding?: string): Database.Database {
  if (file !== ':memory:') {
    ensurePrivateFile(file)
    // Checked before SQLite opens it: SQLite would delete a stale WAL beside a file it cannot
    // read when the connection closes, and the WAL is set aside with the file for whoever looks.
    if (!hasDatabaseHeader(file)) throw new NotADatabaseError()
  }
  const closedCleanly = file !== ':memory:' && takeCleanCloseMark(file)
  const db = new Database(file, nativeBinding === undefined ? {} : { nativeBinding })
  try {
    db.pragma('journal_mode = WAL')
    // NORMAL is durable across app crashes in WAL mode; only a power loss may drop the last
    // commits, which the next sync reads again.
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    // Up to 32 MB of pages in memory (the default is 2 MB): the events indexes of an account
    // with 100,000 events then stay cached between queries. Memory is taken only as used.
    db.pragma('cache_size = -32000')
    // After a crash, quick_check: it reads every page (skipping integrity_check's index
    // cross-checks) and catches a truncated or overwritten file. After a clean close, the
    // file's length against its header: a cut file is caught, a page damaged on disk since is
    // found when read (SQLite then fails that read) and at the next start after a crash.
    if (closedCleanly) checkLength(file)
    else {
      const findings = db.pragma('quick_check', { simple: false }) as { quick_check: string }[]
      if (findings.length !== 1 || findings[0]?.quick_check !== 'ok') {
        throw new DamagedDatabaseError(findings.map((row) => row.quick_check))
      }
    }
    migrate(db)
    if (file !== ':memory:') privateSidecars(file)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** The WAL and shared-memory files beside the database (SQLite names them so). */
export const SIDECAR_SUFFIXES = ['-wal', '-shm'] as const

function ensurePrivateFile(file: string): void {
  // Created with the mode rather than chmod-ed afterwards, so it is never readable by others,
  // not even for a moment; the chmod covers a file an older build left wider.
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE))
  chmodSync(file, PRIVATE_FILE_MODE)
}

const HEADER = Buffer.from('SQLite format 3\0', 'latin1')

/** True for an empty file (SQLite makes it a database) or one starting with SQLite's header. */
function hasDatabaseHeader(file: string): boolean {
  const fd = openSync(file, 'r')
  try {
    const start = Buffer.alloc(HEADER.length)
    const read = readSync(fd, start, 0, start.length, 0)
    return read === 0 || (read === HEADER.length && start.equals(HEADER))
  } finally {
    closeSync(fd)
  }
}

/** Whether the last close was clean; the mark goes either way. */
function takeCleanCloseMark(file: string): boolean {
  const mark = file + CLEAN_CLOSE_SUFFIX
  if (!existsSync(mark)) return false
  rmSync(mark, { force: true })
  return true
}

/** After the database closed (its WAL checkpointed into the file): the next open may skip quick_check. */
export function markClosedCleanly(file: string): void {
  if (file === ':memory:') return
  try {
    writeFileSync(file + CLEAN_CLOSE_SUFFIX, '', { mode: PRIVATE_FILE_MODE })
  } catch {
    // The next start runs the full check instead.
  }
}

/** A file shorter than the pages its header counts was cut: it is not a whole database. */
function checkLength(file: string): void {
  const header = Buffer.alloc(100)
  const fd = openSync(file, 'r')
  try {
    if (readSync(fd, header, 0, 100, 0) < 100) return
  } finally {
    closeSync(fd)
  }
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16)
  const pages = header.readUInt32BE(28)
  // The header's page count holds only when written by the same change as the file (SQLite's rule).
  const countHolds = header.readUInt32BE(92) === header.readUInt32BE(24)
  const size = statSync(file).size
  if (countHolds && pages > 0 && size < pages * pageSize) {
    throw new DamagedDatabaseError([`The file holds ${size} bytes of the ${pages * pageSize} its header counts.`])
  }
}

function privateSidecars(file: string): void {
  // SQLite gives them the database file's mode already; this keeps it so whatever the umask.
  for (const suffix of SIDECAR_SUFFIXES) {
    if (existsSync(file + suffix)) chmodSync(file + suffix, PRIVATE_FILE_MODE)
  }
}
