// The toaster: what each kind of toast says to assistive technology, its time on screen and
// that it waits while someone points at or tabs into it, its action and its close button.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { createPinia, setActivePinia } from 'pinia'
import AppToaster from '../../../../../src/renderer/src/components/common/AppToaster.vue'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { mountInBody, person, unmountAll } from '../../support/mount'

afterEach(() => {
  unmountAll()
  vi.useRealTimers()
})

function mountToaster() {
  const pinia = createPinia()
  setActivePinia(pinia)
  mountInBody(AppToaster, { global: { plugins: [pinia] } })
  return useToastsStore(pinia)
}

const region = () => screen.getByRole('region', { name: 'Notifications' })

describe('AppToaster', () => {
  it('shows successes as status messages and failures as alerts, newest last', async () => {
    const toasts = mountToaster()
    toasts.success('Site “Shop” created.')
    toasts.error('Could not delete site “Blog”. Cannot reach the server.')
    await flushPromises()
    expect(within(region()).getByRole('status').textContent).toContain('Site “Shop” created.')
    expect(within(region()).getByRole('alert').textContent).toContain('Could not delete site “Blog”.')
    expect([...region().querySelectorAll('[data-toast-id]')].map((toast) => toast.getAttribute('role'))).toEqual(['status', 'alert'])
  })

  it('goes away after its time, but not while the pointer is on the stack', async () => {
    vi.useFakeTimers()
    const toasts = mountToaster()
    toasts.success('Tag “VIP” created.', { timeoutMs: 5000 })
    await flushPromises()
    await vi.advanceTimersByTimeAsync(3000)
    region().dispatchEvent(new MouseEvent('mouseenter'))
    await vi.advanceTimersByTimeAsync(20_000)
    expect(within(region()).queryByText('Tag “VIP” created.')).not.toBeNull()
    region().dispatchEvent(new MouseEvent('mouseleave'))
    // The rest of its time, not a new full time.
    await vi.advanceTimersByTimeAsync(1900)
    expect(within(region()).queryByText('Tag “VIP” created.')).not.toBeNull()
    await vi.advanceTimersByTimeAsync(200)
    expect(within(region()).queryByText('Tag “VIP” created.')).toBeNull()
  })

  it('waits while the keyboard focus is in it, and its action runs once and closes it', async () => {
    vi.useFakeTimers()
    const toasts = mountToaster()
    const run = vi.fn()
    toasts.success('Site “Shop” created.', { timeoutMs: 1000, action: { label: 'Undo', run } })
    await flushPromises()
    const undo = within(region()).getByRole('button', { name: 'Undo' })
    undo.focus()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(within(region()).queryByText('Site “Shop” created.')).not.toBeNull()
    undo.click()
    await flushPromises()
    expect(run).toHaveBeenCalledTimes(1)
    // The action was taken: the toast that offered it goes.
    expect(within(region()).queryByText('Site “Shop” created.')).toBeNull()
  })

  it('closes by its button and by Escape, moving the focus to the next toast', async () => {
    const toasts = mountToaster()
    toasts.info('First.')
    toasts.info('Second.')
    await flushPromises()
    const [first] = within(region()).getAllByRole('button', { name: 'Dismiss notification' })
    first!.focus()
    first!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    await flushPromises()
    expect(within(region()).queryByText('First.')).toBeNull()
    const second = within(region()).getByRole('button', { name: 'Dismiss notification' })
    expect(document.activeElement).toBe(second)
    second.click()
    await flushPromises()
    expect(toasts.toasts).toEqual([])
  })

  it('is reached with Tab like the rest of the window', async () => {
    const before = document.createElement('button')
    before.textContent = 'Somewhere in the app'
    document.body.append(before)
    const toasts = mountToaster()
    toasts.success('Tag “VIP” created.', { action: { label: 'Undo', run: () => undefined } })
    await flushPromises()
    before.focus()
    const user = person()
    await user.tab()
    expect(document.activeElement).toBe(within(region()).getByRole('button', { name: 'Undo' }))
    await user.tab()
    expect(document.activeElement).toBe(within(region()).getByRole('button', { name: 'Dismiss notification' }))
  })
})
