// Keeps the window-state file in step with the window: after the user stops moving or
// resizing, and once more as it closes. Writes run one at a time, in order, so the newest
// placement is always the last one renamed into place.
import type { BrowserWindow } from 'electron'
import { saveWindowState, type WindowState } from './window-state'

export function currentWindowState(window: BrowserWindow): WindowState {
  // The normal bounds, not the maximized ones, so un-maximizing next time lands somewhere sane.
  const { x, y, width, height } = window.getNormalBounds()
  return { x, y, width, height, maximized: window.isMaximized() }
}

export interface WindowStateTracker {
  /** Settles once every write started so far is done, whether it worked or not (quitting waits). */
  settled(): Promise<void>
}

export function trackWindowState(window: BrowserWindow, file: string, quietMs = 400): WindowStateTracker {
  let timer: ReturnType<typeof setTimeout> | undefined
  let writes: Promise<void> = Promise.resolve()

  const save = (): void => {
    clearTimeout(timer)
    timer = undefined
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return
    // Read now, while the window is still there (at 'close' it is about to go).
    const state = currentWindowState(window)
    writes = writes
      .then(() => saveWindowState(file, state))
      .catch(() => {
        // A read-only or full disk costs only the remembered placement, never the app.
      })
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
  return { settled: () => writes }
}
