// The page's side of the kept screen (web/kept-screen.ts). Two jobs:
//
// - At open, a page the shell served with the last screen over the app's root: an address
//   naming no view (the shell's launch address) opens on the view the screen shows, as the
//   window was left; an address naming another view takes the screen away at once. Otherwise
//   the app mounts underneath and the screen stays until the app's view host holds a view with
//   nothing loading in it: the app's first frames (its frame without a view while the first
//   navigation waits for the accounts, a view's first skeleton) are never seen between the
//   picture and the app's own rows. It goes anyway a while after the mount (the app's own
//   loading state is then the truer one), and should the app never mount, after a longer while
//   rather than pass for a working window.
// - Once the app runs, each time its screen has settled (no change for a second, nothing
//   loading, nothing scrolled, since a page opens at the top of its view, the page in sight)
//   the screen is sent to the shell in the browser's idle time, if it changed: serialized from
//   a copy with the search box's text written in, without comments, without what is marked
//   data-not-kept (toasts, banners of a passing state), and with no other field's value (a token
//   field's text never leaves the page).
import { HOME_ROUTE, THEME_CACHE_KEY, VIEW_HOST_ATTRIBUTE } from '../../shared/window-page'
import { encodeKeepScreen, KEPT_MEDIA_ATTRIBUTE, KEPT_ROUTE_ATTRIBUTE, KEPT_SCREEN_ID, KEPT_STYLES_ID, keptScreenProblem, MAX_MESSAGE_BYTES, routeOfHash, STYLESHEET_HREF, type KeptScreen } from '../protocol'

/** How long a screen must stay unchanged before it is kept. */
export const SETTLED_MS = 1_000
/** How long after the app's mount the picture waits for the app's view at most. */
export const VIEW_WAIT_MS = 2_000
/** A kept screen the app has not mounted under by then goes. */
export const KEPT_SCREEN_TIMEOUT_MS = 15_000
/** Views never kept: a report's print page opens on its own, the welcome screen only until an account exists. */
const NOT_KEPT_ROUTE = /\/print$|^\/welcome$/

export interface KeeperTimers {
  setTimeout(callback: () => void, ms: number): number
  clearTimeout(id: number): void
}

/** The slice of the page's History and Location releaseKeptScreen needs (tests pass their own). */
export interface KeeperAddress {
  location: { hash: string }
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void }
}

/** The app has shown a view: its view host holds one, with nothing in it loading. */
function viewShown(app: HTMLElement): boolean {
  const host = app.querySelector(`[${VIEW_HOST_ATTRIBUTE}]`)
  return host !== null && host.childElementCount > 0 && host.querySelector('[aria-busy="true"]') === null
}

/**
 * First thing at open: each stylesheet the shell linked print-only while the picture painted
 * (web/kept-screen-page.ts) is for every medium again, in its place, before the app's scripts
 * run (the app mounts once they have loaded: renderer/src/lib/stylesheets-loaded.ts).
 */
export function restoreKeptStylesheets(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${KEPT_MEDIA_ATTRIBUTE}]`)) {
    link.removeAttribute('media')
    link.removeAttribute(KEPT_MEDIA_ATTRIBUTE)
  }
}

/**
 * The picture goes, and the rules written for it: the app's stylesheets hold them all. Before
 * the app has mounted (an address naming another view, no app root) the stylesheets may still
 * be on their way, and the page's colours and fonts are in those rules meanwhile: they go once
 * the page has loaded (its stylesheets with it).
 */
function takeAway(kept: HTMLElement, doc: Document, beforeMount = false): void {
  kept.remove()
  const styles = doc.getElementById(KEPT_STYLES_ID)
  if (styles === null) return
  const view = doc.defaultView
  if (beforeMount && view !== null && doc.readyState !== 'complete') view.addEventListener('load', () => styles.remove(), { once: true })
  else styles.remove()
}

/**
 * At open, before the app's scripts read the address: the kept screen stays until the app has
 * shown its view, unless the address names another view; an address naming none is given the
 * screen's view, so the window opens where it was left.
 */
export function releaseKeptScreen(doc: Document, address: KeeperAddress, timers: KeeperTimers = window, waits = { viewMs: VIEW_WAIT_MS, timeoutMs: KEPT_SCREEN_TIMEOUT_MS }): void {
  const kept = doc.getElementById(KEPT_SCREEN_ID)
  const app = doc.getElementById('app')
  if (!kept) return
  const keptRoute = kept.getAttribute(KEPT_ROUTE_ATTRIBUTE) ?? ''
  const hash = address.location.hash
  if (hash === '' || hash === '#' || hash === '#/') {
    // The router would send it to HOME_ROUTE.
    if (keptRoute !== HOME_ROUTE && keptRoute !== '') address.history.replaceState(address.history.state, '', `#${keptRoute}`)
  } else if (routeOfHash(hash) !== keptRoute) {
    takeAway(kept, doc, true)
    return
  }
  if (!app) {
    takeAway(kept, doc, true)
    return
  }
  let viewTimer = 0
  const observer = new MutationObserver(() => {
    if (viewTimer === 0 && app.childElementCount > 0) viewTimer = timers.setTimeout(release, waits.viewMs)
    if (viewShown(app)) release()
  })
  const timeout = timers.setTimeout(release, waits.timeoutMs)
  function release(): void {
    observer.disconnect()
    timers.clearTimeout(timeout)
    if (viewTimer !== 0) timers.clearTimeout(viewTimer)
    takeAway(kept!, doc)
  }
  // Run before the browser paints the mutation's result: the picture goes in the frame the view comes.
  observer.observe(app, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] })
}

