// Opens <dataDir>/workspace.sqlite and never lets a bad file stop the app. Everything in it is
// a copy of what the servers hold (settings excepted), so a file that cannot be read is set
// aside (kept for whoever wants to look) and a fresh one is synced again, with one sentence
// saying so. A file that is merely busy or not writable is left alone: the session then works
// on an in-memory database rather than discard a file that may be fine.
import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { basename, join } from 'node:path'
import Database from 'better-sqlite3'
import { NewerDatabaseError } from './migrations'
import { openDatabase, SIDECAR_SUFFIXES } from './open-database'

export const WORKSPACE_FILE = 'workspace.sqlite'

export interface OpenWorkspaceOptions {
  dataDir: string
  /** The clock that names a set-aside file; tests pass a fixed one. */
  now?: () => Date
  /** A SQLite module built for this runtime (see openDatabase); default better-sqlite3's own. */
  nativeBinding?: string
}

export interface OpenedWorkspaceDatabase {
  db: Database.Database
  /** The database file, or ':memory:' when no file could be used. */
  file: string
  /** A sentence for the user when the file was set aside or could not be used; else null. */
  notice: string | null
}

export function openWorkspaceDatabase(options: OpenWorkspaceOptions): OpenedWorkspaceDatabase {
  const file = join(options.dataDir, WORKSPACE_FILE)
  let failure: unknown
  try {
    mkdirSync(options.dataDir, { recursive: true })
    return { db: openDatabase(file, options.nativeBinding), file, notice: null }
  } catch (error) {
    failure = error
  }
  if (!isUnreadable(failure)) return inMemory(failure, options.nativeBinding)

  let aside: string
  try {
    aside = setAside(file, (options.now ?? (() => new Date()))())
  } catch (error) {
    return inMemory(error, options.nativeBinding)
  }
  try {
    const db = openDatabase(file, options.nativeBinding)
    const why =
      failure instanceof NewerDatabaseError
        ? 'was made by a newer version of Site Manager'
        : 'could not be read'
    return {
      db,
      file,
      notice:
        `The local copy of your workspace ${why}, so it was set aside as ${aside} ` +
        'and is being rebuilt from your servers.',
    }
  } catch (error) {
    return inMemory(error, options.nativeBinding)
  }
}

/**
 * Renames the database and its WAL and shared-memory files to
 * workspace.sqlite.corrupt-<ISO time without colons>; answers the new name of the database.
 */
export function setAside(file: string, at: Date): string {
  const stamp = at.toISOString().replaceAll(':', '')
  let target = `${file}.corrupt-${stamp}`
  for (let n = 2; [target, ...SIDECAR_SUFFIXES.map((s) => target + s)].some((p) => existsSync(p)); n++) {
    target = `${file}.corrupt-${stamp}-${n}`
  }
  if (existsSync(file)) renameSync(file, target)
  for (const suffix of SIDECAR_SUFFIXES) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix)
  }
  return basename(target)
}

/** Errors that say the file itself is not a usable database of ours (rather than busy or not writable). */
const PASSING_SQLITE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|READONLY|IOERR|FULL|PERM|NOMEM|AUTH|INTERRUPT)/

function isUnreadable(error: unknown): boolean {
  if (error instanceof Database.SqliteError) return !PASSING_SQLITE_CODES.test(error.code)
  // A Node system error (EACCES, ENOSPC, EROFS ...) is about the folder, not the file's content.
  if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string') return false
  // NewerDatabaseError, DamagedDatabaseError, and anything else migrating threw.
  return true
}

function inMemory(error: unknown, nativeBinding?: string): OpenedWorkspaceDatabase {
  const busy = error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code)
  const why = busy ? 'is in use by another copy of Site Manager' : 'could not be opened or created'
  return {
    db: openDatabase(':memory:', nativeBinding),
    file: ':memory:',
    notice:
      `The local copy of your workspace ${why}, ` +
      'so this session keeps it in memory only and rebuilds it from your servers.',
  }
}
