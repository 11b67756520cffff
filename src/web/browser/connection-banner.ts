// The web shell's "Reconnecting…" banner. The bridge lives outside Vue (it must exist before the
// app starts, and keep working when the app's own calls fail), so the banner is a few plain
// elements it owns, appended to <body> next to the app's root.
//
// The live region (role="status", polite) is in the page from the start and only its text
// changes: screen readers announce a region's changes, not a region that appears. Colours come
// from the app's theme tokens (tokens.css follows html[data-theme], else the system), with
// system colours as the fallback should the app's stylesheet not have loaded.
import type { ConnectionStatus } from './reconnecting-socket'

export const BANNER_ID = 'site-manager-connection'

export const RECONNECTING_TITLE = 'Reconnecting…'
export const RECONNECTING_DETAIL = "Site Manager's web shell is not answering. This page reconnects by itself as soon as it runs again."
export const RECONNECTED_TEXT = 'Connected again.'
/** How long "Connected again." stays before the banner goes. */
export const RECONNECTED_MS = 2500

const STYLES = `
#${BANNER_ID} {
  /* Bottom left: clear of the header's actions and of the toasts (bottom right). */
  position: fixed;
  bottom: 16px;
  left: 16px;
  z-index: 2147483000;
  max-width: min(520px, calc(100vw - 32px));
  display: flex;
  align-items: center;
  gap: var(--space-3, 12px);
  font-family: var(--font-ui, system-ui, sans-serif);
  font-size: var(--fs-base, 13px);
  line-height: 1.4;
}
#${BANNER_ID}[data-state='down'],
#${BANNER_ID}[data-state='restored'] {
  padding: var(--space-2, 8px) var(--space-3, 12px);
  border: 1px solid var(--warning-border, GrayText);
  border-radius: var(--radius-lg, 10px);
  background: var(--warning-soft, Canvas);
  color: var(--warning-soft-text, CanvasText);
  box-shadow: var(--shadow-popover, 0 4px 16px rgb(0 0 0 / 0.2));
}
#${BANNER_ID}[data-state='restored'] {
  border-color: var(--border, GrayText);
  background: var(--success-soft, Canvas);
  color: var(--success-soft-text, CanvasText);
}
#${BANNER_ID} p { margin: 0; }
#${BANNER_ID} .site-manager-connection-title { font-weight: 600; }
#${BANNER_ID} .site-manager-connection-title::after { content: ' '; }
#${BANNER_ID} button { flex: none; }
#${BANNER_ID} button:focus-visible { outline: none; box-shadow: var(--focus-ring, 0 0 0 2px Highlight); }
#${BANNER_ID} button[hidden] { display: none; }
`

export interface ConnectionBanner {
  show(status: ConnectionStatus): void
}

export interface BannerOptions {
  /** "Try now": reconnect at once instead of waiting for the backoff. */
  tryNow(): void
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export function createConnectionBanner(doc: Document, options: BannerOptions): ConnectionBanner {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const root = doc.createElement('div')
  root.id = BANNER_ID
  root.dataset.state = 'up'
  const live = doc.createElement('p')
  live.setAttribute('role', 'status')
  live.setAttribute('aria-live', 'polite')
  const title = doc.createElement('strong')
  title.className = 'site-manager-connection-title'
  const detail = doc.createElement('span')
  live.append(title, detail)
  const button = doc.createElement('button')
  button.type = 'button'
  // The app's own button look (controls.css), so it matches in both themes.
  button.className = 'btn btn-sm'
  button.textContent = 'Try now'
  button.hidden = true
  button.addEventListener('click', () => options.tryNow())
  root.append(live, button)
  const style = doc.createElement('style')
  style.textContent = STYLES

  let wasDown = false
  let restoredTimer: unknown = null

  const mount = () => {
    if (root.isConnected) return
    doc.head.append(style)
    doc.body.append(root)
  }
  // The bridge runs from <head>, before <body> exists.
  if (doc.body) mount()
  else doc.addEventListener('DOMContentLoaded', mount, { once: true })

  const render = (state: 'up' | 'down' | 'restored') => {
    root.dataset.state = state
    title.textContent = state === 'down' ? RECONNECTING_TITLE : state === 'restored' ? RECONNECTED_TEXT : ''
    detail.textContent = state === 'down' ? RECONNECTING_DETAIL : ''
    // Hidden rather than removed while up: focus never lands on a button nobody sees.
    if (state !== 'down' && doc.activeElement === button) button.blur()
    button.hidden = state !== 'down'
  }

  return {
    show(status) {
      if (!root.isConnected && doc.body) mount()
      if (restoredTimer !== null) clearTimer(restoredTimer)
      restoredTimer = null
      if (status.state === 'reconnecting') {
        wasDown = true
        render('down')
        return
      }
      if (status.state === 'open' && wasDown) {
        wasDown = false
        render('restored')
        restoredTimer = setTimer(() => {
          restoredTimer = null
          render('up')
        }, RECONNECTED_MS)
        return
      }
      render('up')
    },
  }
}
