// The app mounts once the page's stylesheets have loaded (renderer/src/lib/stylesheets-loaded.ts):
// at once when they all have, else when the last one loads or fails, and never later than the
// wait's end. The web shell's kept-screen page, where they load while the app's scripts run, is
// covered end to end by test/e2e/app/kept-screen.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenStylesheetsLoaded } from '../../../../src/renderer/src/lib/stylesheets-loaded'

/** A stylesheet link still loading, as jsdom gives one (its sheet null until it has loaded). */
function loadingLink(href: string): HTMLLinkElement {
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  document.head.append(link)
  return link
}

afterEach(() => {
  document.head.replaceChildren()
  vi.useRealTimers()
})

describe('whenStylesheetsLoaded', () => {
  it('calls back in the same task when no stylesheet is loading', () => {
    const then = vi.fn()
    const style = document.createElement('style')
    style.textContent = 'body{margin:0}'
    document.head.append(style)
    whenStylesheetsLoaded(document, then)
    expect(then).toHaveBeenCalledTimes(1)
  })

  it('takes a link whose sheet is in and readable for loaded, and one whose rules cannot be read yet (Firefox, loading) for loading', () => {
    const loaded = loadingLink('/assets/start.css')
    Object.defineProperty(loaded, 'sheet', { value: { cssRules: [] } })
    const then = vi.fn()
    whenStylesheetsLoaded(document, then)
    expect(then).toHaveBeenCalledTimes(1)

    const loading = loadingLink('/assets/view.css')
    Object.defineProperty(loading, 'sheet', {
      value: {
        get cssRules(): never {
          throw new DOMException('A parameter or an operation is not supported by the underlying object', 'InvalidAccessError')
        },
      },
    })
    const later = vi.fn()
    whenStylesheetsLoaded(document, later)
    expect(later).not.toHaveBeenCalled()
    loading.dispatchEvent(new Event('load'))
    expect(later).toHaveBeenCalledTimes(1)
  })

  it('waits for the last loading stylesheet, loaded or failed, and calls back once', () => {
    const then = vi.fn()
    const first = loadingLink('/assets/start.css')
    const second = loadingLink('/assets/view.css')
    whenStylesheetsLoaded(document, then)
    expect(then).not.toHaveBeenCalled()
    first.dispatchEvent(new Event('load'))
    expect(then).not.toHaveBeenCalled()
    second.dispatchEvent(new Event('error'))
    expect(then).toHaveBeenCalledTimes(1)
    first.dispatchEvent(new Event('load'))
    expect(then).toHaveBeenCalledTimes(1)
  })

  it('calls back at the end of the wait for a stylesheet that never says it loaded, and not again', () => {
    vi.useFakeTimers()
    const then = vi.fn()
    const link = loadingLink('/assets/start.css')
    whenStylesheetsLoaded(document, then, 3_000)
    vi.advanceTimersByTime(2_999)
    expect(then).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(then).toHaveBeenCalledTimes(1)
    link.dispatchEvent(new Event('load'))
    expect(then).toHaveBeenCalledTimes(1)
  })
})
