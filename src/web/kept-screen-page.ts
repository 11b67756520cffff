// Writes a kept screen (kept-screen.ts) into the app's page as the shell serves it: the markup
// inside the app's root, marked inert, hidden from assistive technology and busy; the theme it
// was painted in on <html>, as the app's first script would set it (renderer/src/lib/theme.ts);
// and a link to each stylesheet it needs that the page does not link already (a lazily loaded
// view's own styles), which the app's loader then finds in place and does not ask for again.
import type { KeptScreen } from './protocol'

/** The app's empty root in the built index.html. */
const APP_ROOT = '<div id="app"></div>'
/** Marks the root as holding a kept screen; its value is the view's route (browser/screen-keeper.ts). */
export const KEPT_ROUTE_ATTRIBUTE = 'data-kept-route'

/**
 * The page with the screen in it, or the page as it was when there is no screen, the page has
 * no empty root, or a stylesheet the screen needs is no longer in the build.
 */
export function withKeptScreen(page: string, screen: KeptScreen | null, stylesheetExists: (href: string) => boolean): string {
  if (screen === null || !page.includes(APP_ROOT) || !screen.stylesheets.every(stylesheetExists)) return page
  const links = screen.stylesheets
    .filter((href) => !page.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('')
  const root = `<div id="app" inert aria-hidden="true" aria-busy="true" ${KEPT_ROUTE_ATTRIBUTE}="${screen.route}">${screen.html}</div>`
  let html = page.replace(APP_ROOT, () => root)
  if (links !== '') html = html.replace(/<\/head>/i, (end) => `${links}${end}`)
  if (screen.theme !== null) {
    const theme = screen.theme
    html = html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => `<html${attributes} data-theme="${theme}" style="color-scheme: ${theme}">`)
  }
  return html
}
