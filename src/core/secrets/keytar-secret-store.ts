// The OS keychain through keytar: the Secret Service on Linux, Keychain on macOS, the
// Credential Vault on Windows. keytar is loaded on first use, so a missing native module or a
// missing session bus becomes 'keychain_unavailable' on the call that needed it, instead of a
// crash at start. Every call goes through one KeychainGate: one at a time, each answered within
// a deadline, so a keychain that hangs cannot take the app's file I/O down with it.
import { AppErrorException } from '../errors'
import { KeychainGate } from './keychain-gate'
import { keychainNoAnswer, keychainUnavailable } from './keychain-errors'
import { KeytarHost } from './keytar-host'
import type { SecretStore } from './secret-store'

/** The part of keytar this store uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  /** A call overran its deadline: end it if possible (KeytarHost ends its process). */
  abandon?(): void
}

/** keytar in this process. */
export async function loadKeytarInProcess(): Promise<KeytarApi> {
  const mod = (await import('keytar')) as KeytarApi & { default?: KeytarApi }
  // keytar is CommonJS: under ESM its functions sit on the default export.
  return mod.default ?? mod
}

/**
 * keytar in a child process under plain Node (the web shell): libsecret keeps its connection
 * to the keychain daemon for the life of the process, so only a new process reaches a
 * restarted daemon. Under Electron, process.execPath is the app itself and may not run as
 * Node (the RunAsNode fuse), so keytar stays in the process there.
 */
export async function loadKeytarForThisProcess(): Promise<KeytarApi> {
  return process.versions.electron ? loadKeytarInProcess() : new KeytarHost()
}

/** Long enough for a healthy keychain (tens of ms), short enough that the app never seems hung. */
export const KEYCHAIN_DEADLINE_MS = 4000

export interface KeytarSecretStoreOptions {
  /** How keytar is reached; default loadKeytarForThisProcess. Tests inject a fake binding. */
  load?: () => Promise<KeytarApi>
  deadlineMs?: number
}

export class KeytarSecretStore implements SecretStore {
  private keytar: Promise<KeytarApi> | undefined
  private loaded: KeytarApi | undefined
  private readonly gate: KeychainGate
  private readonly load: () => Promise<KeytarApi>

  /** @param service the keychain service name, the app's name, e.g. "Site Manager". */
  constructor(
    private readonly service: string,
    options: KeytarSecretStoreOptions = {},
  ) {
    this.load = options.load ?? loadKeytarForThisProcess
    const deadlineMs = options.deadlineMs ?? KEYCHAIN_DEADLINE_MS
    this.gate = new KeychainGate({
      deadlineMs,
      noAnswer: () => keychainNoAnswer(deadlineMs),
      onOverrun: () => this.loaded?.abandon?.(),
    })
  }

  /**
   * null means "no entry"; a read that fails (no Secret Service, no session bus, keytar not
   * loadable, no answer in time) throws keychain_unavailable, which the accounts show as
   * tokenState 'unavailable'. A locked gnome-keyring whose unlock prompt fails at once cannot
   * be told apart here: libsecret answers the lookup with null. keytar's findCredentials
   * crashes the process in that state (gnome-keyring 42), so this store never calls it.
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
      return await this.gate.run(async () => work(await this.module()))
    } catch (thrown) {
      // The gate's own answer (no answer in time) is already the AppError to show.
      if (thrown instanceof AppErrorException) throw thrown
      throw keychainUnavailable(thrown)
    }
  }

  private module(): Promise<KeytarApi> {
    this.keytar ??= this.load().then(
      (keytar) => (this.loaded = keytar),
      (thrown: unknown) => {
        // Not cached: each later call tries again and reports its own failure.
        this.keytar = undefined
        throw thrown
      },
    )
    return this.keytar
  }
}
