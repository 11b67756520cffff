// The reference server: a faithful local implementation of the Site Management API v1 for the
// demo workspace and the tests. See server.ts for the composition and types.ts for the options.
export type { ReferenceServerFaults, ReferenceServerOptions, RunningReferenceServer } from './types'
export { startReferenceServer } from './server'
export { DEFAULT_FAULTS } from './faults'
export { formatTimestamp } from './clock'
