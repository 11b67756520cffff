// Keeps the window-state file in step with the window: after the user stops moving or
// resizing, and once more as it closes.
import type { BrowserWindow } from 'electron'
import { saveWindowState, type WindowState } from './window-state'

export function currentWindowState(window: BrowserWindow): WindowState {
  // The normal bounds, not the maximized ones, so un-maximizing next time lands somewhere sane.
  const { x, y, width, height } = window.getNormalBounds()
  return { x, y, width, height, maximized: window.isMaximized() }
}

export function trackWindowState(window: BrowserWindow, file: string, quietMs = 400): void {
  let timer: ReturnType<typeof setTimeout> | undefined

  const save = (): void => {
    clearTimeout(timer)
    timer = undefined
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return
    try {
      saveWindowState(file, currentWindowState(window))
    } catch {
      // A read-only or full disk costs only the remembered placement, never the app.
    }
  }
  const saveSoon = (): void => {
    clearTimeout(timer)
    timer = setTimeout(save, quietMs)
  }

  window.on('resize', saveSoon)
  window.on('move', saveSoon)
  window.on('maximize', saveSoon)
  window.on('unmaximize', saveSoon)
  window.on('close', save)
}
