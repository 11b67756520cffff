// The API client room of core: the SiteApi contract and its undici implementation.
export type { FullRead, ListProgress, SiteApi, SiteApiClientOptions } from './site-api'
export { SiteApiClient, createSiteApiClient, CLIENT_DEFAULTS, DEFAULT_USER_AGENT, type SiteApiClientConfig } from './site-api-client'
export { normalizeBaseUrl, isWithinBaseUrl, isLoopbackHost } from './base-url'
export { realTiming, type Timing } from './timing'
