// The accounts a person has added: label, base URL and id in accounts.json (see
// settings-file.ts), the token in a SecretStore (the OS keychain). The token never reaches
// the settings file, a log, or an Account handed to a shell.
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { Account, AccountsState } from '../../shared'
import { normalizeBaseUrl } from '../api'
import { AppErrorException, appError } from '../errors'
import type { SecretStore } from '../secrets'
import { SerialQueue } from '../util/serial-queue'
import { accountCacheDir } from './paths'
import { AccountsSettingsFile, type AccountsSettings, type StoredAccount } from './settings-file'
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
}

export class AccountStore {
  private readonly file: AccountsSettingsFile
  private readonly queue = new SerialQueue()
  private settings: Promise<AccountsSettings> | undefined
  private readonly tokens: TokenStates

  constructor(private readonly options: AccountStoreOptions) {
    this.file = new AccountsSettingsFile(options.dataDir)
    this.tokens = new TokenStates(options.secrets)
  }

  /** Every account, with its token state read from the keychain afresh. */
  async list(): Promise<AccountsState> {
    return this.state((account) => this.tokens.refresh(account))
  }

  async get(accountId: string): Promise<Account> {
    return this.toAccount(await this.record(accountId))
  }

  /** The stored record; throws not_found for an id that is not (or no longer) an account. */
  async record(accountId: string): Promise<StoredAccount> {
    return findIn(await this.current(), accountId)
  }

  async findDemo(): Promise<StoredAccount | undefined> {
    return (await this.current()).accounts.find((a) => a.kind === 'demo')
  }

  /** Verifies base URL and token with one request, then saves: a typo is caught at once. */
  async add(input: { label: string; baseUrl: string; token: string }): Promise<Account> {
    const baseUrl = checkedBaseUrl(input.baseUrl)
    await this.options.verifyCredentials(baseUrl, input.token)

    const account: StoredAccount = {
      id: randomUUID(),
      label: input.label,
      baseUrl,
      kind: 'remote',
      createdAt: new Date().toISOString(),
    }
    // Keychain first: if it is locked, nothing is saved and the error says what to do.
    await this.options.secrets.set(account.id, input.token)
    this.tokens.stored(account.id)
    try {
      await this.mutate((s) => {
        s.accounts.push(account)
      })
    } catch (thrown) {
      await this.options.secrets.delete(account.id).catch(() => undefined)
      throw thrown
    }
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
    const account = await this.record(accountId)
    if (account.kind === 'demo') {
      throw appError({
        code: 'invalid_input',
        message: "The demo workspace's token is managed by the app and cannot be replaced.",
      })
    }
    await this.options.verifyCredentials(account.baseUrl, token)
    // Checking the token took a request; the account may have been removed meanwhile. The
    // check and the keychain write are one job on the queue that remove() also runs on, so a
    // token is never written for an account that is already gone (it would be orphaned).
    await this.queue.run(async () => {
      findIn(await this.current(), accountId)
      await this.options.secrets.set(accountId, token)
      this.tokens.stored(accountId)
    })
    await this.emitChange()
    return this.get(accountId)
  }

  /**
   * Removes the keychain entry, the account's cache and its record, as one job on the queue
   * (see replaceToken), and answers the removed record.
   */
  async remove(accountId: string): Promise<StoredAccount> {
    return this.queue.run(async () => {
      const account = findIn(await this.current(), accountId)
      // If the keychain cannot delete the token, the account stays so the person can retry
      // after unlocking it; a token must not be orphaned in the keychain silently.
      await this.secretsFor(account).delete(accountId)
      await rm(accountCacheDir(this.options.dataDir, accountId), { recursive: true, force: true })
      this.tokens.forget(accountId)
      await this.applyChange((s) => {
        s.accounts = s.accounts.filter((a) => a.id !== accountId)
        if (s.lastActiveId === accountId) s.lastActiveId = null
      })
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
    const account = await this.record(accountId)
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
    this.settings ??= this.file.load().then((loaded) => loaded.settings)
    this.settings.catch(() => {
      this.settings = undefined
    })
    return this.settings
  }

  /**
   * Applies a change to a copy, saves it atomically, and only then makes it current, so a
   * failed write leaves memory and disk agreeing. The change may return false for "nothing
   * changed", which skips the write.
   */
  private mutate(change: (settings: AccountsSettings) => boolean | void): Promise<void> {
    return this.queue.run(() => this.applyChange(change))
  }

  /** mutate's work, for jobs already running on the queue (queue.run inside a job deadlocks). */
  private async applyChange(change: (settings: AccountsSettings) => boolean | void): Promise<void> {
    const next = structuredClone(await this.current())
    if (change(next) === false) return
    await this.file.save(next)
    this.settings = Promise.resolve(next)
    await this.emitChange()
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

function findIn(settings: AccountsSettings, accountId: string): StoredAccount {
  const found = settings.accounts.find((a) => a.id === accountId)
  if (!found) throw accountGone()
  return found
}
