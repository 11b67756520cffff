// Writes a kept screen (kept-screen.ts) into the app's page as the shell serves it: the markup
// in an element of its own just before the app's root, laid over the whole window, inert and
// hidden from assistive technology, naming the view it shows; the theme it was painted in on
// <html>, as the app's first script would set it (renderer/src/lib/theme.ts); and a link to each
// stylesheet it needs that the page does not link already (a lazily loaded view's own styles),
// which the app's loader then finds in place and does not ask for again. The app mounts into
// its own root underneath; the page's side (browser/screen-keeper.ts) takes the picture away
// once the app shows its view.
import { KEPT_ROUTE_ATTRIBUTE, KEPT_SCREEN_ID, type KeptScreen } from './protocol'
import { markupKeys, stylesAny, type SelectorKeys } from './style-selectors'

/** The app's empty root in the built index.html. */
const APP_ROOT = '<div id="app"></div>'

/**
 * Over everything, as the app's root would be (base.css gives #app the whole height): the app
 * lays itself out underneath meanwhile. The page's policy allows inline styles.
 */
const OVER_THE_WINDOW = 'position:fixed;inset:0;z-index:2147483647;overflow:hidden;background:var(--bg)'

/**
 * The page with the screen in it, or the page as it was when there is no screen, the page has
 * no empty root, or a stylesheet the screen needs is no longer in the build. `stylesheetKeys`
 * gives what a stylesheet's selectors require (style-selectors.ts), or null when the build has no such file.
 */
export function withKeptScreen(page: string, screen: KeptScreen | null, stylesheetKeys: (href: string) => SelectorKeys | null): string {
  if (screen === null || !page.includes(APP_ROOT)) return page
  const sheets = screen.stylesheets.map((href) => ({ href, keys: stylesheetKeys(href) }))
  if (sheets.some((sheet) => sheet.keys === null)) return page
  // A stylesheet is linked only when the picture holds something it styles: each one in the
  // head holds back the page's scripts until it has loaded (a dialog's or another view's styles
  // would, for nothing; the app links them itself when it shows them).
  const inPicture = markupKeys(screen.html)
  const links = sheets
    .filter(({ href, keys }) => !page.includes(`href="${href}"`) && stylesAny(keys!, inPicture))
    .map(({ href }) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('')
  const picture = `<div id="${KEPT_SCREEN_ID}" inert aria-hidden="true" ${KEPT_ROUTE_ATTRIBUTE}="${screen.route}" style="${OVER_THE_WINDOW}">${screen.html}</div>`
  let html = page.replace(APP_ROOT, () => `${picture}${APP_ROOT}`)
  if (links !== '') html = html.replace(/<\/head>/i, (end) => `${links}${end}`)
  if (screen.theme !== null) {
    const theme = screen.theme
    html = html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => `<html${attributes} data-theme="${theme}" style="color-scheme: ${theme}">`)
  }
  return html
}
