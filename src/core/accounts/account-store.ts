// The accounts a person has added: label, base URL and id in accounts.json (see
// settings-file.ts), the token in a SecretStore (the OS keychain). The token never reaches
// the settings file, a log, or an Account handed to a shell.
//
// A change touches two stores that cannot be written together, so the order of the writes is
// chosen for a process killed between them: a saved account never loses its token, and a
// keychain entry written for no saved account is noted first in the settings
// (keychainCleanup), so the next start deletes it.
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { Account, AccountsState, AppNotice } from '../../shared'
import { normalizeBaseUrl } from '../api'
import { AppErrorException, appError } from '../errors'
import type { SecretStore } from '../secrets'
import { silentLogger, type Logger } from '../util/logger'
import { SerialQueue } from '../util/serial-queue'
import { messageOf, removeCrashLeftovers } from './crash-leftovers'
import { damagedSettingsNotice } from './damaged-settings-notice'
import { duplicateAccount, findDuplicate } from './duplicate-account'
import { accountCacheDir } from './paths'
import { AccountsSettingsFile, type AccountsSettings, type LoadedSettings, type StoredAccount } from './settings-file'
import { TokenStates } from './token-states'

export type { TokenState } from './token-states'

export interface AccountStoreOptions {
  dataDir: string
  /** Tokens of remote accounts: the keychain. */
  secrets: SecretStore
  /** The demo's token: a local file, because the demo must work without a keychain. */
  demoSecrets: SecretStore
  /** One request with the base URL and token; throws AppErrorException when they do not work. */
  verifyCredentials: (baseUrl: string, token: string) => Promise<void>
  /** Called with the new state after every change, for the 'accounts:changed' push. */
  onChange?: (state: AccountsState) => void
  /** A sentence for the app's notice banner (accounts.json was damaged), raised at load. */
  onNotice?: (notice: AppNotice) => void
  logger?: Logger
}

interface ChangeOptions {
  /** A change only to the bookkeeping (keychainCleanup): nothing to push to the window. */
  quiet?: boolean
}

export class AccountStore {
  private readonly file: AccountsSettingsFile
  private readonly queue = new SerialQueue()
  private settings: Promise<AccountsSettings> | undefined
  /** Removing what an interrupted run left behind; starts once the settings are loaded. */
  private leftovers: Promise<void> = Promise.resolve()
  private readonly tokens: TokenStates
  private readonly logger: Logger

  constructor(private readonly options: AccountStoreOptions) {
    this.file = new AccountsSettingsFile(options.dataDir)
    this.tokens = new TokenStates(options.secrets)
    this.logger = options.logger ?? silentLogger
  }

  /**
   * Reads the settings now rather than on first use (a notice about a damaged file is then
   * raised at start), and resolves once what an interrupted run left behind is removed.
   */
  async load(): Promise<void> {
    await this.current()
    await this.leftovers
  }

  /** Every account, with its token state read from the keychain afresh. */
  async list(): Promise<AccountsState> {
    return this.state((account) => this.tokens.refresh(account))
  }

  async get(accountId: string): Promise<Account> {
    return this.toAccount(await this.requireAccount(accountId))
  }

  /** The stored account; throws not_found for an id that is not (or no longer) an account. */
  async requireAccount(accountId: string): Promise<StoredAccount> {
    return findIn(await this.current(), accountId)
  }

  async findDemo(): Promise<StoredAccount | undefined> {
    return (await this.current()).accounts.find((a) => a.kind === 'demo')
  }

  /**
   * Verifies base URL and token with one request, then saves: a typo is caught at once. The
   * same address with the same token as a saved account is refused (see duplicate-account.ts).
   */
  async add(input: { label: string; baseUrl: string; token: string }): Promise<Account> {
    const baseUrl = checkedBaseUrl(input.baseUrl)
    // Asked before the request, so a duplicate is refused at once and without the network.
    await this.refuseDuplicate(baseUrl, input.token)
    await this.options.verifyCredentials(baseUrl, input.token)

    const account: StoredAccount = {
      id: randomUUID(),
      label: input.label,
      baseUrl,
      kind: 'remote',
      createdAt: new Date().toISOString(),
    }
    // One job on the queue from the second duplicate check to the saved account: two adds of
    // the same account sent together cannot both pass the check.
    await this.queue.run(async () => {
      await this.refuseDuplicate(baseUrl, input.token)
      // Noted before the token is stored: if the app dies before the account is saved, the next
      // start finds the entry and deletes it. The note stays if the keychain fails (a write that
      // did not answer in time may still land); the next start deletes whatever is there.
      await this.applyChange((s) => void s.keychainCleanup.push(account.id), { quiet: true })
      // Keychain before the account: if it is locked, no account is saved without its token and
      // the error says what to do.
      await this.options.secrets.set(account.id, input.token)
      this.tokens.stored(account.id)
      try {
        await this.applyChange((s) => {
          s.accounts.push(account)
          s.keychainCleanup = without(s.keychainCleanup, account.id)
        })
      } catch (thrown) {
        await this.options.secrets.delete(account.id).catch(() => undefined)
        throw thrown
      }
    })
    return this.toAccount(account)
  }

