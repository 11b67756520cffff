// A menu kept out of the first bundle: until first used it is its button alone, named and
// described as the real trigger; the first click or opening key loads the menu and opens it as
// reka-ui would have (by keyboard, with the focus on its first item), and what the menu says
// reaches the owner. Run with the real SavedViewMenu (reka-ui) as the loaded menu.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { screen, waitFor } from '@testing-library/dom'
import LazyMenu from '../../../../../src/renderer/src/components/common/LazyMenu.vue'
import { mountInBody, person, unmountAll } from '../../support/mount'

afterEach(unmountAll)
// The menu's module compiled once ahead (the first compile of reka-ui in a test worker can take
// longer than a find waits); each test still loads it through LazyMenu.
beforeAll(() => import('../../../../../src/renderer/src/components/layout/SavedViewMenu.vue'), 30_000)

function mountMenu() {
  const load = vi.fn(() => import('../../../../../src/renderer/src/components/layout/SavedViewMenu.vue'))
  const renamed = vi.fn()
  const Host = defineComponent({
    render: () =>
      h(
        LazyMenu,
        { load, popup: 'menu', trigger: { class: 'view-menu-button', 'aria-label': 'Actions for the view Shops' }, onRename: renamed },
        { trigger: () => h('span', { class: 'chevron' }, 'v') },
      ),
  })
  mountInBody(Host)
  return { load, renamed, user: person() }
}

const button = () => screen.getByRole('button', { name: 'Actions for the view Shops' })

describe('LazyMenu', () => {
  it('is its button alone until used, saying it opens a menu', () => {
    const { load } = mountMenu()
    expect(button().getAttribute('aria-haspopup')).toBe('menu')
    expect(button().getAttribute('aria-expanded')).toBe('false')
    expect(button().classList).toContain('view-menu-button')
    expect(button().textContent).toBe('v')
    expect(load).not.toHaveBeenCalled()
  })

  it.each(['{Enter}', ' ', '{ArrowDown}'])('opens by the keyboard (%s) with the focus on the first item', async (key) => {
    const { user } = mountMenu()
    button().focus()
    await user.keyboard(key)
    const menu = await screen.findByRole('menu')
    expect(menu).toBeVisible()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename…' })))
    expect(button().getAttribute('aria-expanded')).toBe('true')
    // Escape gives the focus back to the real trigger.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(document.activeElement).toBe(button())
  })

  it('opens by a click, and what the menu says reaches the owner', async () => {
    const { user, renamed, load } = mountMenu()
    expect(load).not.toHaveBeenCalled()
    await user.click(button())
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }))
    expect(renamed).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    // From then on the real menu answers by itself.
    const calls = load.mock.calls.length
    await user.click(button())
    expect(await screen.findByRole('menu')).toBeVisible()
    expect(load).toHaveBeenCalledTimes(calls)
  })
})
