// The app mounts once the page's stylesheets have loaded. A stylesheet linked in the head as the
// page is parsed holds the app's scripts back until it has loaded, so in Electron's page (and the
// web shell's page without a kept screen) there is nothing left to wait for and the app mounts at
// once. The web shell's page with a kept screen links them print-only while its picture paints
// (web/kept-screen-page.ts), which holds nothing back: mounting before they are in would lay the
// app out unstyled (the Sites table measures its cells for its column widths).

/** How long a stylesheet that never says it loaded (it failed before anyone listened) holds the mount. */
export const STYLESHEET_WAIT_MS = 3_000

/**
 * Calls `then` once every stylesheet the page links has loaded or failed: at once (in this
 * task) when they all have, else when the last one does, or after `waitMs` at most.
 */
export function whenStylesheetsLoaded(doc: Document, then: () => void, waitMs = STYLESHEET_WAIT_MS): void {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => link.sheet === null)
  if (pending.length === 0) {
    then()
    return
  }
  let left = pending.length
  let done = false
  const finish = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    then()
  }
  const timer = setTimeout(finish, waitMs)
  for (const link of pending) {
    const settled = () => {
      left--
      if (left === 0) finish()
    }
    link.addEventListener('load', settled, { once: true })
    link.addEventListener('error', settled, { once: true })
  }
}