/** The screen as it is now, or null when it is not one to keep (still kept, loading, scrolled, or a print page). */
export function captureScreen(doc: Document, anyScrolled: () => boolean = () => false): KeptScreen | null {
  const app = doc.getElementById('app')
  const view = doc.defaultView
  if (!app || !view || doc.getElementById(KEPT_SCREEN_ID) !== null || app.childElementCount === 0) return null
  if (doc.visibilityState === 'hidden') return null
  const route = routeOfHash(view.location.hash)
  if (route === '' || route === '/' || NOT_KEPT_ROUTE.test(route)) return null
  if (app.querySelector('[aria-busy="true"]') !== null || view.scrollY > 0 || view.scrollX > 0) return null
  if (anyScrolled()) return null
  const stylesheets = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => pageRelative(link.href, view.location.origin))
  if (!stylesheets.every((href): href is string => href !== null && STYLESHEET_HREF.test(href))) return null
  return { html: serializeApp(app, view.innerHeight), theme: chosenTheme(doc), stylesheets, route }
}

/**
 * The theme the person chose, as painted: none when the window follows the system's (which may
 * have changed by the next open; the stylesheet follows it by itself until the app runs).
 */
function chosenTheme(doc: Document): KeptScreen['theme'] {
  let preference: string | null = null
  try {
    preference = doc.defaultView?.localStorage.getItem(THEME_CACHE_KEY) ?? null
  } catch {
    // Storage can be disabled: then the painted theme is the only clue, and the safer one is none.
  }
  const theme = doc.documentElement.dataset.theme
  return (preference === 'light' || preference === 'dark') && theme === preference ? theme : null
}

/** "./assets/NAME.css" for a same-origin stylesheet's address; null for another origin's. */
function pageRelative(href: string, origin: string): string | null {
  const url = new URL(href)
  return url.origin === origin ? `.${url.pathname}` : null
}

/**
 * Attributes that change nothing a person sees (the stylesheets select on none of them) and
 * speak only to assistive technology, links and tooltips, which a picture has no use for: the
 * kept root is hidden from assistive technology and inert. About a sixth of a table's markup.
 */
const UNSEEN_ATTRIBUTES = [
  'title',
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-hidden',
  'aria-keyshortcuts',
  'aria-haspopup',
  'aria-orientation',
  'focusable',
  'rel',
  'target',
  'datetime',
]

/**
 * The root's markup as the person sees it, from a copy: what lies below the window's bottom
 * edge left out (a table keeps more rows than it shows; a kept screen that is smaller is laid
 * out sooner), with the search box's text written in, and without the toasts (data-not-kept),
 * any other field's value (a token field's text never leaves the page), attributes nobody
 * sees (UNSEEN_ATTRIBUTES) and comments.
 */
