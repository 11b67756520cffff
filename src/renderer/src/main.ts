import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { API_KEY } from './lib/api'
import { readFirstSitesView } from './composables/first-view'
import { whenStylesheetsLoaded } from './lib/stylesheets-loaded'
import { applyTheme, cachedTheme } from './lib/theme'
import { createAppRouter } from './router'
import { useAccountsStore } from './stores/accounts'
import { useRememberedViewsStore } from './stores/remembered-views'
import './styles/index.css'

// Before anything mounts: the theme this machine used last, so a dark-theme user does not
// see a light flash while core is asked for the stored setting (which wins once read).
applyTheme(cachedTheme())

const pinia = createPinia()
const app = createApp(App)
// First: the accounts store injects it.
app.provide(API_KEY, window.api)
app.use(pinia)
// The accounts (and the scope they were left in) are asked for before anything mounts: their
// answer travels while the window's frame is built, instead of being asked for once it is
// (the router's first guard waits for this load rather than starting another).
const accounts = useAccountsStore(pinia)
// Opening at the Sites view: its remembered view is read right after the accounts (it is the
// scope's), so the view knows its first window's query as it mounts (composables/first-view.ts).
const firstAccountsLoad = accounts.load().then(() => readFirstSitesView(useRememberedViewsStore(pinia), accounts, window.location.hash))
app.use(createAppRouter(pinia, firstAccountsLoad))
whenStylesheetsLoaded(document, () => app.mount('#app'))
