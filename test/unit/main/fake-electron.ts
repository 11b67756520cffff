// A stand-in for the `electron` module (the real one cannot load outside Electron). Each
// fake records what main does to it, so tests can check the window options, the registered
// IPC handlers, the session's handlers and the app's lifecycle wiring.
// Used as: vi.mock('electron', () => import('./fake-electron'))
import { EventEmitter } from 'node:events'

/** An event whose preventDefault can be observed; params are spread onto it as Electron does. */
export class FakeEvent {
  defaultPrevented = false
  constructor(params: Record<string, unknown> = {}) {
    Object.assign(this, params)
  }
  preventDefault(): void {
    this.defaultPrevented = true
  }
}

let nextFrameToken = 1

export class FakeFrame {
  parent: FakeFrame | null = null
  detached = false
  processId = 1
  frameToken = `frame-${nextFrameToken++}`
  constructor(public url: string) {}
  child(url: string): FakeFrame {
    const frame = new FakeFrame(url)
    frame.parent = this
    return frame
  }
}

export interface WindowOpenDetails {
  url: string
  frameName?: string
  features?: string
  disposition?: 'default' | 'foreground-tab' | 'background-tab' | 'new-window' | 'other'
  referrer?: { url: string; policy: string }
  postBody?: unknown
}

type WindowOpenHandler = (details: WindowOpenDetails) => { action: 'allow' | 'deny' }

export class FakeWebContents extends EventEmitter {
  mainFrame: FakeFrame
  destroyed = false
  sent: Array<{ channel: string; payload: unknown }> = []
  windowOpenHandler: WindowOpenHandler | null = null
  loadedUrl: string | null = null

  constructor(url = 'about:blank') {
    super()
    this.mainFrame = new FakeFrame(url)
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  /** True while a page loads; 'did-finish-load' follows (emit it in a test). */
  loading = false
  isLoading(): boolean {
    return this.loading
  }
  /** The address of the page shown: the main frame's, as in Electron. */
  getURL(): string {
    return this.mainFrame.url
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload })
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler
  }
}

export interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

export class BrowserWindow extends EventEmitter {
  static created: BrowserWindow[] = []
  webContents = new FakeWebContents()
  destroyed = false
  minimized = false
  maximized = false
  fullScreen = false
  shown = false
  focused = false
  bounds: Bounds

  constructor(public options: Record<string, any>) {
    super()
    this.bounds = {
      x: options.x ?? 100,
      y: options.y ?? 100,
      width: options.width ?? 800,
      height: options.height ?? 600,
    }
    BrowserWindow.created.push(this)
  }
  /** When set, every loadURL fails with it (as a page that cannot be loaded does). */
  static loadFailure: Error | null = null
  async loadURL(url: string): Promise<void> {
    if (BrowserWindow.loadFailure) throw BrowserWindow.loadFailure
    this.webContents.loadedUrl = url
    this.webContents.mainFrame.url = url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isMinimized(): boolean {
    return this.minimized
  }
  isMaximized(): boolean {
    return this.maximized
  }
  isFullScreen(): boolean {
    return this.fullScreen
  }
  getNormalBounds(): Bounds {
    return { ...this.bounds }
  }
  maximize(): void {
    this.maximized = true
  }
  restore(): void {
    this.minimized = false
  }
  show(): void {
    this.shown = true
  }
  focus(): void {
    this.focused = true
  }
}

type InvokeHandler = (event: unknown, ...args: unknown[]) => Promise<unknown>

export const ipcMain = {
  handlers: new Map<string, InvokeHandler>(),
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  },
}

export class FakeSession {
  permissionRequestHandler: ((...args: any[]) => void) | null = null
  permissionCheckHandler: ((...args: any[]) => boolean) | null = null
  headersReceived: ((details: any, callback: (response: any) => void) => void) | null = null
  setPermissionRequestHandler(handler: (...args: any[]) => void): void {
    this.permissionRequestHandler = handler
  }
  setPermissionCheckHandler(handler: (...args: any[]) => boolean): void {
    this.permissionCheckHandler = handler
  }
  webRequest = {
    onHeadersReceived: (listener: (details: any, callback: (response: any) => void) => void): void => {
      this.headersReceived = listener
    },
  }
}

export const session = { defaultSession: new FakeSession() }

