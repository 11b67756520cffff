// One SiteApi client per account, created on first use with the token from the account's
// secret store, kept for later calls, and closed when the account's token changes or the
// account goes away. Each client comes with an AbortController whose signal every call of the
// account runs under, so forgetting the account ends its long reads (sites:all) at once.
// A 401 marks the account's token as refused, but only for the token the client carried: a
// request of an old client still running after a token replacement must not refuse the new one.
import type { SiteApi } from '../api/site-api'
import { AppErrorException } from '../errors'
import type { AccountStore } from './account-store'
import type { StoredAccount } from './settings-file'
import type { CreateSiteApi } from './verify-credentials'

export interface AccountClientsOptions {
  store: AccountStore
  createClient: CreateSiteApi
  /**
   * Gets an account ready before its client is made and answers the base URL to use: the
   * demo starts its server here (its port changes with every launch).
   */
  prepare?: (account: StoredAccount) => Promise<string>
}

interface Entry {
  client: Promise<SiteApi>
  /** Aborted by forget: cancels every call of this client. */
  controller: AbortController
  /** The token generation the client was built with (AccountStore.tokenGeneration). */
  generation: number
}

export class AccountClients {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly options: AccountClientsOptions) {}

  /**
   * Runs work with the account's client and a signal that aborts when the account is forgotten
   * (removed, token replaced); a 401 marks the account's token as refused.
   */
  async run<T>(accountId: string, work: (api: SiteApi, signal: AbortSignal) => Promise<T>): Promise<T> {
    const entry = this.entryFor(accountId)
    const api = await entry.client
    try {
      return await work(api, entry.controller.signal)
    } catch (thrown) {
      if (thrown instanceof AppErrorException && thrown.appError.code === 'unauthorized') {
        await this.options.store.markRefused(accountId, entry.generation)
      }
      throw thrown
    }
  }

  /** Cancels the account's calls, closes and drops its client; the next call makes a new one. */
  async forget(accountId: string): Promise<void> {
    const entry = this.entries.get(accountId)
    this.entries.delete(accountId)
    await closeQuietly(entry)
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()]
    this.entries.clear()
    await Promise.all(all.map(closeQuietly))
  }

  private entryFor(accountId: string): Entry {
    let entry = this.entries.get(accountId)
    if (!entry) {
      // Read before the token: if a new token is stored meanwhile, the client may carry it
      // under the old generation, and its 401 is ignored; never the other way round.
      const generation = this.options.store.tokenGeneration(accountId)
      const created: Entry = { client: this.create(accountId), controller: new AbortController(), generation }
      this.entries.set(accountId, created)
      // A failed creation (keychain locked, token missing) is not kept: the next call retries.
      created.client.catch(() => {
        if (this.entries.get(accountId) === created) this.entries.delete(accountId)
      })
      entry = created
    }
    return entry
  }

  private async create(accountId: string): Promise<SiteApi> {
    const { store, prepare, createClient } = this.options
    const account = await store.requireAccount(accountId)
    const baseUrl = prepare ? await prepare(account) : account.baseUrl
    const token = await store.tokenFor(accountId)
    return createClient({ baseUrl, token })
  }
}

async function closeQuietly(entry: Entry | undefined): Promise<void> {
  if (!entry) return
  entry.controller.abort()
  try {
    await (await entry.client).close()
  } catch {
    // A client that never came to be, or fails to close, has nothing left to release.
  }
}
