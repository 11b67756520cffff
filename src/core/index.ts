export type { Core } from './core'
export { createCore, type CoreOptions } from './create-core'
