// An AccountStore over a data folder, with in-memory secret stores and every change it
// announces recorded: the one definition the account tests build their store with.
import type { AccountsState } from '../../../../src/shared'
import { AccountStore, type AccountStoreOptions } from '../../../../src/core/accounts'
import { MemorySecretStore, type SecretStore } from '../../../../src/core/secrets'

export interface AccountStoreFixture<S extends SecretStore> {
  store: AccountStore
  secrets: S
  /** Every state the store announced, oldest first. */
  changes: AccountsState[]
}

type Verify = AccountStoreOptions['verifyCredentials']

/** With a fresh in-memory secret store, or the one given (a locked or counting one). */
export function makeAccountStore(dataDir: string, verifyCredentials: Verify): AccountStoreFixture<MemorySecretStore>
export function makeAccountStore<S extends SecretStore>(dataDir: string, verifyCredentials: Verify, secrets: S): AccountStoreFixture<S>
export function makeAccountStore(dataDir: string, verifyCredentials: Verify, secrets: SecretStore = new MemorySecretStore()): AccountStoreFixture<SecretStore> {
  const changes: AccountsState[] = []
  const store = new AccountStore({
    dataDir,
    secrets,
    demoSecrets: new MemorySecretStore(),
    verifyCredentials,
    onChange: (state) => changes.push(state),
  })
  return { store, secrets, changes }
}
