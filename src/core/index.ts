export type { Core } from './core'
export { createCore, type CoreOptions } from './create-core'
export { KeytarSecretStore, MemorySecretStore, type SecretStore } from './secrets'
