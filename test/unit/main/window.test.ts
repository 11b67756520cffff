// The window gets the secure webPreferences and the bundled preload, opens where it was left.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { BrowserWindow, resetFakeElectron } from './fake-electron'
import { DEFAULT_SIZE, createMainWindow } from '../../../src/main/window'

vi.mock('electron', () => import('./fake-electron'))

const SECURE = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  disableBlinkFeatures: 'Auxclick',
  navigateOnDragDrop: false,
  safeDialogs: true,
}

describe('createMainWindow', () => {
  beforeEach(resetFakeElectron)

  it('creates one hidden window with the secure preferences and shows it when painted', () => {
    const window = createMainWindow({ title: 'Site Manager', preloadPath: '/p/index.cjs', devTools: true }) as unknown as BrowserWindow
    expect(BrowserWindow.created).toHaveLength(1)
    const { webPreferences, ...rest } = window.options
    expect(webPreferences).toEqual({ ...SECURE, preload: '/p/index.cjs', devTools: true })
    expect(rest).toMatchObject({ ...DEFAULT_SIZE, center: true, show: false, title: 'Site Manager' })
    expect(window.shown).toBe(false)
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
    expect(window.maximized).toBe(false)
  })

  it('isolates and sandboxes the renderer with no Node, and no devtools unless asked', () => {
    const window = createMainWindow({ title: 'Site Manager', preloadPath: '/app/out/preload/index.cjs', devTools: false }) as unknown as BrowserWindow
    expect(window.options.webPreferences).toEqual({ ...SECURE, preload: '/app/out/preload/index.cjs', devTools: false })
  })

  it('opens at the remembered place, maximized if it was', () => {
    const window = createMainWindow({
      title: 'Site Manager',
      preloadPath: '/p/index.cjs',
      devTools: false,
      state: { x: -1200, y: 40, width: 1000, height: 700, maximized: true },
    }) as unknown as BrowserWindow
    expect(window.options).toMatchObject({ x: -1200, y: 40, width: 1000, height: 700 })
    expect(window.options.center).toBeUndefined()
    window.emit('ready-to-show')
    expect(window.maximized).toBe(true)
    expect(window.shown).toBe(true)
  })
})
