// A keychain that outlives the app, and an app that dies at a chosen keychain step: the store
// passes calls on to `keychain` (which survives the "restart") and, at the crash point, never
// answers again, so nothing the app meant to do after that step happens, as when the process is
// killed there. The next AccountStore over the same data folder and keychain is the restart.
import type { MemorySecretStore, SecretStore } from '../../../../src/core/secrets'

export interface CrashPoint {
  op: 'set' | 'delete'
  /** before: the process dies as the call starts; after: once the keychain has done it. */
  when: 'before' | 'after'
}

const never = <T>(): Promise<T> => new Promise<T>(() => undefined)

export class CrashingSecretStore implements SecretStore {
  crashed = false

  constructor(
    private readonly keychain: MemorySecretStore,
    private readonly crashAt?: CrashPoint,
  ) {}

  async get(accountId: string): Promise<string | null> {
    if (this.crashed) return never()
    return this.keychain.get(accountId)
  }

  async set(accountId: string, token: string): Promise<void> {
    return this.step('set', () => this.keychain.set(accountId, token))
  }

  async delete(accountId: string): Promise<void> {
    return this.step('delete', () => this.keychain.delete(accountId))
  }

  private async step(op: CrashPoint['op'], work: () => Promise<void>): Promise<void> {
    if (this.crashed) return never()
    if (this.crashAt?.op === op && this.crashAt.when === 'before') return this.crash()
    await work()
    if (this.crashAt?.op === op && this.crashAt.when === 'after') return this.crash()
  }

  private crash(): Promise<never> {
    this.crashed = true
    return never()
  }
}
