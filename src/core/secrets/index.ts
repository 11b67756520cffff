export { type SecretStore, keychainNoAnswer, keychainUnavailable } from './secret-store'
export {
  KeytarSecretStore,
  KEYCHAIN_DEADLINE_MS,
  loadKeytarForThisProcess,
  loadKeytarInProcess,
  type KeytarApi,
  type KeytarSecretStoreOptions,
} from './keytar-secret-store'
export { KeytarHost, type KeytarHostOptions } from './keytar-host'
export { KeychainGate, type KeychainGateOptions } from './keychain-gate'
export { MemorySecretStore } from './memory-secret-store'
