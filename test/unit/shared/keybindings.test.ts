// The one table of keys: each command's keys once, the menu's accelerators and the page's
// presses read from it.
import { describe, expect, it } from 'vitest'
import { acceleratorOf, KEY_BINDINGS, pageBindingFor, pressMatches, shortcutOf, tableBindingFor, type KeyPress } from '../../../src/shared/keybindings'

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

  it('lets a press add only the modifiers the binding allows, never leave out a written one', () => {
    expect(pressMatches(press('Delete', { shiftKey: true }), 'Delete', ['Shift'])).toBe(true)
    expect(pressMatches(press('Delete', { ctrlKey: true }), 'Delete', ['Shift'])).toBe(false)
    expect(pressMatches(press('F10', { shiftKey: true, altKey: true }), 'Shift+F10', ['Ctrl', 'Shift', 'Alt'])).toBe(true)
    expect(pressMatches(press('F10'), 'Shift+F10', ['Ctrl', 'Shift', 'Alt'])).toBe(false)
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

describe('the Sites table’s keys', () => {
  it('are in the table, shown with their words, and the page’s dispatcher and the menu leave them alone', () => {
    expect(shortcutOf('sites.table.selectAll')).toBe('Ctrl+A')
    expect(shortcutOf('sites.selection.clear')).toBe('Escape')
    const table = KEY_BINDINGS.filter((b) => b.handledBy === 'table')
    expect(table.map((b) => b.command)).toEqual(['sites.table.selectAll', 'sites.selection.clear', 'sites.table.rowMenu', 'sites.table.delete'])
    expect(table.every((b) => b.label !== undefined)).toBe(true)
    expect(pageBindingFor(press('a', { ctrlKey: true }))).toBeUndefined()
    expect(pageBindingFor(press('Escape'))).toBeUndefined()
    expect(pageBindingFor(press('Delete'))).toBeUndefined()
  })

  it('tells the table’s presses apart as its handlers always have', () => {
    const command = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}) => tableBindingFor(press(key, mods))?.command
    // Ctrl/Cmd+A, and nothing else with it.
    expect(command('a', { ctrlKey: true })).toBe('sites.table.selectAll')
    expect(command('A', { metaKey: true })).toBe('sites.table.selectAll')
    expect(command('a', { ctrlKey: true, shiftKey: true })).toBeUndefined()
    expect(command('a')).toBeUndefined()
    // Escape with any modifiers.
    expect(command('Escape')).toBe('sites.selection.clear')
    expect(command('Escape', { shiftKey: true, ctrlKey: true })).toBe('sites.selection.clear')
    // Delete, with Shift or without, never with Ctrl, Cmd or Alt.
    expect(command('Delete')).toBe('sites.table.delete')
    expect(command('Delete', { shiftKey: true })).toBe('sites.table.delete')
    expect(command('Delete', { metaKey: true })).toBeUndefined()
    expect(command('Delete', { altKey: true })).toBeUndefined()
    // The menu key with anything; F10 only with Shift.
    expect(command('ContextMenu')).toBe('sites.table.rowMenu')
    expect(command('ContextMenu', { ctrlKey: true })).toBe('sites.table.rowMenu')
    expect(command('F10', { shiftKey: true })).toBe('sites.table.rowMenu')
    expect(command('F10', { shiftKey: true, ctrlKey: true })).toBe('sites.table.rowMenu')
    expect(command('F10')).toBeUndefined()
  })
})
