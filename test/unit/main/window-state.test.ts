// The remembered window placement, on a real temporary folder: round trip, atomic write
// (through the project's writer: whole file, no temp file left, no fixed temp name), garbage
// and off-screen placements ignored.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BrowserWindow, resetFakeElectron } from './fake-electron'
import {
  keepIfOnScreen,
  loadWindowState,
  parseWindowState,
  saveWindowState,
  type WindowState,
} from '../../../src/main/window-state'
import { trackWindowState } from '../../../src/main/window-state-tracker'

vi.mock('electron', () => import('./fake-electron'))

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'window-state-'))
  file = join(dir, 'nested', 'window-state.json')
  resetFakeElectron()
})
afterEach(() => {
  vi.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})

const state: WindowState = { x: 120, y: 80, width: 1280, height: 860, maximized: false }

describe('window-state file', () => {
  it('round-trips through a file, creating the folder', async () => {
    await saveWindowState(file, state)
    expect(loadWindowState(file)).toEqual(state)
    await saveWindowState(file, { ...state, x: 5, maximized: true })
    expect(loadWindowState(file)).toEqual({ ...state, x: 5, maximized: true })
  })

  it('writes the whole file and leaves no temporary file behind', async () => {
    await saveWindowState(file, state)
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(state, null, 2)}\n`)
    expect(readdirSync(join(dir, 'nested'))).toEqual(['window-state.json'])
  })

  it('writes through a temp file of its own each time, so writes at once never share one', async () => {
    // The old fixed name (<file>.<pid>.tmp) left in the way: a writer using it would fail or clobber it.
    await saveWindowState(file, state)
    const fixedTemp = `${file}.${process.pid}.tmp`
    writeFileSync(fixedTemp, 'someone else')
    const placements = Array.from({ length: 8 }, (_, i) => ({ ...state, x: i }))
    await Promise.all(placements.map((placement) => saveWindowState(file, placement)))
    // Every write landed whole (one of them last), and only the stranger's file is beside it.
    expect(placements).toContainEqual(loadWindowState(file))
    expect(readdirSync(join(dir, 'nested')).sort()).toEqual(['window-state.json', `window-state.json.${process.pid}.tmp`])
    expect(readFileSync(fixedTemp, 'utf8')).toBe('someone else')
  })

  it('keeps the file private to the user', async () => {
    await saveWindowState(file, state)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('answers undefined for a missing file', () => {
    expect(loadWindowState(join(dir, 'absent.json'))).toBeUndefined()
  })

  it.each([
    ['truncated JSON', '{"x": 1, "y":'],
    ['empty file', ''],
    ['not an object', '[1,2,3,4]'],
    ['null', 'null'],
    ['strings for numbers', '{"x":"1","y":"2","width":"800","height":"600"}'],
    ['fractions', '{"x":1.5,"y":2,"width":800,"height":600}'],
    ['a tiny window', '{"x":1,"y":2,"width":3,"height":4}'],
    ['a giant window', '{"x":1,"y":2,"width":900000,"height":600}'],
    ['coordinates from nowhere', '{"x":1e12,"y":2,"width":800,"height":600}'],
    ['missing height', '{"x":1,"y":2,"width":800}'],
  ])('ignores %s', (_what, content) => {
    writeFileSync(file.replace('nested/', ''), content)
    expect(loadWindowState(file.replace('nested/', ''))).toBeUndefined()
  })

  it('treats anything but maximized: true as not maximized', () => {
    expect(parseWindowState({ x: 0, y: 0, width: 800, height: 600, maximized: 'yes' })).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 600,
      maximized: false,
    })
  })
})

describe('keepIfOnScreen', () => {
  const laptop = { x: 0, y: 0, width: 1440, height: 875 }
  const leftMonitor = { x: -1920, y: 0, width: 1920, height: 1040 }

  it('keeps a window on a display, including one left of the primary', () => {
    expect(keepIfOnScreen(state, [laptop])).toEqual(state)
    expect(keepIfOnScreen({ ...state, x: -1500 }, [laptop, leftMonitor])).toEqual({ ...state, x: -1500 })
  })

  it('drops a window on a display that is gone', () => {
    expect(keepIfOnScreen({ ...state, x: -1500 }, [laptop])).toBeUndefined()
  })

  it('drops a window whose title bar cannot be reached', () => {
    // Only its bottom edge peeks in from above the screen.
    expect(keepIfOnScreen({ ...state, y: -850 }, [laptop])).toBeUndefined()
    // Only a sliver of it at the right edge.
    expect(keepIfOnScreen({ ...state, x: 1400 }, [laptop])).toBeUndefined()
  })
})

describe('trackWindowState', () => {
  it('saves the normal bounds when the window closes', async () => {
    const window = new BrowserWindow({ x: 10, y: 20, width: 900, height: 700 })
    const tracker = trackWindowState(window as any, file)
    window.maximized = true
    window.emit('close')
    await tracker.settled()
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 10, y: 20, width: 900, height: 700, maximized: true })
  })

  it('saves once the user has stopped moving the window', async () => {
    vi.useFakeTimers()
    const window = new BrowserWindow({ x: 10, y: 20, width: 900, height: 700 })
    const tracker = trackWindowState(window as any, file, 400)
    window.bounds.x = 300
    window.emit('move')
    window.bounds.x = 310
    window.emit('move')
    vi.advanceTimersByTime(399)
    await tracker.settled()
    expect(loadWindowState(file)).toBeUndefined()
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    await tracker.settled()
    expect(loadWindowState(file)).toMatchObject({ x: 310, y: 20 })
  })

  it('writes placements in the order they happened: the last one wins', async () => {
    const window = new BrowserWindow({ x: 10, y: 20, width: 900, height: 700 })
    const tracker = trackWindowState(window as any, file, 0)
    for (const x of [100, 200, 300]) {
      window.bounds.x = x
      window.emit('close')
    }
    await tracker.settled()
    expect(loadWindowState(file)).toMatchObject({ x: 300 })
    expect(readdirSync(join(dir, 'nested'))).toEqual(['window-state.json'])
  })

  it('keeps the last good placement when the window is minimized at close', async () => {
    const window = new BrowserWindow({ x: 10, y: 20, width: 900, height: 700 })
    await saveWindowState(file, state)
    const tracker = trackWindowState(window as any, file)
    window.minimized = true
    window.emit('close')
    await tracker.settled()
    expect(loadWindowState(file)).toEqual(state)
  })

  it('never throws or rejects when the file cannot be written', async () => {
    const window = new BrowserWindow({})
    writeFileSync(join(dir, 'blocker'), 'a file where a folder should be')
    const tracker = trackWindowState(window as any, join(dir, 'blocker', 'window-state.json'))
    expect(() => window.emit('close')).not.toThrow()
    await expect(tracker.settled()).resolves.toBeUndefined()
  })
})
