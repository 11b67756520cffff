// The one table of keys: each command's keys once, the menu's accelerators and the page's
// presses read from it.
import { describe, expect, it } from 'vitest'
import { acceleratorOf, KEY_BINDINGS, pageBindingFor, pressMatches, shortcutOf, type KeyPress } from '../../../src/shared/keybindings'

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods })

describe('KEY_BINDINGS', () => {
  it('gives each command and each combination once', () => {
    const commands = KEY_BINDINGS.map((b) => b.command)
    const keys = KEY_BINDINGS.flatMap((b) => b.keys)
    expect(new Set(commands).size).toBe(commands.length)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('answers a command’s keys as shown and as the desktop menu’s accelerator', () => {
    expect(shortcutOf('sites.new')).toBe('Ctrl+N')
    expect(acceleratorOf('sites.new')).toBe('CmdOrCtrl+N')
    expect(acceleratorOf('app.palette')).toBe('CmdOrCtrl+Shift+P')
    expect(acceleratorOf('help.shortcuts')).toBe('?')
    expect(shortcutOf('sync.all')).toBeUndefined()
  })
})

describe('pressMatches', () => {
  it('reads Ctrl as Ctrl or Cmd, and every other modifier as written', () => {
    expect(pressMatches(press('n', { ctrlKey: true }), 'Ctrl+N')).toBe(true)
    expect(pressMatches(press('n', { metaKey: true }), 'Ctrl+N')).toBe(true)
    expect(pressMatches(press('N', { ctrlKey: true, shiftKey: true }), 'Ctrl+N')).toBe(false)
    expect(pressMatches(press('n', { ctrlKey: true, altKey: true }), 'Ctrl+N')).toBe(false)
    expect(pressMatches(press('n'), 'Ctrl+N')).toBe(false)
    expect(pressMatches(press('P', { ctrlKey: true, shiftKey: true }), 'Ctrl+Shift+P')).toBe(true)
    expect(pressMatches(press('F1'), 'F1')).toBe(true)
    expect(pressMatches(press('F1', { shiftKey: true }), 'F1')).toBe(false)
  })

  it('lets a lone character be typed with Shift, but not with Ctrl', () => {
    expect(pressMatches(press('?', { shiftKey: true }), '?')).toBe(true)
    expect(pressMatches(press('?', { ctrlKey: true }), '?')).toBe(false)
  })
})

describe('pageBindingFor', () => {
  it('finds what the page handles, and leaves the menu’s keys to the menu', () => {
    expect(pageBindingFor(press('k', { metaKey: true }))?.command).toBe('sites.search.focus')
    expect(pageBindingFor(press('F1'))?.command).toBe('app.palette')
    expect(pageBindingFor(press('1', { ctrlKey: true }))).toBeUndefined()
    expect(pageBindingFor(press('x', { ctrlKey: true }))).toBeUndefined()
  })
})
