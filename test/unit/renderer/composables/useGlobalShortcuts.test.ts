// The page's one dispatcher of keys: each key of shared/keybindings.ts runs its command from the
// registry, as the palette would; typing, open dialogs and the desktop menu's keys are let be.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { useGlobalShortcuts } from '../../../../src/renderer/src/composables/useGlobalShortcuts'
import { useCommandsStore } from '../../../../src/renderer/src/stores/commands'
import { createFakeApi } from '../support/fake-api'
import { mountInBody, testingPinia, unmountAll } from '../support/mount'

afterEach(unmountAll)

function mountShortcuts() {
  const ran = vi.fn<(id: string) => void>()
  const Host = defineComponent({
    setup() {
      useGlobalShortcuts()
      useCommandsStore().register(() =>
        ['app.palette', 'help.shortcuts', 'sites.new', 'view.refresh', 'go.overview'].map((id) => ({ id, title: id, group: 'Test', run: () => ran(id) })),
      )
      return () => h('input', { 'aria-label': 'Text' })
    },
  })
  mountInBody(Host, { global: { plugins: [createFakeApi().plugin, testingPinia()] } })
  return ran
}

function press(key: string, init: KeyboardEventInit = {}, target: EventTarget = window): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

describe('useGlobalShortcuts', () => {
  it("runs each key's command from the registry", () => {
    const ran = mountShortcuts()
    expect(press('F1').defaultPrevented).toBe(true)
    press('P', { ctrlKey: true, shiftKey: true })
    press('n', { metaKey: true })
    expect(press('r', { ctrlKey: true }).defaultPrevented).toBe(true)
    press('?', { shiftKey: true }, document.body)
    expect(ran.mock.calls.map(([id]) => id)).toEqual(['app.palette', 'app.palette', 'sites.new', 'view.refresh', 'help.shortcuts'])
  })

  it('lets a typed "?" be text, and leaves the menu’s keys (Ctrl+1) to the menu', () => {
    const ran = mountShortcuts()
    const input = document.querySelector('input')!
    expect(press('?', { shiftKey: true }, input).defaultPrevented).toBe(false)
    expect(press('1', { ctrlKey: true }).defaultPrevented).toBe(false)
    expect(ran).not.toHaveBeenCalled()
  })

  it('acts on nothing behind an open dialog, but still keeps Ctrl+R from reloading the window', () => {
    const ran = mountShortcuts()
    const dialog = document.createElement('div')
    dialog.setAttribute('role', 'dialog')
    document.body.append(dialog)
    try {
      expect(press('r', { ctrlKey: true }).defaultPrevented).toBe(true)
      press('n', { ctrlKey: true })
      press('F1')
      expect(ran).not.toHaveBeenCalled()
    } finally {
      dialog.remove()
    }
  })
})
