// An in-memory SecretStore for tests and for places where nothing may touch the keychain.
import type { SecretStore } from './secret-store'

export class MemorySecretStore implements SecretStore {
  private readonly secrets = new Map<string, string>()

  async get(accountId: string): Promise<string | null> {
    return this.secrets.get(accountId) ?? null
  }

  async set(accountId: string, token: string): Promise<void> {
    this.secrets.set(accountId, token)
  }

  async delete(accountId: string): Promise<void> {
    this.secrets.delete(accountId)
  }

  /** How many entries are stored; lets tests prove that nothing was left behind. */
  get size(): number {
    return this.secrets.size
  }

  /** The accounts with an entry; lets tests prove which entries were left behind. */
  ids(): string[] {
    return [...this.secrets.keys()]
  }
}
