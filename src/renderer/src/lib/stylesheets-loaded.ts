// The app mounts once the page's stylesheets have loaded. A stylesheet linked in the head as the
// page is parsed holds the app's scripts back until it has loaded, so in Electron's page (and the
// web shell's page without a kept screen) there is nothing left to wait for and the app mounts at
// once. The web shell's page with a kept screen links them print-only while its picture paints
// (web/kept-screen-page.ts), which holds nothing back: mounting before they are in would lay the
// app out unstyled (the Sites table measures its cells for its column widths).

/** How long a stylesheet that never says it loaded (it failed before anyone listened) holds the mount. */
export const STYLESHEET_WAIT_MS = 3_000

/**
 * Whether a linked stylesheet has loaded. Chromium gives a link its sheet once loaded; Firefox
 * gives it one at once and throws on reading its rules until it has loaded. The app's
 * stylesheets are its own origin's, so their rules can be read once they are in.
 */
export function stylesheetLoaded(link: HTMLLinkElement): boolean {
  const sheet = link.sheet
  if (sheet === null) return false
  try {
    void sheet.cssRules
    return true
  } catch {
    return false
  }
}

/**
 * Calls `then` once every stylesheet the page links has loaded or failed: at once (in this
 * task) when they all have, else when the last one does, or after `waitMs` at most.
 */
export function whenStylesheetsLoaded(doc: Document, then: () => void, waitMs = STYLESHEET_WAIT_MS): void {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !stylesheetLoaded(link))
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