function serializeApp(app: HTMLElement, bottom: number): string {
  const copy = app.cloneNode(true) as HTMLElement
  // Right after cloning, both lists hold the same elements in the same order.
  const originals = app.querySelectorAll('*')
  const copies = copy.querySelectorAll('*')
  const left: Element[] = []
  for (let index = 0; index < originals.length; index++) {
    const original = originals[index]!
    const field = copies[index]!
    if (original.hasAttribute('data-not-kept') || belowTheFold(original, bottom)) {
      left.push(field)
      continue
    }
    for (const name of UNSEEN_ATTRIBUTES) field.removeAttribute(name)
    if (original instanceof HTMLInputElement) {
      if (original.type === 'search' && original.value !== '') field.setAttribute('value', original.value)
      else field.removeAttribute('value')
    } else if (original instanceof HTMLTextAreaElement) {
      field.textContent = ''
    }
  }
  for (const element of left) element.remove()
  const walker = copy.ownerDocument.createTreeWalker(copy, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) comments.push(node)
  for (const comment of comments) comment.parentNode?.removeChild(comment)
  return withoutEmptyValues(copy.innerHTML)
}

/**
 * An attribute with no value written as its name alone, as HTML allows: Vue's scope marks
 * (data-v-…="") are on nearly every element, so about 2 KB of a table's picture. Only inside
 * tags: the serializer escapes "<" and ">" in text and '"' in attribute values, so '=""' inside
 * a "<…>" is an empty value, never text. (Browsers before the serializer escaped "<" and ">" in
 * attribute values too may cut a tag short there: then some '=""' are left as they are.)
 */
export function withoutEmptyValues(html: string): string {
  return html.replace(/<[^<>]+>/g, (tag) => tag.replace(/ ([\w:-]+)=""/g, ' $1'))
}

/** The first element of its branch that starts below the window's bottom edge (its parent starts above it). */
function belowTheFold(element: Element, bottom: number): boolean {
  const parent = element.parentElement
  return element.getBoundingClientRect().top >= bottom && parent !== null && parent.getBoundingClientRect().top < bottom
}

/** Attributes whose change a person sees: a selected row, a sorted column, a pressed or disabled button. */
const SEEN_ATTRIBUTES = ['class', 'style', 'hidden', 'disabled', 'aria-sort', 'aria-selected', 'aria-checked', 'aria-pressed', 'aria-expanded', 'aria-busy']

export interface ScreenKeeperOptions {
  doc: Document
  /** Sends a keepScreen frame to the shell (protocol.ts); false when it could not be sent (the page is closing). */
  send(frame: string): boolean
  timers?: KeeperTimers
  /** Runs the capture when the page is idle (requestIdleCallback where there is one). */
  whenIdle?: (callback: () => void) => void
  settledMs?: number
}

/** Sends the app's screen each time it settles after a change; stop() ends it. */
export function keepScreens(options: ScreenKeeperOptions): { stop(): void } {
  const { doc } = options
  const timers = options.timers ?? window
  const whenIdle =
    options.whenIdle ?? ((callback: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(callback, { timeout: 2_000 }) : callback()))
  // Scrolled elements, told by their scroll events: reading every element's scrollTop would lay the page out.
  const scrolledElements = new Set<Element>()
  const onScroll = (event: Event): void => {
    if (event.target instanceof Element) scrolledElements.add(event.target)
  }
  doc.addEventListener('scroll', onScroll, { capture: true, passive: true })
  const anyScrolled = (): boolean => {
    for (const element of scrolledElements) {
      if (!element.isConnected) scrolledElements.delete(element)
      else if (element.scrollTop > 0 || element.scrollLeft > 0) return true
    }
    return false
  }
  let last = ''
  let timer = 0
  const capture = (): void => {
    const screen = captureScreen(doc, anyScrolled)
    // A screen the shell would refuse is not sent (the same checks as the shell's).
    if (screen === null || keptScreenProblem(screen) !== null) return
    const frame = encodeKeepScreen(screen)
    if (frame === last || frame.length > MAX_MESSAGE_BYTES) return
    if (options.send(frame)) last = frame
  }
  const changed = (): void => {
    timers.clearTimeout(timer)
    timer = timers.setTimeout(() => whenIdle(capture), options.settledMs ?? SETTLED_MS)
  }
  const observer = new MutationObserver(changed)
  const app = doc.getElementById('app')
  if (app) observer.observe(app, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: SEEN_ATTRIBUTES })
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  // A page out of sight is not captured (its layout may be stale); coming back into sight is a change.
  const onVisibility = (): void => {
    if (doc.visibilityState === 'visible') changed()
  }
  doc.addEventListener('visibilitychange', onVisibility)
  changed()
  return {
    stop() {
      observer.disconnect()
      timers.clearTimeout(timer)
      doc.removeEventListener('scroll', onScroll, { capture: true })
      doc.removeEventListener('visibilitychange', onVisibility)
    },
  }
}
