// The lifecycle wiring, with stand-ins for electron and core: one instance, core created
// with the userData folder and --demo, every channel registered, one secure window loading
// the app's own page, pushes forwarded, core disposed before quitting.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { REQUEST_CHANNELS } from '../../../src/shared'
import { FIRST_SCREEN_ANSWERS_CHANNEL, FIRST_SCREEN_CALLS_CHANNEL } from '../../../src/shared/first-screen'
import { DESKTOP_FIRST_CALLS_FILE } from '../../../src/main/first-screen'
import type { CoreOptions } from '../../../src/core'
import { PushEmitter } from '../../../src/core/util/push-emitter'
import * as electron from './fake-electron'
import { runApp } from '../../../src/main/main-process'
import { acquireDataFolderLock, DATA_FOLDER_LOCK_FILE, processStartTime } from '../../../src/core/util/data-folder-lock'

vi.mock('electron', () => import('./fake-electron'))

const fakeCore = vi.hoisted(() => ({
  created: [] as Array<{ options: unknown; dispose: () => Promise<void>; emitter: unknown }>,
  calls: [] as string[],
}))

vi.mock('../../../src/core', async () => {
  const { PushEmitter } = await import('../../../src/core/util/push-emitter')
  const { REQUEST_CHANNELS } = await import('../../../src/shared')
  return {
    createCore: (options: unknown) => {
      const emitter = new PushEmitter()
      const handlers = Object.fromEntries(
        REQUEST_CHANNELS.map((c) => [
          c,
          async () => {
            fakeCore.calls.push(c)
            return { ok: true, value: c }
          },
        ]),
      )
      const core = {
        options,
        emitter,
        handlers,
        on: (event: any, listener: any) => emitter.on(event, listener),
        dispose: vi.fn(async () => {}),
      }
      fakeCore.created.push(core)
      return core
    },
  }
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
/** Everything in <userData>/logs. */
const logText = () => {
  const dir = join(userData, 'logs')
  if (!existsSync(dir)) return ''
  return readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('')
}

let userData: string
beforeEach(() => {
  electron.resetFakeElectron()
  userData = mkdtempSync(join(tmpdir(), 'user-data-'))
  electron.app.userData = userData
  fakeCore.created.length = 0
  fakeCore.calls.length = 0
})
afterEach(() => rmSync(userData, { recursive: true, force: true }))

async function start(argv: string[] = ['electron', '.'], devServerUrl?: string) {
  runApp({ argv, devServerUrl })
  electron.app.becomeReady()
  await flush()
  const window = electron.BrowserWindow.created[0]!
  return { window, core: fakeCore.created[0] as { options: CoreOptions; emitter: PushEmitter; dispose: () => Promise<void> } }
}

describe('runApp', () => {
  it('leaves at once when another instance holds the lock', async () => {
    electron.app.hasLock = false
    runApp({ argv: [] })
    electron.app.becomeReady()
    await flush()
    expect(electron.app.quitCalls).toBe(1)
    expect(fakeCore.created).toHaveLength(0)
    expect(electron.BrowserWindow.created).toHaveLength(0)
  })

  it('sandboxes every renderer', async () => {
    await start()
    expect(electron.app.sandboxEnabled).toBe(true)
  })

  it('creates core with the userData folder, the app identity and no demo by default', async () => {
    const { core } = await start()
    expect(core.options).toMatchObject({
      dataDir: userData,
      shell: 'electron',
      appName: 'Site Manager',
      appVersion: '0.1.0',
      openDemoOnStart: false,
    })
  })

  it('opens straight into the demo with --demo', async () => {
    const { core } = await start(['electron', '.', '--demo'])
    expect(core.options.openDemoOnStart).toBe(true)
  })

  it("sends the web addresses the window opens to electron's shell, and nothing else", async () => {
    const { window } = await start()
    // The app's own page asks (window.open, a target=_blank link).
    const contents = new electron.FakeWebContents(window.webContents.loadedUrl!)
    electron.app.emit('web-contents-created', {}, contents)
    expect(contents.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    await vi.waitFor(() => expect(electron.shell.opened).toEqual(['https://example.com/']))
  })

  it('registers every contract channel, and the head start\'s two, and answers the window it opened', async () => {
    const { window } = await start()
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual([...REQUEST_CHANNELS, FIRST_SCREEN_ANSWERS_CHANNEL, FIRST_SCREEN_CALLS_CHANNEL].sort())
    const answer = await electron.ipcMain.handlers.get('workspace:scope')!(electron.invokeEvent(window.webContents), {})
    expect(answer).toEqual({ ok: true, value: 'workspace:scope' })
    const refused = await electron.ipcMain.handlers.get('workspace:scope')!(
      electron.invokeEvent(window.webContents, window.webContents.mainFrame.child(window.webContents.loadedUrl!)),
      {},
    )
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    // settings:get: main reads the stored theme once for the native parts (native-theme.ts).
    expect(fakeCore.calls).toEqual(['settings:get', 'workspace:scope'])
  })

  it("starts core answering the window's kept first calls as it creates the window, for its preload to take", async () => {
    writeFileSync(join(userData, DESKTOP_FIRST_CALLS_FILE), JSON.stringify([{ channel: 'accounts:list' }, { channel: 'workspace:scope', input: { accountIds: [] } }]))
    const { window } = await start()
    expect(fakeCore.calls).toEqual(['settings:get', 'accounts:list', 'workspace:scope'])
    const answers = await electron.ipcMain.handlers.get(FIRST_SCREEN_ANSWERS_CHANNEL)!(electron.invokeEvent(window.webContents))
    expect(answers).toEqual([
      ['accounts:list', { ok: true, value: 'accounts:list' }],
      ['workspace:scope {"accountIds":[]}', { ok: true, value: 'workspace:scope' }],
    ])
    // What the page read while opening this time is kept for the next launch.
    await electron.ipcMain.handlers.get(FIRST_SCREEN_CALLS_CHANNEL)!(electron.invokeEvent(window.webContents), [{ channel: 'app:info' }])
    await vi.waitFor(() => expect(JSON.parse(readFileSync(join(userData, DESKTOP_FIRST_CALLS_FILE), 'utf8'))).toEqual([{ channel: 'app:info' }]))
  })

  it('counts the sites down on the badge while any are, else the pending updates', async () => {
    const { core } = await start()
    core.options.setBadge!(12)
    expect(electron.app.badgeCounts.at(-1)).toBe(12)
    core.options.setSitesDown!(3)
    expect(electron.app.badgeCounts.at(-1)).toBe(3)
    core.options.setBadge!(14)
    expect(electron.app.badgeCounts.at(-1)).toBe(3)
    core.options.setSitesDown!(0)
    expect(electron.app.badgeCounts.at(-1)).toBe(14)
  })

  it("lets the report's print window read through window.api while it prints, and a stranger never", async () => {
    const { window, core } = await start()
    const handler = electron.ipcMain.handlers.get('workspace:scope')!
    const print = new electron.BrowserWindow({})
    const stranger = new electron.BrowserWindow({})
    // Not printing: only the app's window is answered.
    await expect(handler(electron.invokeEvent(print.webContents), {})).resolves.toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(core.options.printReportPdf).toBeTypeOf('function')
    expect(core.options.reportBatch?.chooseFolder).toBeTypeOf('function')
    await expect(handler(electron.invokeEvent(window.webContents), {})).resolves.toEqual({ ok: true, value: 'workspace:scope' })
    await expect(handler(electron.invokeEvent(stranger.webContents), {})).resolves.toMatchObject({ ok: false })
  })

  it("writes down when the window's page cannot load and when its renderer process goes away", async () => {
    electron.BrowserWindow.loadFailure = new Error('ERR_FILE_NOT_FOUND')
    try {
      const { window } = await start()
      window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    } finally {
      electron.BrowserWindow.loadFailure = null
    }
    // The log is flushed as the app quits.
    electron.app.emit('will-quit', new electron.FakeEvent())
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1))
    expect(logText()).toContain('The window could not load the app page')
    expect(logText()).toContain('ERR_FILE_NOT_FOUND')
    expect(logText()).toContain("The window's renderer process went away")
    expect(logText()).toContain('crashed')
  })

  it("asks where to save over the app's window, and hands core what the person chose", async () => {
    const { window, core } = await start()
    electron.dialog.nextSaveAnswer = { canceled: false, filePath: join(userData, 'sites.csv') }
    await expect(core.options.chooseSavePath!('sites.csv')).resolves.toBe(join(userData, 'sites.csv'))
    expect(electron.dialog.saveDialogs.at(-1)?.owner).toBe(window)
  })

  it('opens one secure window on the built renderer with the bundled preload', async () => {
    const { window } = await start()
    expect(electron.BrowserWindow.created).toHaveLength(1)
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: true,
    })
    expect(window.options.webPreferences.preload).toMatch(/[\\/]preload[\\/]index\.cjs$/)
    expect(window.webContents.loadedUrl).toMatch(/^file:\/\/.*\/renderer\/index\.html$/)
  })

  it('loads the dev server only when not packaged', async () => {
    const { window } = await start(['electron', '.'], 'http://localhost:5173')
    expect(window.webContents.loadedUrl).toBe('http://localhost:5173/')
    expect(window.options.webPreferences.devTools).toBe(true)
  })

  it.each(['http://evil.example:5173/', 'http://192.168.1.20:5173/', 'https://attacker.example/'])(
    'loads the built page, not a dev server off this machine (%s), and says so in the log',
    async (address) => {
      const { window } = await start(['electron', '.'], address)
      expect(window.webContents.loadedUrl).toMatch(/^file:\/\/.*\/renderer\/index\.html$/)
      electron.app.emit('will-quit', new electron.FakeEvent())
      await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1))
      expect(logText()).toContain('ELECTRON_RENDERER_URL was ignored: it is not an http(s) address on this machine')
    },
  )

  it('ignores a dev server address and offers no devtools in a packaged app', async () => {
    electron.app.isPackaged = true
    const { window } = await start(['electron', '.'], 'http://localhost:5173')
    expect(window.webContents.loadedUrl).toMatch(/^file:\/\//)
    expect(window.options.webPreferences.devTools).toBe(false)
  })

  it('locks down the session and installs the menu', async () => {
    await start()
    const session = electron.session.defaultSession
    const callback = vi.fn()
    session.permissionRequestHandler!(null, 'media', callback, {})
    expect(callback).toHaveBeenCalledWith(false)
    expect(session.headersReceived).not.toBeNull()
    expect(electron.Menu.applied).not.toBeNull()
  })

  it('hardens every webContents the app creates', async () => {
    await start()
    const contents = new electron.FakeWebContents('about:blank')
    electron.app.emit('web-contents-created', {}, contents)
    const event = new electron.FakeEvent({ url: 'https://evil.example/', isMainFrame: true })
    contents.emit('will-frame-navigate', event)
    expect(event.defaultPrevented).toBe(true)
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
  })

  it('forwards core push events to the window', async () => {
    const { window, core } = await start()
    core.emitter.emit('events:new', { accountId: 'a1', events: [] })
    expect(window.webContents.sent).toEqual([{ channel: 'events:new', payload: { accountId: 'a1', events: [] } }])
  })

  it('brings the window back when a second instance starts', async () => {
    const { window } = await start()
    window.minimized = true
    electron.app.emit('second-instance', {}, ['electron', '.'], '/')
    expect(window.minimized).toBe(false)
    expect(window.focused).toBe(true)
    expect(electron.BrowserWindow.created).toHaveLength(1)
  })

  it('remembers where the window was on the next launch', async () => {
    const { window } = await start()
    window.bounds = { x: 50, y: 60, width: 1000, height: 700 }
    window.emit('close')
    window.emit('closed')
    // Quitting gives the data folder back for the next launch.
    electron.app.emit('will-quit', new electron.FakeEvent())
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1))

    electron.resetFakeElectron()
    electron.app.userData = userData
    const next = await start()
    expect(next.window.options).toMatchObject({ x: 50, y: 60, width: 1000, height: 700 })
  })

  it('disposes core before quitting, once', async () => {
    const { core } = await start()
    const event = new electron.FakeEvent()
    electron.app.emit('will-quit', event)
    electron.app.emit('will-quit', new electron.FakeEvent())
    expect(event.defaultPrevented).toBe(true)
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1))
    expect(core.dispose).toHaveBeenCalledOnce()
    const last = new electron.FakeEvent()
    electron.app.emit('will-quit', last)
    expect(last.defaultPrevented).toBe(false)
  })

  it('reports a failed start and exits, writing it down first', async () => {
    electron.session.defaultSession.setPermissionRequestHandler = () => {
      throw new Error('session broke')
    }
    runApp({ argv: [] })
    electron.app.becomeReady()
    await flush()
    expect(electron.dialog.errors).toEqual([{ title: 'Site Manager could not start', content: 'session broke' }])
    await vi.waitFor(() => expect(electron.app.exitCode).toBe(1))
    expect(logText()).toContain('session broke')
    // The folder is free again.
    expect(existsSync(join(userData, DATA_FOLDER_LOCK_FILE))).toBe(false)
  })

  it('does not start on a data folder another process has, and says which one', async () => {
    const other = acquireDataFolderLock(userData, { shell: 'web' })
    try {
      runApp({ argv: [] })
      electron.app.becomeReady()
      await vi.waitFor(() => expect(electron.app.exitCode).toBe(1))
      const started = processStartTime()
      const hhmm = `${String(started.getHours()).padStart(2, '0')}:${String(started.getMinutes()).padStart(2, '0')}`
      expect(electron.dialog.errors).toEqual([
        {
          title: 'Site Manager could not start',
          content: `Site Manager is already running with this data folder (process ${process.pid}, started ${hhmm}). Close it first.`,
        },
      ])
      expect(fakeCore.created).toHaveLength(0)
      expect(electron.BrowserWindow.created).toHaveLength(0)
      // Its lock is left alone, and nothing was written into its log.
      expect(JSON.parse(readFileSync(join(userData, DATA_FOLDER_LOCK_FILE), 'utf8')).shell).toBe('web')
      expect(existsSync(join(userData, 'logs'))).toBe(false)
    } finally {
      other.release()
    }
  })

  it('holds the data folder while it runs and gives it back after quitting', async () => {
    await start()
    expect(JSON.parse(readFileSync(join(userData, DATA_FOLDER_LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      shell: 'electron',
    })
    electron.app.emit('will-quit', new electron.FakeEvent())
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1))
    expect(existsSync(join(userData, DATA_FOLDER_LOCK_FILE))).toBe(false)
  })

  it('logs to <userData>/logs and hands core the same logger', async () => {
    const { core, window } = await start()
    expect(core.options.logger).toBeDefined()
    core.options.logger!.error('from core', { channel: 'sites:list' })
    // A refused sender is written down by main.
    await electron.ipcMain.handlers.get('workspace:scope')!(
      electron.invokeEvent(window.webContents, window.webContents.mainFrame.child(window.webContents.loadedUrl!)),
      {},
    )
    electron.app.emit('will-quit', new electron.FakeEvent())
    await vi.waitFor(() => expect(electron.app.quitCalls).toBe(1))
    const lines = logText()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((l) => l.msg)).toEqual([
      'Site Manager 0.1.0 starting',
      'from core',
      'Refused an IPC call from outside the app window',
      'Site Manager stopped',
    ])
    expect(lines.every((l) => l.shell === 'electron')).toBe(true)
  })
})

