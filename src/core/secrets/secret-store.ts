// Where account tokens live. The real store is the OS keychain (keytar); tests pass an
// in-memory one (Element Desktop's storage backends are the model). Every method throws
// AppErrorException 'keychain_unavailable' when the keychain cannot be reached.
export interface SecretStore {
  /** The stored token, or null when there is none. */
  get(accountId: string): Promise<string | null>
  set(accountId: string, token: string): Promise<void>
  /** Removes the entry; removing an absent entry is not an error. */
  delete(accountId: string): Promise<void>
}

export { keychainNoAnswer, keychainUnavailable } from './keychain-errors'
