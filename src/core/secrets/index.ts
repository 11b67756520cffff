export { type SecretStore, keychainUnavailable } from './secret-store'
export { KeytarSecretStore, type KeytarApi } from './keytar-secret-store'
export { MemorySecretStore } from './memory-secret-store'
