// A database that cannot be read never stops the app: it is set aside beside a fresh one, and
// the store says so in one sentence. The file is private to its owner.
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { LATEST_VERSION } from '../../../../src/core/store/migrations'
import { CLEAN_CLOSE_SUFFIX } from '../../../../src/core/store/open-database'
import { WORKSPACE_FILE } from '../../../../src/core/store/workspace-database'
import { ACCOUNT_A, event, site, storesPerTest } from './fixtures'

const { dirs, stores } = await storesPerTest()

const at = new Date('2026-11-02T10:15:00.123Z')
const now = () => at
const ASIDE = 'workspace.sqlite.corrupt-2026-11-02T101500.123Z'

/** A store that holds some rows, closed (its WAL checkpointed into the file). */
async function filledDatabase(): Promise<string> {
  const dataDir = await dirs.make()
  const store = stores.open(dataDir)
  store.replaceSnapshot(ACCOUNT_A, {
    sites: Array.from({ length: 300 }, (_v, i) => site(i + 1, { notes: 'n'.repeat(200) })),
    tags: [],
    syncedAt: '2026-11-02T10:00:00.000Z',
  })
  store.addEvents(
    ACCOUNT_A,
    Array.from({ length: 2000 }, (_v, i) => event(i + 1, { message: `Updated extension number ${i}` })),
  )
  store.close()
  return dataDir
}

/** Overwrites the middle of the file with noise, its length and header unchanged (a bad disk block). */
function damageAPage(file: string): void {
  const size = statSync(file).size
  const fd = openSync(file, 'r+')
  try {
    writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2 / 4096) * 4096)
  } finally {
    closeSync(fd)
  }
}

/** The fresh store works: it takes and gives back rows. */
function expectWorking(store: ReturnType<typeof stores.open>): void {
  expect(store.sites(ACCOUNT_A)).toEqual([])
  store.upsertSite(ACCOUNT_A, site(1))
  expect(store.sites(ACCOUNT_A)).toEqual([site(1)])
}

