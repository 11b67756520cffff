// Hash history: the renderer is loaded from file:// under Electron and from / in the web shell.
import { createRouter, createWebHashHistory, type RouteLocationRaw } from 'vue-router'
import type { Pinia } from 'pinia'
import { HOME_ROUTE } from '../../shared'
import { useAccountsStore } from './stores/accounts'
// The Sites view, in the first bundle: it is where most work happens and a link from any
// overview figure lands there without waiting for a chunk from a web shell busy with its
// startup sync. The others, the Overview included (it brings the chart library), load on
// first visit.
import SitesView from './views/SitesView.vue'

/**
 * `firstAccountsLoad`: the accounts' load main.ts started before the window mounted; the first
 * navigation waits for it instead of asking again.
 */
export function createAppRouter(pinia: Pinia, firstAccountsLoad?: Promise<void>) {
  const router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', redirect: HOME_ROUTE },
      { path: '/welcome', name: 'welcome', component: () => import('./views/WelcomeView.vue'), meta: { bare: true } },
      // The first view once an account exists; its chart library loads with it (chart.js, in
      // its own chunk), never with the first bundle.
      { path: '/overview', name: 'overview', component: () => import('./views/OverviewView.vue') },
      { path: '/sites', name: 'sites', component: SitesView },
      {
        path: '/sites/:id(\\d+)',
        name: 'site',
        component: () => import('./views/SiteDetailView.vue'),
        // ?account=<id>: a site of another account than the active one (from the All accounts
        // scope), read and acted on in that account without switching.
        props: (route) => ({
          id: Number(route.params.id),
          accountId: typeof route.query.account === 'string' && route.query.account !== '' ? route.query.account : null,
        }),
      },
      { path: '/tags', name: 'tags', component: () => import('./views/TagsView.vue') },
      { path: '/events', name: 'events', component: () => import('./views/EventsView.vue') },
      { path: '/reports', name: 'reports', component: () => import('./views/ReportsView.vue') },
      // The report's own page, printed without the app around it (browser print, printToPDF).
      { path: '/reports/print', name: 'report-print', component: () => import('./views/ReportPrintView.vue'), meta: { bare: true } },
      { path: '/accounts', name: 'accounts', component: () => import('./views/AccountsView.vue') },
      { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue') },
      { path: '/about', name: 'about', component: () => import('./views/AboutView.vue') },
      { path: '/:pathMatch(.*)*', redirect: HOME_ROUTE },
    ],
  })

  // Without an account there is nothing to show but the welcome screen, and with one the
  // welcome screen is replaced by the Accounts view's own "Add account".
  router.beforeEach(async (to): Promise<RouteLocationRaw | true> => {
    const accounts = useAccountsStore(pinia)
    if (accounts.status === 'loading' && firstAccountsLoad) await firstAccountsLoad
    if (accounts.status === 'idle') await accounts.load()
    if (accounts.status === 'error') return true
    if (!accounts.hasAccounts && to.name !== 'welcome') return { name: 'welcome' }
    if (accounts.hasAccounts && to.name === 'welcome') return { name: 'overview' }
    return true
  })

  // A view's code is loaded on its first visit. When the app was rebuilt while this page was
  // open (`npm start` or `npm run build` run again next to an open web shell tab, or in
  // development), the page still asks for the old file names, the load fails and the click
  // would do nothing at all. Loading the page afresh at the address asked for fetches the
  // current build; once per address, so a file that is really missing cannot loop.
  router.onError((error: unknown, to) => {
    if (!isFailedViewLoad(error)) return
    const href = router.resolve(to).href
    if (sessionStorage.getItem(RELOADED_FOR) === href) return
    sessionStorage.setItem(RELOADED_FOR, href)
    // Only the address changes here (no hashchange, so no second try of the failed load).
    window.history.replaceState(window.history.state, '', href)
    window.location.reload()
  })
  router.afterEach((_to, _from, failure) => {
    if (!failure) sessionStorage.removeItem(RELOADED_FOR)
  })

  return router
}

const RELOADED_FOR = 'site-manager:reloaded-for'

/** Chromium, Firefox and WebKit word a failed import() of a module differently. */
function isFailedViewLoad(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed/i.test(message)
}
