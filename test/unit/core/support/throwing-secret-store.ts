// A SecretStore that behaves like a locked keychain: every call throws keychain_unavailable.
import { keychainUnavailable, type SecretStore } from '../../../../src/core/secrets'

export class LockedSecretStore implements SecretStore {
  async get(): Promise<string | null> {
    throw keychainUnavailable(new Error('Object does not exist at path "/org/freedesktop/secrets/collection/login"'))
  }
  async set(): Promise<void> {
    throw keychainUnavailable(new Error('Object does not exist at path "/org/freedesktop/secrets/collection/login"'))
  }
  async delete(): Promise<void> {
    throw keychainUnavailable(new Error('Object does not exist at path "/org/freedesktop/secrets/collection/login"'))
  }
}
