// The OS keychain through keytar: the Secret Service on Linux, Keychain on macOS, the
// Credential Vault on Windows. keytar is loaded on first use with a dynamic import, so a
// missing native module or a missing session bus becomes 'keychain_unavailable' on the
// call that needed it, instead of a crash at start.
import type { SecretStore } from './secret-store'
import { keychainUnavailable } from './secret-store'

/** The part of keytar this store uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

async function loadKeytar(): Promise<KeytarApi> {
  const mod = (await import('keytar')) as KeytarApi & { default?: KeytarApi }
  // keytar is CommonJS: under ESM its functions sit on the default export.
  return mod.default ?? mod
}

export class KeytarSecretStore implements SecretStore {
  private keytar: Promise<KeytarApi> | undefined

  /** @param service the keychain service name, the app's name, e.g. "Site Manager". */
  constructor(
    private readonly service: string,
    private readonly load: () => Promise<KeytarApi> = loadKeytar,
  ) {}

  /**
   * null means "no entry"; a read that fails (no Secret Service, no session bus, keytar not
   * loadable) throws keychain_unavailable, which the accounts show as tokenState 'unavailable'.
   * A locked gnome-keyring cannot be told apart here: libsecret answers its lookup with null
   * once the unlock prompt fails, and keytar's findCredentials crashes the process in that
   * state (seen with gnome-keyring 42), so it cannot serve as a probe. Such an account shows
   * as 'missing' until the keyring is unlocked; storing a token then fails as unavailable.
   */
  async get(accountId: string): Promise<string | null> {
    const token = await this.call((k) => k.getPassword(this.service, accountId))
    // An empty entry cannot be a token; treat it as none.
    return token ? token : null
  }

  async set(accountId: string, token: string): Promise<void> {
    await this.call((k) => k.setPassword(this.service, accountId, token))
  }

  async delete(accountId: string): Promise<void> {
    await this.call((k) => k.deletePassword(this.service, accountId))
  }

  private async call<T>(work: (keytar: KeytarApi) => Promise<T>): Promise<T> {
    try {
      return await work(await this.module())
    } catch (thrown) {
      throw keychainUnavailable(thrown)
    }
  }

  private module(): Promise<KeytarApi> {
    this.keytar ??= this.load().catch((thrown: unknown) => {
      // Not cached: each later call tries again and reports its own failure.
      this.keytar = undefined
      throw thrown
    })
    return this.keytar
  }
}
