// @vitest-environment jsdom
// The web shell's "Reconnecting…" banner as a person (and a screen reader) meets it: a polite
// status region that is in the page from the start, a "Try now" button only while the shell is
// away, and a short "Connected again." once it is back.
import { getByRole, queryByRole } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { BANNER_ID, createConnectionBanner, RECONNECTED_TEXT, RECONNECTING_DETAIL, RECONNECTING_TITLE } from '../../../src/web/browser/connection-banner'

afterEach(() => {
  document.getElementById(BANNER_ID)?.remove()
})

function manualTimers() {
  const pending = new Map<number, () => void>()
  let next = 1
  return {
    setTimer: (run: () => void) => {
      pending.set(next, run)
      return next++
    },
    clearTimer: (timer: unknown) => void pending.delete(timer as number),
    runAll: () => {
      for (const [id, run] of [...pending]) {
        pending.delete(id)
        run()
      }
    },
  }
}

describe('connection banner', () => {
  it('has its polite status region in the page from the start, empty while connected', () => {
    createConnectionBanner(document, { tryNow: () => {} }).show({ state: 'open' })
    const status = getByRole(document.body, 'status')
    expect(status.getAttribute('aria-live')).toBe('polite')
    expect(status.textContent).toBe('')
    expect(queryByRole(document.body, 'button', { name: 'Try now' })).toBeNull()
  })

  it('says "Reconnecting…" with a Try now button while the shell is away, and Try now asks the bridge', async () => {
    let tries = 0
    const banner = createConnectionBanner(document, { tryNow: () => tries++ })
    banner.show({ state: 'open' })
    banner.show({ state: 'reconnecting', attempting: false })
    const status = getByRole(document.body, 'status')
    expect(status.textContent).toContain(RECONNECTING_TITLE)
    expect(status.textContent).toContain(RECONNECTING_DETAIL)
    const button = getByRole(document.body, 'button', { name: 'Try now' })
    await userEvent.click(button)
    expect(tries).toBe(1)
    // Keyboard: it is an ordinary button, reachable with Tab and pressed with Enter.
    button.blur()
    await userEvent.tab()
    expect(document.activeElement).toBe(button)
    await userEvent.keyboard('{Enter}')
    expect(tries).toBe(2)
  })

  it('says "Connected again." once back, then goes; a first connection says nothing', () => {
    const timers = manualTimers()
    const banner = createConnectionBanner(document, { tryNow: () => {}, ...timers })
    banner.show({ state: 'connecting' })
    banner.show({ state: 'open' })
    const status = getByRole(document.body, 'status')
    expect(status.textContent).toBe('')

    banner.show({ state: 'reconnecting', attempting: true })
    banner.show({ state: 'open' })
    expect(status.textContent).toBe(RECONNECTED_TEXT)
    expect(queryByRole(document.body, 'button', { name: 'Try now' })).toBeNull()
    timers.runAll()
    expect(status.textContent).toBe('')
    expect(document.getElementById(BANNER_ID)?.dataset.state).toBe('up')
  })
})
