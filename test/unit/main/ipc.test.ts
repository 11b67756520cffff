// The IPC gate: every contract channel is registered, only the app's own main frame gets
// through, and an untrusted call never reaches core.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { INTERNAL_ERROR_MESSAGE, REQUEST_CHANNELS, type ChannelHandlers, type Result } from '../../../src/shared'
import { BrowserWindow, FakeFrame, FakeWebContents, invokeEvent, ipcMain, resetFakeElectron } from './fake-electron'
import { registerChannels } from '../../../src/main/ipc'
import { trustedSenderCheck } from '../../../src/main/trusted-sender'
import { recordingLogger } from '../web/recording-logger'

vi.mock('electron', () => import('./fake-electron'))

const APP_URL = 'file:///opt/site-manager/out/renderer/index.html'
const isAppUrl = (address: string) => address.split('#')[0] === APP_URL

function recordingHandlers(): { handlers: ChannelHandlers; calls: Array<{ channel: string; input: unknown }> } {
  const calls: Array<{ channel: string; input: unknown }> = []
  const handlers = Object.fromEntries(
    REQUEST_CHANNELS.map((channel) => [
      channel,
      async (input: unknown) => {
        calls.push({ channel, input })
        return { ok: true, value: `answer of ${channel}` }
      },
    ]),
  ) as unknown as ChannelHandlers
  return { handlers, calls }
}

async function invoke(channel: string, event: unknown, input?: unknown): Promise<Result<unknown>> {
  const handler = ipcMain.handlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return (await handler(event, input)) as Result<unknown>
}

describe('registerChannels', () => {
  let window: BrowserWindow
  let calls: Array<{ channel: string; input: unknown }>

  beforeEach(async () => {
    resetFakeElectron()
    window = new BrowserWindow({})
    await window.loadURL(`${APP_URL}#/sites`)
    const recording = recordingHandlers()
    calls = recording.calls
    registerChannels(recording.handlers, trustedSenderCheck(() => window as any, isAppUrl))
  })

  it('registers exactly the channels of the contract', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...REQUEST_CHANNELS].sort())
  })

  it.each(REQUEST_CHANNELS)('passes %s from the app window to its own core handler', async (channel) => {
    const input = { accountId: 'a1', marker: channel }
    const answer = await invoke(channel, invokeEvent(window.webContents), input)
    expect(answer).toEqual({ ok: true, value: `answer of ${channel}` })
    expect(calls).toEqual([{ channel, input }])
  })

  const untrusted: Array<[string, () => unknown]> = [
    ['a subframe of the app window', () => invokeEvent(window.webContents, window.webContents.mainFrame.child(APP_URL))],
    [
      'another webContents showing the app page',
      () => {
        const other = new FakeWebContents(APP_URL)
        return invokeEvent(other)
      },
    ],
    [
      'the main frame after it navigated to a foreign page',
      () => {
        window.webContents.mainFrame.url = 'https://evil.example/'
        return invokeEvent(window.webContents)
      },
    ],
    [
      'another local file',
      () => {
        window.webContents.mainFrame.url = 'file:///tmp/evil.html'
        return invokeEvent(window.webContents)
      },
    ],
    ['a frame that is gone (senderFrame null)', () => invokeEvent(window.webContents, null)],
    [
      'a detached frame',
      () => {
        window.webContents.mainFrame.detached = true
        return invokeEvent(window.webContents)
      },
    ],
    [
      'a frame object that is not the main frame even at the same URL',
      () => invokeEvent(window.webContents, new FakeFrame(APP_URL)),
    ],
    [
      'a destroyed window',
      () => {
        window.destroyed = true
        return invokeEvent(window.webContents)
      },
    ],
  ]

  it.each(untrusted)('refuses %s and runs nothing', async (_what, makeEvent) => {
    const answer = await invoke('accounts:add', makeEvent(), { label: 'x', baseUrl: 'https://x', token: 't' })
    expect(answer).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } })
    expect(calls).toEqual([])
  })

  it('answers an internal error as data when a handler throws', async () => {
    resetFakeElectron()
    const throwing = Object.fromEntries(
      REQUEST_CHANNELS.map((c) => [c, async () => Promise.reject(new Error('secret token abc in message'))]),
    ) as unknown as ChannelHandlers
    registerChannels(throwing, () => true)
    const answer = await invoke('workspace:scope', {}, { scope: ['a1'] })
    expect(answer).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } })
  })

  it('writes a refused sender down: the channel and where the call came from, never the input', async () => {
    resetFakeElectron()
    const logger = recordingLogger()
    const recording = recordingHandlers()
    registerChannels(recording.handlers, trustedSenderCheck(() => window as any, isAppUrl), logger)
    window.webContents.mainFrame.url = 'https://evil.example/page?token=abc#x'
    await invoke('accounts:add', invokeEvent(window.webContents), { label: 'x', baseUrl: 'https://x', token: 'sekrit-token-value' })
    await invoke('workspace:scope', invokeEvent(window.webContents, window.webContents.mainFrame.child(APP_URL)), {})
    await invoke('workspace:scope', invokeEvent(window.webContents, null), {})
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: 'Refused an IPC call from outside the app window',
        fields: { channel: 'accounts:add', sender: 'https://evil.example/page', frame: 'main' },
      },
      {
        level: 'warn',
        message: 'Refused an IPC call from outside the app window',
        fields: { channel: 'workspace:scope', sender: APP_URL, frame: 'sub' },
      },
      {
        level: 'warn',
        message: 'Refused an IPC call from outside the app window',
        fields: { channel: 'workspace:scope', sender: null, frame: 'gone' },
      },
    ])
    expect(JSON.stringify(logger.lines)).not.toContain('sekrit')
    expect(recording.calls).toEqual([])
  })

  it('writes a throwing handler down with the channel and the error', async () => {
    resetFakeElectron()
    const logger = recordingLogger()
    const throwing = Object.fromEntries(
      REQUEST_CHANNELS.map((c) => [c, async () => Promise.reject(new TypeError('x is not a function'))]),
    ) as unknown as ChannelHandlers
    registerChannels(throwing, () => true, logger)
    await invoke('workspace:scope', {}, { scope: ['a1'] })
    expect(logger.lines).toHaveLength(1)
    expect(logger.lines[0]).toMatchObject({
      level: 'error',
      message: 'workspace:scope threw instead of answering',
      fields: { channel: 'workspace:scope', error: { name: 'TypeError', message: 'x is not a function' } },
    })
  })

  it('removes every handler again', () => {
    resetFakeElectron()
    const remove = registerChannels(recordingHandlers().handlers, () => true)
    expect(ipcMain.handlers.size).toBe(REQUEST_CHANNELS.length)
    remove()
    expect(ipcMain.handlers.size).toBe(0)
  })
})
