// The bridge to core, handed to the stores by provide/inject (the Pinia docs' pattern for a
// store's backend): main.ts provides window.api, a test provides its fake. No store or view
// reads window.api itself, so nothing depends on a global being there.
import { inject, type InjectionKey, type Plugin } from 'vue'
import type { SiteManagerApi } from '../../../shared'

export const API_KEY: InjectionKey<SiteManagerApi> = Symbol('site-manager-api')

/** The API the app provides; inside a setup store or a component's setup only. */
export function useApi(): SiteManagerApi {
  const api = inject(API_KEY, null)
  if (!api) throw new Error('The Site Manager API was not provided: call app.provide(API_KEY, api) before using a store.')
  return api
}

/** `app.use(provideApi(api))`: the same as app.provide(API_KEY, api), as a plugin. */
export function provideApi(api: SiteManagerApi): Plugin {
  return { install: (app) => void app.provide(API_KEY, api) }
}
