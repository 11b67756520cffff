// Core's query engine of the Sites table (sites-query-engine.ts) and its pure entry points.
export { SitesQueryEngine, scopeRevision } from './sites-query-engine'
export { querySites, scopeAccounts, missingAccounts } from './query-sites'
export { scopeAccountSummary } from './scope-summary'
export type { QueryAccount } from './scope-rows'
export { searchKeyOf, searchWords, narrows } from './search-key'
export { compareVersionsDescending } from './text-order'
