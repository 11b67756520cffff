// The page's side of the kept screen (web/kept-screen.ts). Two jobs:
//
// - At open, a page the shell served with the last screen in the app's root: if the address
//   names another view, the screen goes at once; otherwise it stays until the app's mount
//   replaces it, and then the root's marks (inert, hidden, busy) go too. Should the app never
//   mount, the screen goes after a while rather than pass for a working window.
// - Once the app runs, each time its screen has settled (no change for a second, nothing
//   loading, nothing scrolled, since a page opens at the top of its view) the screen is sent to
//   the shell in the browser's idle time, if it changed: serialized from a copy with the
//   search box's text written in, without comments, without what is marked data-not-kept
//   (toasts), and with no other field's value (a token field's text never leaves the page).
import { encodeKeepScreen, routeOfHash, STYLESHEET_HREF, type KeptScreen } from '../protocol'

/** As the shell marks the root (web/kept-screen-page.ts). */
export const KEPT_ROUTE_ATTRIBUTE = 'data-kept-route'
const KEPT_MARKS = ['inert', 'aria-hidden', 'aria-busy', KEPT_ROUTE_ATTRIBUTE]
/** How long a screen must stay unchanged before it is kept. */
export const SETTLED_MS = 1_000
/** A kept screen the app has not replaced by then goes. */
export const KEPT_SCREEN_TIMEOUT_MS = 15_000
/** Views never kept: a report's print page opens on its own and is not the window's last view. */
const NOT_KEPT_ROUTE = /\/print$/

export interface KeeperTimers {
  setTimeout(callback: () => void, ms: number): number
  clearTimeout(id: number): void
}

/** At open: the kept screen stays until the app replaces it, unless the address names another view. */
export function releaseKeptScreen(doc: Document, hash: string, timers: KeeperTimers = window, timeoutMs = KEPT_SCREEN_TIMEOUT_MS): void {
  const app = doc.getElementById('app')
  const keptRoute = app?.getAttribute(KEPT_ROUTE_ATTRIBUTE)
  if (!app || keptRoute === null || keptRoute === undefined) return
  let timer = 0
  const observer = new MutationObserver(() => release())
  const release = (): void => {
    observer.disconnect()
    timers.clearTimeout(timer)
    for (const mark of KEPT_MARKS) app.removeAttribute(mark)
  }
  const route = routeOfHash(hash)
  if (route !== '' && route !== keptRoute) {
    app.replaceChildren()
    release()
    return
  }
  // The app's mount empties the root and renders into it, in one task: its first change.
  observer.observe(app, { childList: true })
  timer = timers.setTimeout(() => {
    app.replaceChildren()
    release()
  }, timeoutMs)
}

/** The screen as it is now, or null when it is not one to keep (still kept, loading, scrolled, or a print page). */
export function captureScreen(doc: Document, anyScrolled: () => boolean = () => false): KeptScreen | null {
  const app = doc.getElementById('app')
  const view = doc.defaultView
  if (!app || !view || app.hasAttribute(KEPT_ROUTE_ATTRIBUTE) || app.childElementCount === 0) return null
  const route = routeOfHash(view.location.hash)
  if (route === '' || NOT_KEPT_ROUTE.test(route)) return null
  if (app.querySelector('[aria-busy="true"]') !== null || view.scrollY > 0 || view.scrollX > 0) return null
  if (anyScrolled()) return null
  const stylesheets = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => pageRelative(link.href, view.location.origin))
  if (!stylesheets.every((href): href is string => href !== null && STYLESHEET_HREF.test(href))) return null
  const theme = doc.documentElement.dataset.theme
  return { html: serializeApp(app, view.innerHeight), theme: theme === 'light' || theme === 'dark' ? theme : null, stylesheets, route }
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
  return copy.innerHTML
}

/** The first element of its branch that starts below the window's bottom edge (its parent starts above it). */
function belowTheFold(element: Element, bottom: number): boolean {
  const parent = element.parentElement
  return element.getBoundingClientRect().top >= bottom && parent !== null && parent.getBoundingClientRect().top < bottom
}

export interface ScreenKeeperOptions {
  doc: Document
  /** Sends a keepScreen frame to the shell (protocol.ts). */
  send(frame: string): void
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
    if (screen === null) return
    const frame = encodeKeepScreen(screen)
    if (frame === last) return
    last = frame
    options.send(frame)
  }
  const changed = (): void => {
    timers.clearTimeout(timer)
    timer = timers.setTimeout(() => whenIdle(capture), options.settledMs ?? SETTLED_MS)
  }
  const observer = new MutationObserver(changed)
  const app = doc.getElementById('app')
  if (app) observer.observe(app, { childList: true, subtree: true, characterData: true })
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
  changed()
  return {
    stop() {
      observer.disconnect()
      timers.clearTimeout(timer)
      doc.removeEventListener('scroll', onScroll, { capture: true })
    },
  }
}
