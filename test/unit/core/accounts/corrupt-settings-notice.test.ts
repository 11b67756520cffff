// A damaged accounts.json must not look like a first run: what can be salvaged is kept entry by
// entry, the damaged file is kept aside, the person is told both in a notice (the app's banner,
// from app:notices and the app:notice push), and the backup is logged.
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AccountStore } from '../../../../src/core/accounts'
import { MemorySecretStore } from '../../../../src/core/secrets'
import type { AppNotice } from '../../../../src/shared'
import type { LogFields, Logger } from '../../../../src/core/util/logger'
import { savedAccount, writeAccountsFile } from '../support/accounts-file'
import { makeCore } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
  await dirs.cleanup()
})

class RecordingLogger implements Logger {
  readonly lines: { level: string; message: string; fields?: LogFields }[] = []
  info(message: string, fields?: LogFields): void {
    this.lines.push({ level: 'info', message, fields })
  }
  warn(message: string, fields?: LogFields): void {
    this.lines.push({ level: 'warn', message, fields })
  }
  error(message: string, fields?: LogFields): void {
    this.lines.push({ level: 'error', message, fields })
  }
}

const GOOD = [savedAccount(1), savedAccount(2)]
const DAMAGED = { version: 1, accounts: [GOOD[0], { id: 7, label: null }, GOOD[1]], lastActiveId: GOOD[1]!.id }

async function backupIn(dataDir: string): Promise<string> {
  const name = (await readdir(dataDir)).find((n) => n.startsWith('accounts.json.corrupt-'))
  if (!name) throw new Error('no backup was kept')
  return join(dataDir, name)
}

function storeWith(dataDir: string) {
  const notices: AppNotice[] = []
  const logger = new RecordingLogger()
  const store = new AccountStore({
    dataDir,
    secrets: new MemorySecretStore(),
    demoSecrets: new MemorySecretStore(),
    verifyCredentials: async () => undefined,
    onNotice: (notice) => notices.push(notice),
    logger,
  })
  return { store, notices, logger }
}

describe('a damaged accounts.json', () => {
  it('keeps every valid account, and says what was kept aside and what was recovered', async () => {
    const dataDir = await dirs.make()
    await writeAccountsFile(dataDir, DAMAGED)
    const { store, notices, logger } = storeWith(dataDir)

    await store.load()

    const backup = await backupIn(dataDir)
    expect(notices).toEqual([
      {
        id: 'accounts-file-damaged',
        message: `Your account list could not be read; it was kept as ${backup}. 2 accounts were recovered; 1 could not be read and must be added again.`,
      },
    ])
    const state = await store.list()
    expect(state.accounts.map((a) => a.id)).toEqual(GOOD.map((a) => a.id))
    expect(state.lastActiveId).toBe(GOOD[1]!.id)
    expect(logger.lines).toContainEqual({
      level: 'warn',
      message: 'accounts.json could not be read; it was kept aside and what could be read was recovered',
      fields: { backup, recovered: 2, dropped: 1 },
    })

    // Said once: the recovered list is saved, so the next start is an ordinary one.
    const again = storeWith(dataDir)
    await again.store.load()
    expect(again.notices).toEqual([])
    expect((await again.store.list()).accounts).toHaveLength(2)
  })

  it('says so when nothing could be recovered', async () => {
    const dataDir = await dirs.make()
    await writeAccountsFile(dataDir, '{"version":1,"accounts":[{"id":"')
    const { store, notices } = storeWith(dataDir)

    await store.load()

    expect(notices.map((n) => n.message)).toEqual([
      `Your account list could not be read; it was kept as ${await backupIn(dataDir)}. No account could be recovered from it: add your accounts again.`,
    ])
    expect((await store.list()).accounts).toEqual([])
  })

  it('reaches the window (app:notices and an app:notice push, without waiting for accounts:list) and the log', async () => {
    const dataDir = await dirs.make()
    await writeAccountsFile(dataDir, { ...DAMAGED, accounts: [GOOD[0], 'junk'] })
    const logger = new RecordingLogger()
    const { core, value, pushesOf } = makeCore(dataDir, { autoSync: false, logger })
    closers.push(() => core.dispose())

    await expect.poll(() => pushesOf('app:notice').length).toBe(1)
    const expected = {
      id: 'accounts-file-damaged',
      message: `Your account list could not be read; it was kept as ${await backupIn(dataDir)}. 1 account was recovered; 1 could not be read and must be added again.`,
    }
    expect(pushesOf('app:notice')).toEqual([expected])
    expect(await value('app:notices')).toContainEqual(expected)
    expect((await value('accounts:list')).accounts.map((a) => a.id)).toEqual([GOOD[0]!.id])
    expect(logger.lines.filter((l) => l.message.startsWith('accounts.json could not be read'))).toHaveLength(1)
  })
})
