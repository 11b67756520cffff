// What the window's page and the web shell's own code in that page (web/browser/screen-keeper.ts)
// agree on: the view an address naming none opens on, the element the views are shown in, and
// where the page keeps the theme it was last painted in. No Node, no DOM.

/** The view an address naming none opens on (the router's redirect from "/"). */
export const HOME_ROUTE = '/overview'

/** Marks the element the app shows its views in (App.vue): a kept screen stays until it holds one. */
export const VIEW_HOST_ATTRIBUTE = 'data-view-host'

/** localStorage: the theme preference the page last applied ('light', 'dark' or 'system'). */
export const THEME_CACHE_KEY = 'site-manager.theme'