  async rename(accountId: string, label: string): Promise<Account> {
    await this.mutate((s) => {
      findIn(s, accountId).label = label
    })
    return this.get(accountId)
  }

  /** Verifies the new token against the account's base URL, then stores it. */
  async replaceToken(accountId: string, token: string): Promise<Account> {
    const account = await this.requireAccount(accountId)
    if (account.kind === 'demo') {
      throw appError({
        code: 'invalid_input',
        message: "The demo workspace's token is managed by the app and cannot be replaced.",
      })
    }
    await this.refuseDuplicate(account.baseUrl, token, accountId)
    await this.options.verifyCredentials(account.baseUrl, token)
    // Checking the token took a request; the account may have been removed meanwhile. The
    // check and the keychain write are one job on the queue that remove() also runs on, so a
    // token is never written for an account that is already gone (it would be orphaned).
    // The keychain replaces an entry in one step (one Secret Service call), so a crash leaves
    // the account with either its old token or the new one, never none.
    await this.queue.run(async () => {
      findIn(await this.current(), accountId)
      await this.refuseDuplicate(account.baseUrl, token, accountId)
      await this.options.secrets.set(accountId, token)
      this.tokens.stored(accountId)
    })
    await this.emitChange()
    return this.get(accountId)
  }

  /**
   * Removes the account's record, its keychain entry and its cache, as one job on the queue
   * (see replaceToken), and answers the removed record.
   */
  async remove(accountId: string): Promise<StoredAccount> {
    return this.queue.run(async () => {
      const before = await this.current()
      const account = findIn(before, accountId)
      const position = before.accounts.indexOf(account)
      const wasActive = before.lastActiveId === accountId
      const inKeychain = account.kind === 'remote'
      // The record goes first, with a note to delete its keychain entry: if the app dies before
      // the entry is deleted, the next start deletes it. The other order leaves a saved account
      // without its token.
      await this.applyChange((s) => {
        s.accounts = s.accounts.filter((a) => a.id !== accountId)
        if (wasActive) s.lastActiveId = null
        if (inKeychain) s.keychainCleanup.push(accountId)
      })
      try {
        await this.secretsFor(account).delete(accountId)
      } catch (thrown) {
        // The keychain cannot delete the token (locked): the account comes back so the person
        // can retry after unlocking it, rather than leave the token behind without an account.
        await this.applyChange((s) => {
          s.accounts.splice(Math.min(position, s.accounts.length), 0, account)
          if (wasActive) s.lastActiveId = accountId
          s.keychainCleanup = without(s.keychainCleanup, accountId)
        })
        throw thrown
      }
      await rm(accountCacheDir(this.options.dataDir, accountId), { recursive: true, force: true })
      this.tokens.forget(accountId)
      if (inKeychain) {
        await this.applyChange((s) => void (s.keychainCleanup = without(s.keychainCleanup, accountId)), { quiet: true })
      }
      return account
    })
  }

  async setActive(accountId: string): Promise<void> {
    await this.mutate((s) => {
      findIn(s, accountId)
      s.lastActiveId = accountId
    })
  }

  /**
   * Adds the demo account, or points the existing one at the demo server's current address.
   * With `onlyFor`, only that existing Demo account is updated and nothing is added: a call for
   * a Demo account that was removed meanwhile must not bring it back.
   */
  async upsertDemo(baseUrl: string, onlyFor?: string): Promise<Account> {
    let id = ''
    await this.mutate((s) => {
      const existing = s.accounts.find((a) => a.kind === 'demo')
      if (onlyFor !== undefined && existing?.id !== onlyFor) throw accountGone()
      if (existing) {
        id = existing.id
        if (existing.baseUrl === baseUrl) return false
        existing.baseUrl = baseUrl
        return true
      }
      id = randomUUID()
      s.accounts.push({ id, label: 'Demo', baseUrl, kind: 'demo', createdAt: new Date().toISOString() })
      return true
    })
    return this.get(id)
  }

  /**
   * The token for a call. A vanished keychain entry answers 'unauthorized' asking for a token;
   * a locked keychain answers 'keychain_unavailable'.
   */
  async tokenFor(accountId: string): Promise<string> {
    const account = await this.requireAccount(accountId)
    let token: string | null
    try {
      token = await this.secretsFor(account).get(accountId)
    } catch (thrown) {
      await this.observe(account, 'unavailable')
      throw thrown
    }
    await this.observe(account, token ? 'ok' : 'missing')
    if (!token) {
      throw appError({
        code: 'unauthorized',
        message: `No token is stored for "${account.label}". Enter its token again to use this account.`,
      })
    }
    return token
  }

