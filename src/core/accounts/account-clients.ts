// One SiteApi client per account, created on first use with the token from the account's
// secret store, kept for later calls, and closed when the account's token changes or the
// account goes away. A 401 from any call marks the account's token as refused.
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

export class AccountClients {
  private readonly clients = new Map<string, Promise<SiteApi>>()

  constructor(private readonly options: AccountClientsOptions) {}

  /** Runs work with the account's client; a 401 marks the account's token as refused. */
  async run<T>(accountId: string, work: (api: SiteApi) => Promise<T>): Promise<T> {
    const api = await this.clientFor(accountId)
    try {
      return await work(api)
    } catch (thrown) {
      if (thrown instanceof AppErrorException && thrown.appError.code === 'unauthorized') {
        await this.options.store.markRefused(accountId)
      }
      throw thrown
    }
  }

  /** Closes and drops the account's client; the next call makes a new one. */
  async forget(accountId: string): Promise<void> {
    const client = this.clients.get(accountId)
    this.clients.delete(accountId)
    await closeQuietly(client)
  }

  async closeAll(): Promise<void> {
    const all = [...this.clients.values()]
    this.clients.clear()
    await Promise.all(all.map(closeQuietly))
  }

  private clientFor(accountId: string): Promise<SiteApi> {
    let client = this.clients.get(accountId)
    if (!client) {
      client = this.create(accountId)
      this.clients.set(accountId, client)
      // A failed creation (keychain locked, token missing) is not kept: the next call retries.
      client.catch(() => {
        if (this.clients.get(accountId) === client) this.clients.delete(accountId)
      })
    }
    return client
  }

  private async create(accountId: string): Promise<SiteApi> {
    const { store, prepare, createClient } = this.options
    const account = await store.record(accountId)
    const baseUrl = prepare ? await prepare(account) : account.baseUrl
    const token = await store.tokenFor(accountId)
    return createClient({ baseUrl, token })
  }
}

async function closeQuietly(client: Promise<SiteApi> | undefined): Promise<void> {
  if (!client) return
  try {
    await (await client).close()
  } catch {
    // A client that never came to be, or fails to close, has nothing left to release.
  }
}
