// Writes a kept screen (kept-screen.ts) into the app's page as the shell serves it: the markup
// in an element of its own just before the app's root, laid over the whole window, inert and
// hidden from assistive technology, naming the view it shows; the theme it was painted in on
// <html>, as the app's first script would set it (renderer/src/lib/theme.ts); and the styles it
// needs, so the browser paints it before anything else has arrived:
//
// - the rules of the app's stylesheets that can style the picture, in a <style> of the page
//   (picture-styles.ts), ahead of every stylesheet link: the full sheets, once applied, win
//   every tie as they would alone;
// - each stylesheet the picture needs linked print-only, with a preload beside it: a stylesheet
//   for the screen holds back the page's first paint until it has loaded, a print-only one does
//   not, and the preload fetches it at once at a stylesheet's priority. The bridge, first thing,
//   makes each one a stylesheet for every medium again, in its place in the head (so the
//   stylesheets the app adds later still come after it), and the app mounts once they have loaded
//   (renderer/src/lib/stylesheets-loaded.ts). A stylesheet the picture needs that the page does not
//   link (a lazily loaded view's own) is linked the same way, and the app's loader then finds it
//   in place and does not ask for it again.
//
// The app mounts into its own root underneath; the page's side (browser/screen-keeper.ts) takes
// the picture and its <style> away once the app shows its view.
import { KEPT_MEDIA_ATTRIBUTE, KEPT_ROUTE_ATTRIBUTE, KEPT_SCREEN_ID, KEPT_STYLES_ID, type KeptScreen } from './protocol'
import { pictureRules } from './picture-styles'
import { markupKeys, stylesAny, type ReadStylesheet } from './style-selectors'

/** The app's empty root in the built index.html. */
const APP_ROOT = '<div id="app"></div>'

/**
 * Over everything, as the app's root would be (base.css gives #app the whole height): the app
 * lays itself out underneath meanwhile. The page's policy allows inline styles.
 */
const OVER_THE_WINDOW = 'position:fixed;inset:0;z-index:2147483647;overflow:hidden;background:var(--bg)'

/**
 * The page with the screen in it, or the page as it was when there is no screen, the page has
 * no empty root, or a stylesheet the screen needs is no longer in the build. `stylesheet` gives
 * the build's stylesheet at an href, read (style-selectors.ts), or null when the build has no such file.
 */
export function withKeptScreen(page: string, screen: KeptScreen | null, stylesheet: (href: string) => ReadStylesheet | null): string {
  if (screen === null || !page.includes(APP_ROOT)) return page
  const sheets = screen.stylesheets.map((href) => ({ href, read: stylesheet(href) }))
  if (sheets.some((sheet) => sheet.read === null)) return page
  // Only the stylesheets the picture holds something of: a dialog's or another view's styles
  // are left to the app, which links them when it shows them.
  const inPicture = markupKeys(screen.html)
  const needed = sheets.filter(({ read }) => stylesAny(read!.keys, inPicture))
  const rules = needed.map(({ read }) => pictureRules(read!.items, inPicture)).join('')

  // The rules are written only where they mean in the page what they meant in their sheet. Not
  // with "</style" (in a string, it would end the <style> early), not with url() or @import (a
  // relative address would be read from the page's, not the sheet's) and not with @layer (a
  // layer left out would change the order of the others). The build has none of these today;
  // should it have one, the stylesheets are linked for the screen, as the page has them, and
  // hold its paint back as before.
  const inline = rules !== '' && !/<\/style|url\(|@import|@layer/i.test(rules)
  // The page's own links are worked on before the picture is in (its markup is the browser's).
  let html = page
  let added = ''
  for (const { href } of needed) {
    const link = linkTag(html, href)
    if (link === null) added += inline ? deferredLink(href) : `<link rel="stylesheet" crossorigin href="${href}">`
    else if (inline && /\brel="stylesheet"/.test(link) && !/\bmedia=/.test(link)) html = html.replace(link, () => deferredLink(href))
  }
  if (added !== '') html = html.replace(/<\/head>/i, (end) => `${added}${end}`)
  if (inline) {
    const style = `<style id="${KEPT_STYLES_ID}">${rules}</style>`
    const firstSheet = html.search(/<link\b[^>]*\brel="(?:stylesheet|preload)"/i)
    const headEnd = html.search(/<\/head>/i)
    const at = firstSheet !== -1 && (headEnd === -1 || firstSheet < headEnd) ? firstSheet : headEnd
    if (at !== -1) html = `${html.slice(0, at)}${style}${html.slice(at)}`
  }
  const picture = `<div id="${KEPT_SCREEN_ID}" inert aria-hidden="true" ${KEPT_ROUTE_ATTRIBUTE}="${screen.route}" style="${OVER_THE_WINDOW}">${screen.html}</div>`
  html = html.replace(APP_ROOT, () => `${picture}${APP_ROOT}`)
  if (screen.theme !== null) {
    const theme = screen.theme
    html = html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => `<html${attributes} data-theme="${theme}" style="color-scheme: ${theme}">`)
  }
  return html
}

/** The page's <link> naming this href, or null. */
function linkTag(html: string, href: string): string | null {
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) if (tag.includes(`href="${href}"`)) return tag
  return null
}

/** A stylesheet that holds back nothing while the picture paints, fetched at once (see the top). */
function deferredLink(href: string): string {
  return `<link rel="preload" as="style" crossorigin href="${href}"><link rel="stylesheet" crossorigin href="${href}" media="print" ${KEPT_MEDIA_ATTRIBUTE}>`
}
