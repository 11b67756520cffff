// Hash history: the renderer is loaded from file:// under Electron and from / in the web shell.
import { createRouter, createWebHashHistory, type RouteLocationRaw } from 'vue-router'
import type { Pinia } from 'pinia'
import { useAccountsStore } from './stores/accounts'

export function createAppRouter(pinia: Pinia) {
  const router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/', redirect: '/sites' },
      { path: '/welcome', name: 'welcome', component: () => import('./views/WelcomeView.vue'), meta: { bare: true } },
      { path: '/sites', name: 'sites', component: () => import('./views/SitesView.vue') },
      {
        path: '/sites/:id(\\d+)',
        name: 'site',
        component: () => import('./views/SiteDetailView.vue'),
        props: (route) => ({ id: Number(route.params.id) }),
      },
      { path: '/tags', name: 'tags', component: () => import('./views/TagsView.vue') },
      { path: '/events', name: 'events', component: () => import('./views/EventsView.vue') },
      { path: '/accounts', name: 'accounts', component: () => import('./views/AccountsView.vue') },
      { path: '/:pathMatch(.*)*', redirect: '/sites' },
    ],
  })

  // Without an account there is nothing to show but the welcome screen, and with one the
  // welcome screen is replaced by the Accounts view's own "Add account".
  router.beforeEach(async (to): Promise<RouteLocationRaw | true> => {
    const accounts = useAccountsStore(pinia)
    if (accounts.status === 'idle') await accounts.load()
    if (accounts.status === 'error') return true
    if (!accounts.hasAccounts && to.name !== 'welcome') return { name: 'welcome' }
    if (accounts.hasAccounts && to.name === 'welcome') return { name: 'sites' }
    return true
  })

  return router
}
