// Where the keyboard focus goes when the app, not the person, must choose: the view's heading
// (made focusable with tabindex="-1", so Tab continues from the top of the view), else the
// region the view is shown in.

/** The view's level-one heading inside `host`, or null while the view has not drawn it. */
export function viewHeading(host: ParentNode | null): HTMLElement | null {
  return host?.querySelector<HTMLElement>('h1') ?? null
}

/** Focuses `element` as a place to start from, not a control: focusable by script only. */
export function focusStart(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus()
}

/** True while a dialog is open: it holds the focus itself and gives it back when it closes. */
export function dialogHoldsFocus(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null
}

/** The focus is on nothing: the page itself. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body || active === document.documentElement
}

/**
 * Resolves with the view's heading once `host` shows one (a view may draw it after its data
 * loads), or null after `timeoutMs`, or when `cancelled()` says a newer navigation took over.
 */
export function whenHeading(host: () => HTMLElement | null, timeoutMs: number, cancelled: () => boolean): Promise<HTMLElement | null> {
  const now = viewHeading(host())
  if (now) return Promise.resolve(now)
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (cancelled()) return finish(null)
      const heading = viewHeading(host())
      if (heading) finish(heading)
    })
    const timer = setTimeout(() => finish(null), timeoutMs)
    function finish(heading: HTMLElement | null): void {
      observer.disconnect()
      clearTimeout(timer)
      resolve(heading)
    }
    observer.observe(document.body, { childList: true, subtree: true })
  })
}