export const Menu = {
  applied: null as unknown,
  buildFromTemplate(template: unknown[]): { template: unknown[] } {
    return { template }
  },
  setApplicationMenu(menu: unknown): void {
    this.applied = menu
  },
}

export const shell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  async openExternal(url: string): Promise<void> {
    this.opened.push(url)
  },
  async openPath(path: string): Promise<string> {
    this.openedPaths.push(path)
    return ''
  },
}

export const screen = {
  workAreas: [{ x: 0, y: 0, width: 1920, height: 1040 }] as Bounds[],
  getAllDisplays(): Array<{ workArea: Bounds }> {
    return this.workAreas.map((workArea) => ({ workArea }))
  },
}

export interface SaveDialogAnswer {
  canceled: boolean
  filePath?: string
}

export const dialog = {
  errors: [] as Array<{ title: string; content: string }>,
  /** Each showSaveDialog call: the window it was shown over (null: none) and its options. */
  saveDialogs: [] as Array<{ owner: BrowserWindow | null; options: Record<string, any> }>,
  /** What the next showSaveDialog answers, as if the person chose it. */
  nextSaveAnswer: { canceled: true } as SaveDialogAnswer,
  showErrorBox(title: string, content: string): void {
    this.errors.push({ title, content })
  },
  async showSaveDialog(ownerOrOptions: BrowserWindow | Record<string, any>, maybeOptions?: Record<string, any>): Promise<SaveDialogAnswer> {
    const owner = ownerOrOptions instanceof BrowserWindow ? ownerOrOptions : null
    const options = (owner ? maybeOptions : ownerOrOptions) as Record<string, any>
    this.saveDialogs.push({ owner, options })
    return { ...this.nextSaveAnswer }
  },
}

class FakeApp extends EventEmitter {
  isPackaged = false
  sandboxEnabled = false
  hasLock = true
  quitCalls = 0
  exitCode: number | null = null
  userData = '/tmp/site-manager-test-user-data'
  private readyResolve: () => void = () => {}
  private ready = new Promise<void>((resolve) => {
    this.readyResolve = resolve
  })

  enableSandbox(): void {
    this.sandboxEnabled = true
  }
  requestSingleInstanceLock(): boolean {
    return this.hasLock
  }
  quit(): void {
    this.quitCalls += 1
  }
  exit(code: number): void {
    this.exitCode = code
  }
  whenReady(): Promise<void> {
    return this.ready
  }
  /** Test helper: what Electron does once it has started. */
  becomeReady(): void {
    this.readyResolve()
  }
  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`unexpected getPath(${name})`)
    return this.userData
  }
  getName(): string {
    return 'Site Manager'
  }
  /** The dock/taskbar badge counts set, in order. */
  badgeCounts: number[] = []
  setBadgeCount(count: number): boolean {
    this.badgeCounts.push(count)
    return true
  }
  getVersion(): string {
    return '0.1.0'
  }
}

/** Electron's Notification: every one made is kept, with whether it was shown and closed. */
export class Notification extends EventEmitter {
  static created: Notification[] = []
  static supported = true
  shown = false
  closed = false
  constructor(public options: { title?: string; body?: string }) {
    super()
    Notification.created.push(this)
  }
  static isSupported(): boolean {
    return Notification.supported
  }
  show(): void {
    this.shown = true
  }
  close(): void {
    this.closed = true
  }
}

/** Electron's nativeTheme: what the app set its native parts' theme to. */
export const nativeTheme = { themeSource: 'system' as 'system' | 'light' | 'dark' }

export let app = new FakeApp()

/** Puts every fake back to its first state; call in beforeEach. */
export function resetFakeElectron(): void {
  app = new FakeApp()
  BrowserWindow.created = []
  ipcMain.handlers.clear()
  session.defaultSession = new FakeSession()
  Menu.applied = null
  shell.opened = []
  shell.openedPaths = []
  screen.workAreas = [{ x: 0, y: 0, width: 1920, height: 1040 }]
  dialog.errors = []
  dialog.saveDialogs = []
  nativeTheme.themeSource = 'system'
  Notification.created = []
  Notification.supported = true
  dialog.nextSaveAnswer = { canceled: true }
}

/** An IPC invoke event as Electron builds it. */
export function invokeEvent(sender: FakeWebContents, senderFrame: FakeFrame | null = sender.mainFrame): any {
  return { sender, senderFrame, processId: 1, frameId: 1 }
}
