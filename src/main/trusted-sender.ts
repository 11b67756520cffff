// Who may call IPC: the main frame of the app's own window, showing the app's own page.
// A subframe, another webContents (devtools, a future second window), a frame that has
// navigated elsewhere or has gone away is refused (VS Code's validatedIpcMain and GitHub
// Desktop's trusted-sender check are the models).
import type { BrowserWindow, IpcMainInvokeEvent, WebFrameMain } from 'electron'

/** Frames are compared by their tokens too, so the check does not rest on wrapper identity. */
function isSameFrame(a: WebFrameMain, b: WebFrameMain): boolean {
  return a === b || (a.processId === b.processId && a.frameToken === b.frameToken)
}

export type SenderCheck = (event: IpcMainInvokeEvent) => boolean

export function trustedSenderCheck(
  getWindow: () => BrowserWindow | null,
  isAppUrl: (address: string) => boolean,
): SenderCheck {
  return (event) => {
    const window = getWindow()
    if (!window || window.isDestroyed()) return false
    const contents = window.webContents
    if (event.sender !== contents) return false
    // senderFrame is null once the frame has navigated away or been destroyed.
    const frame = event.senderFrame
    if (!frame || frame.detached) return false
    if (frame.parent !== null || !isSameFrame(frame, contents.mainFrame)) return false
    return isAppUrl(frame.url)
  }
}