describe('SqliteWorkspaceStore.open with a file it cannot read', () => {
  it('sets a garbage file aside, with its WAL and shared-memory files, and starts afresh', async () => {
    const dataDir = await dirs.make()
    const garbage = Buffer.from('this is not a database, just some text '.repeat(200))
    writeFileSync(join(dataDir, WORKSPACE_FILE), garbage)
    writeFileSync(join(dataDir, `${WORKSPACE_FILE}-wal`), 'stale wal')
    writeFileSync(join(dataDir, `${WORKSPACE_FILE}-shm`), 'stale shm')

    const store = stores.open(dataDir, { now })

    expect(store.notice).toBe(
      `The local copy of your workspace could not be read, so it was set aside as ${ASIDE} and is being rebuilt from your servers.`,
    )
    expect(readFileSync(join(dataDir, ASIDE))).toEqual(garbage)
    expect(readFileSync(join(dataDir, `${ASIDE}-wal`), 'utf8')).toBe('stale wal')
    expect(readFileSync(join(dataDir, `${ASIDE}-shm`), 'utf8')).toBe('stale shm')
    expect(store.file).toBe(join(dataDir, WORKSPACE_FILE))
    expectWorking(store)
  })

  it('sets a truncated database aside', async () => {
    const dataDir = await filledDatabase()
    const file = join(dataDir, WORKSPACE_FILE)
    const size = statSync(file).size
    expect(size).toBeGreaterThan(100_000)
    truncateSync(file, Math.floor(size / 2))

    const store = stores.open(dataDir, { now })

    expect(store.notice).toContain(`could not be read, so it was set aside as ${ASIDE}`)
    expect(statSync(join(dataDir, ASIDE)).size).toBe(Math.floor(size / 2))
    expect(store.eventCount(ACCOUNT_A)).toBe(0)
    expectWorking(store)
  })

  it('reads every page at an open after the app did not close (quick_check): a damaged page is found and the file set aside', async () => {
    const dataDir = await filledDatabase()
    const file = join(dataDir, WORKSPACE_FILE)
    // As after a crash: no mark of a clean close.
    rmSync(file + CLEAN_CLOSE_SUFFIX, { force: true })
    damageAPage(file)

    const store = stores.open(dataDir, { now })

    expect(store.notice).toContain(`could not be read, so it was set aside as ${ASIDE}`)
    expectWorking(store)
  })

  it('skips reading every page after a clean close (up to half a second at 50,000 sites), and still finds a cut file from its header', async () => {
    const dataDir = await filledDatabase()
    const file = join(dataDir, WORKSPACE_FILE)
    expect(existsSync(file + CLEAN_CLOSE_SUFFIX)).toBe(true)
    damageAPage(file)

    // The damaged page is not read at open: the mark of the clean close stands for the check.
    const store = stores.open(dataDir, { now })
    expect(store.notice).toBeNull()
    // The mark goes as the store opens: a crash from here on means a full check next time.
    expect(existsSync(file + CLEAN_CLOSE_SUFFIX)).toBe(false)
    store.close()
    expect(existsSync(file + CLEAN_CLOSE_SUFFIX)).toBe(true)
  })

  it('sets aside a database a newer version of the app made, saying so', async () => {
    const dataDir = await filledDatabase()
    const raw = new Database(join(dataDir, WORKSPACE_FILE))
    raw.pragma(`user_version = ${LATEST_VERSION + 1}`)
    raw.close()

    const store = stores.open(dataDir, { now })

    expect(store.notice).toBe(
      `The local copy of your workspace was made by a newer version of Site Manager, so it was set aside as ${ASIDE} and is being rebuilt from your servers.`,
    )
    const aside = new Database(join(dataDir, ASIDE), { readonly: true })
    expect(aside.pragma('user_version', { simple: true })).toBe(LATEST_VERSION + 1)
    expect(aside.prepare('SELECT count(*) FROM events').pluck().get()).toBe(2000)
    aside.close()
    expectWorking(store)
  })

  it('never overwrites an earlier set-aside file of the same moment', async () => {
    const dataDir = await dirs.make()
    writeFileSync(join(dataDir, WORKSPACE_FILE), 'first garbage '.repeat(100))
    stores.open(dataDir, { now }).close()
    writeFileSync(join(dataDir, WORKSPACE_FILE), 'second garbage '.repeat(100))

    const store = stores.open(dataDir, { now })

    expect(store.notice).toContain(`set aside as ${ASIDE}-2 and`)
    expect(readFileSync(join(dataDir, ASIDE), 'utf8')).toContain('first garbage')
    expect(readFileSync(join(dataDir, `${ASIDE}-2`), 'utf8')).toContain('second garbage')
  })

  it('keeps the session going in memory when the data folder cannot hold a database', async () => {
    const parent = await dirs.make()
    const notAFolder = join(parent, 'plain-file')
    writeFileSync(notAFolder, 'I am a file')

    const store = stores.open(notAFolder, { now })

    expect(store.file).toBe(':memory:')
    expect(store.notice).toBe(
      'The local copy of your workspace could not be opened or created, so this session keeps it in memory only and rebuilds it from your servers.',
    )
    expect(readFileSync(notAFolder, 'utf8')).toBe('I am a file')
    expectWorking(store)
  })

  it('opens a healthy database with no notice and nothing set aside', async () => {
    const dataDir = await filledDatabase()

    const store = stores.open(dataDir, { now })

    expect(store.notice).toBeNull()
    expect(store.eventCount(ACCOUNT_A)).toBe(2000)
    expect(readdirSync(dataDir).filter((name) => name.includes('corrupt'))).toEqual([])
  })
})

describe('the database file', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777

  it('is readable and writable by its owner only, with its WAL and shared-memory files', async () => {
    const dataDir = await dirs.make()
    const store = stores.open(dataDir)
    store.upsertSite(ACCOUNT_A, site(1))
    const file = join(dataDir, WORKSPACE_FILE)

    expect(modeOf(file)).toBe(0o600)
    for (const sidecar of [`${file}-wal`, `${file}-shm`]) {
      expect(existsSync(sidecar)).toBe(true)
      expect(modeOf(sidecar)).toBe(0o600)
    }
  })

  it('is made private again when an earlier build left it readable by others', async () => {
    const dataDir = await filledDatabase()
    const file = join(dataDir, WORKSPACE_FILE)
    chmodSync(file, 0o644)

    const store = stores.open(dataDir)

    expect(store.notice).toBeNull()
    expect(modeOf(file)).toBe(0o600)
  })

  it('is opened in WAL mode with NORMAL sync and foreign keys on', async () => {
    const dataDir = await dirs.make()
    const store = stores.open(dataDir)
    // The pragmas are per connection: read them through the store's own.
    const db = (store as unknown as { db: Database.Database }).db
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(1)
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
  })
})