  /**
   * Which token generation a client built now carries (read it before tokenFor); a 401 is
   * reported back with it, so one for a token already replaced changes nothing.
   */
  tokenGeneration(accountId: string): number {
    return this.tokens.generation(accountId)
  }

  /** The server refused the account's token (401): show it as needing a new one. */
  async markRefused(accountId: string, generation = this.tokens.generation(accountId)): Promise<void> {
    if (this.tokens.markRefused(accountId, generation)) await this.emitChange()
  }

  /** Throws the duplicate refusal when another account has this address and token. */
  private async refuseDuplicate(baseUrl: string, token: string, except?: string): Promise<void> {
    const existing = await findDuplicate((await this.current()).accounts, this.options.secrets, baseUrl, token, except)
    if (existing) throw duplicateAccount(existing)
  }

  private secretsFor(account: StoredAccount): SecretStore {
    return account.kind === 'demo' ? this.options.demoSecrets : this.options.secrets
  }

  private async observe(account: StoredAccount, state: 'ok' | 'missing' | 'unavailable'): Promise<void> {
    if (this.tokens.observe(account, state)) await this.emitChange()
  }

  private async toAccount(stored: StoredAccount): Promise<Account> {
    return { ...stored, tokenState: await this.tokens.known(stored) }
  }

  private async state(tokenState: (account: StoredAccount) => Promise<Account['tokenState']>): Promise<AccountsState> {
    const settings = await this.current()
    const accounts = await Promise.all(settings.accounts.map(async (a) => ({ ...a, tokenState: await tokenState(a) })))
    return { accounts, lastActiveId: settings.lastActiveId }
  }

  private current(): Promise<AccountsSettings> {
    this.settings ??= this.file.load().then((loaded) => {
      this.afterLoad(loaded)
      return loaded.settings
    })
    this.settings.catch(() => {
      this.settings = undefined
    })
    return this.settings
  }

  private afterLoad(loaded: LoadedSettings): void {
    if (loaded.corrupt) {
      const { backup, recovered, dropped } = loaded.corrupt
      this.logger.warn('accounts.json could not be read; it was kept aside and what could be read was recovered', {
        backup,
        recovered,
        dropped,
      })
      this.options.onNotice?.(damagedSettingsNotice(loaded.corrupt))
    }
    // On the queue, so it cannot interleave with a change; it takes only the ids noted before
    // this run, never one an add of this run has just noted.
    this.leftovers = this.queue.run(() => this.removeLeftovers([...loaded.settings.keychainCleanup]))
  }

  /** See crash-leftovers.ts. Never throws: a failure here must not fail a load. */
  private async removeLeftovers(noted: string[]): Promise<void> {
    try {
      const owned = new Set((await this.current()).accounts.map((a) => a.id))
      const settled = await removeCrashLeftovers({ file: this.file, secrets: this.options.secrets, logger: this.logger, noted, owned })
      if (settled.length === 0) return
      await this.applyChange((s) => void (s.keychainCleanup = s.keychainCleanup.filter((id) => !settled.includes(id))), { quiet: true })
    } catch (thrown) {
      this.logger.warn('What an interrupted run left could not be cleaned up', { error: messageOf(thrown) })
    }
  }

  /**
   * Applies a change to a copy, saves it atomically, and only then makes it current, so a
   * failed write leaves memory and disk agreeing. The change may return false for "nothing
   * changed", which skips the write.
   */
  private mutate(change: (settings: AccountsSettings) => boolean | void, options?: ChangeOptions): Promise<void> {
    return this.queue.run(() => this.applyChange(change, options))
  }

  /** mutate's work, for jobs already running on the queue (queue.run inside a job deadlocks). */
  private async applyChange(change: (settings: AccountsSettings) => boolean | void, options: ChangeOptions = {}): Promise<void> {
    const next = structuredClone(await this.current())
    if (change(next) === false) return
    await this.file.save(next)
    this.settings = Promise.resolve(next)
    if (!options.quiet) await this.emitChange()
  }

  /** Pushes the accounts with their token states as known: no keychain read per account. */
  private async emitChange(): Promise<void> {
    if (!this.options.onChange) return
    this.options.onChange(await this.state((account) => this.tokens.known(account)))
  }
}

/** normalizeBaseUrl, with its refusal tied to the form field it is about. */
function checkedBaseUrl(input: string): string {
  try {
    return normalizeBaseUrl(input)
  } catch (thrown) {
    if (thrown instanceof AppErrorException && thrown.appError.code === 'invalid_input') {
      throw appError({ ...thrown.appError, fields: { baseUrl: [thrown.appError.message] } })
    }
    throw thrown
  }
}

function accountGone(): AppErrorException {
  return appError({ code: 'not_found', message: 'This account does not exist; it may have been removed.' })
}

function without(ids: string[], id: string): string[] {
  return ids.filter((other) => other !== id)
}

function findIn(settings: AccountsSettings, accountId: string): StoredAccount {
  const found = settings.accounts.find((a) => a.id === accountId)
  if (!found) throw accountGone()
  return found
}
