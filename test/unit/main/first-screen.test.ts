// Main's side of the desktop head start: it keeps the calls the window's preload says its page
// made while opening (desktop-first-calls.json), starts core answering them when it creates
// the next window, and hands the answers to that window's preload once; only the app window's
// main frame is answered, and a missing or damaged file gives no head start and no error.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ok, type ChannelHandlers, type Result } from '../../../src/shared'
import { FIRST_SCREEN_ANSWERS_CHANNEL, FIRST_SCREEN_CALLS_CHANNEL } from '../../../src/shared/first-screen'
import { PushEmitter } from '../../../src/core/util/push-emitter'
import { DESKTOP_FIRST_CALLS_FILE, desktopFirstScreen, type DesktopFirstScreen } from '../../../src/main/first-screen'
import { trustedSenderCheck } from '../../../src/main/trusted-sender'
import { BrowserWindow, invokeEvent, ipcMain, resetFakeElectron } from './fake-electron'
import { recordingLogger } from '../web/recording-logger'

vi.mock('electron', () => import('./fake-electron'))

const APP_URL = 'file:///opt/site-manager/out/renderer/index.html'
const isAppUrl = (address: string) => address.split('#')[0] === APP_URL

let dataDir: string
let window: BrowserWindow
let printWindow: BrowserWindow
let emitter: PushEmitter
let asked: string[]
let firstScreen: DesktopFirstScreen | null
let logger: ReturnType<typeof recordingLogger>

const file = () => join(dataDir, DESKTOP_FIRST_CALLS_FILE)

function handlers(): ChannelHandlers {
  const answer = (channel: string) => async (input: unknown): Promise<Result<unknown>> => {
    asked.push(channel)
    return ok(input === undefined ? `${channel} answered` : { channel, input })
  }
  return { 'accounts:list': answer('accounts:list'), 'prefs:get': answer('prefs:get'), 'sync:states': answer('sync:states') } as unknown as ChannelHandlers
}

function start(): DesktopFirstScreen {
  const fromMainWindow = trustedSenderCheck(() => window as any, isAppUrl)
  const fromPrintWindow = trustedSenderCheck(() => printWindow as any, isAppUrl)
  firstScreen = desktopFirstScreen({
    dataDir,
    core: { handlers: handlers(), on: (event, listener) => emitter.on(event, listener) },
    fromMainWindow,
    fromAppWindow: (event) => fromMainWindow(event) || fromPrintWindow(event),
    logger,
  })
  return firstScreen
}

async function call(channel: string, from: BrowserWindow, ...args: unknown[]): Promise<unknown> {
  return ipcMain.handlers.get(channel)!(invokeEvent(from.webContents), ...args)
}

const OPENING_CALLS = [{ channel: 'accounts:list' }, { channel: 'prefs:get', input: { key: 'sites.view.all' } }]

beforeEach(async () => {
  resetFakeElectron()
  dataDir = mkdtempSync(join(tmpdir(), 'site-manager-first-screen-'))
  window = new BrowserWindow({})
  await window.loadURL(`${APP_URL}#/sites`)
  printWindow = new BrowserWindow({})
  await printWindow.loadURL(`${APP_URL}#/report/print`)
  emitter = new PushEmitter()
  asked = []
  firstScreen = null
  logger = recordingLogger()
})
afterEach(() => {
  firstScreen?.dispose()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("the desktop window's head start", () => {
  it('keeps the calls the window made while opening in the data folder, reads only', async () => {
    start()
    await call(FIRST_SCREEN_CALLS_CHANNEL, window, [...OPENING_CALLS, { channel: 'sites:delete', input: { accountId: 'a1', ids: [1] } }])
    await expect.poll(() => JSON.parse(readFileSync(file(), 'utf8'))).toEqual(OPENING_CALLS)
  })

  it('answers the kept calls when it creates the window, and hands the answers to its preload once', async () => {
    writeFileSync(file(), JSON.stringify(OPENING_CALLS))
    const started = start()
    expect(asked).toEqual([])
    started.windowOpening()
    expect(asked).toEqual(['accounts:list', 'prefs:get'])
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)).toEqual([
      ['accounts:list', ok('accounts:list answered')],
      ['prefs:get {"key":"sites.view.all"}', ok({ channel: 'prefs:get', input: { key: 'sites.view.all' } })],
    ])
    // The page reloaded: no answers made for the page it was.
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)).toEqual([])
  })

  it('reads back in the next run what the last run kept', async () => {
    start()
    await call(FIRST_SCREEN_CALLS_CHANNEL, window, OPENING_CALLS)
    await expect.poll(() => readFileSync(file(), 'utf8')).toContain('sites.view.all')
    firstScreen!.dispose()
    resetFakeElectron()
    start().windowOpening()
    expect(asked).toEqual(['accounts:list', 'prefs:get'])
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)).toHaveLength(2)
  })

  it('gives no head start, and no error, when the file is missing or damaged', async () => {
    start().windowOpening()
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)).toEqual([])
    firstScreen!.dispose()

    for (const text of ['{not json', '"accounts:list"', '[{"channel":"sites:delete"}]']) {
      writeFileSync(file(), text)
      start().windowOpening()
      expect(asked).toEqual([])
      expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)).toEqual([])
      firstScreen!.dispose()
    }
  })

  it('drops the answers a push made untrue before the preload took them', async () => {
    writeFileSync(file(), JSON.stringify([...OPENING_CALLS, { channel: 'sync:states' }]))
    const started = start()
    started.windowOpening()
    emitter.emit('sync:state', { accountId: 'a1' } as never)
    expect(((await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)) as unknown[][]).map(([key]) => key)).toEqual(['accounts:list', 'prefs:get {"key":"sites.view.all"}'])

    // The next window's answers, spoiled by the sync's data.
    started.windowOpening()
    emitter.emit('workspace:changed', { accountId: 'a1' } as never)
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)).toEqual([])
  })

  it('answers only the app window: the print window quietly gets nothing, a stranger is refused and written down', async () => {
    writeFileSync(file(), JSON.stringify(OPENING_CALLS))
    start().windowOpening()
    const stranger = new BrowserWindow({})
    await stranger.loadURL(`${APP_URL}#/sites`)
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, stranger)).toEqual([])
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, printWindow)).toEqual([])
    await call(FIRST_SCREEN_CALLS_CHANNEL, stranger, [{ channel: 'app:info' }])
    await call(FIRST_SCREEN_CALLS_CHANNEL, printWindow, [{ channel: 'report:templates' }])
    expect(logger.lines.map((line) => [line.message, line.fields?.channel])).toEqual([
      ['Refused an IPC call from outside the app window', FIRST_SCREEN_ANSWERS_CHANNEL],
      ['Refused an IPC call from outside the app window', FIRST_SCREEN_CALLS_CHANNEL],
    ])
    // The app window still gets its answers; nothing the others said was kept.
    expect(await call(FIRST_SCREEN_ANSWERS_CHANNEL, window)).toHaveLength(2)
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual(OPENING_CALLS)
  })

  it('drops answers not taken when another window opens or it is disposed', async () => {
    writeFileSync(file(), JSON.stringify(OPENING_CALLS))
    const started = start()
    started.windowOpening()
    started.windowOpening()
    expect(asked).toEqual(['accounts:list', 'prefs:get', 'accounts:list', 'prefs:get'])
    started.dispose()
    firstScreen = null
    expect([...ipcMain.handlers.keys()]).toEqual([])
  })
})
