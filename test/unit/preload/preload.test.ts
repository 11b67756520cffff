// The preload exposes window.api and nothing else: one method per contract channel, each
// invoking its own channel, and `on` for the contract's push events only.
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PUSH_EVENTS, REQUEST_CHANNELS, methodName } from '../../../src/shared'
import { FIRST_SCREEN_ANSWERS_CHANNEL } from '../../../src/shared/first-screen'
import { contextBridge, ipcRenderer } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

let api: Record<string, (...args: unknown[]) => unknown>
let firstInvoked: unknown[] = []

// The preload's window, where the person's first key or click is heard (its head start).
const page = new EventTarget()

beforeAll(async () => {
  vi.stubGlobal('addEventListener', page.addEventListener.bind(page))
  await import('../../../src/preload/index')
  api = contextBridge.exposed.get('api') as typeof api
  firstInvoked = [...ipcRenderer.invoked]
  // The page is done opening, so every call below goes over IPC (first-screen.test.ts has the head start).
  page.dispatchEvent(new Event('keydown'))
})
afterAll(() => {
  vi.unstubAllGlobals()
})
beforeEach(() => {
  ipcRenderer.invoked = []
  ipcRenderer.removeAllListeners()
})

describe('the preload', () => {
  it("exposes one thing, 'api', in the page's world", () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['api'])
  })

  it("asked main for the head start's answers as it ran, before the page made any call", () => {
    expect(firstInvoked).toEqual([{ channel: FIRST_SCREEN_ANSWERS_CHANNEL, args: [] }])
  })

  it("exposes exactly one method per contract channel plus 'on'", () => {
    const expected = [...REQUEST_CHANNELS.map((c) => methodName(c)), 'on'].sort()
    expect(Object.keys(api).sort()).toEqual(expected)
    for (const value of Object.values(api)) expect(typeof value).toBe('function')
  })

  it('exposes nothing generic: no ipcRenderer, no invoke/send by channel name', () => {
    for (const value of Object.values(api)) expect(value).not.toBe(ipcRenderer)
    for (const name of ['invoke', 'send', 'sendSync', 'ipcRenderer', 'postMessage', 'removeAllListeners']) {
      expect(api).not.toHaveProperty(name)
    }
    expect(Object.isFrozen(api)).toBe(true)
  })

  it.each(REQUEST_CHANNELS)('%s: its method invokes that channel with the one input given', async (channel) => {
    const input = { accountId: 'a1', extra: channel }
    const answer = await api[methodName(channel)]!(input, 'a second argument the page should not pass on')
    expect(answer).toEqual({ ok: true, value: `answer of ${channel}` })
    expect(ipcRenderer.invoked).toEqual([{ channel, args: [input] }])
  })

  it('delivers a push event payload, without the IPC event, until unsubscribed', () => {
    const received: unknown[] = []
    const off = api.on!('events:new', (...args: unknown[]) => received.push(args)) as () => void
    const senderEvent = { sender: ipcRenderer }
    ipcRenderer.emit('events:new', senderEvent, { accountId: 'a1', events: [] })
    expect(received).toEqual([[{ accountId: 'a1', events: [] }]])

    off()
    ipcRenderer.emit('events:new', senderEvent, { accountId: 'a2', events: [] })
    expect(received).toHaveLength(1)
    expect(ipcRenderer.listenerCount('events:new')).toBe(0)
  })

  it.each(PUSH_EVENTS)('accepts the push event %s', (event) => {
    const off = api.on!(event, () => {}) as () => void
    expect(ipcRenderer.listenerCount(event)).toBe(1)
    off()
  })

  it.each(['sites:list', 'accounts:add', 'anything', '', 'constructor', '__proto__', 42, null])(
    'refuses to subscribe to %s',
    (event) => {
      expect(() => api.on!(event, () => {})).toThrow(/Unknown push event/)
      expect(ipcRenderer.eventNames()).toEqual([])
    },
  )

  it('refuses a listener that is not a function', () => {
    expect(() => api.on!('events:new', 'alert(1)')).toThrow(TypeError)
    expect(ipcRenderer.listenerCount('events:new')).toBe(0)
  })
})

// A sandboxed preload can require only 'electron' (and a few Node built-ins); it is bundled,
// but everything it pulls in must itself be bundleable without node_modules. This walks the
// preload's import graph in the sources and allows only electron and relative files.
describe('the preload import graph', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src')
  const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]/g

  function resolveSource(fromFile: string, specifier: string): string {
    const base = resolve(dirname(fromFile), specifier)
    for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
      try {
        readFileSync(candidate)
        return candidate
      } catch {
        // try the next form
      }
    }
    throw new Error(`cannot resolve ${specifier} from ${fromFile}`)
  }

  it('reaches nothing but electron and files under src/preload and src/shared', () => {
    const seen = new Set<string>()
    const external = new Set<string>()
    const visit = (file: string): void => {
      if (seen.has(file)) return
      seen.add(file)
      for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
        const specifier = (match[1] ?? match[2])!
        if (specifier.startsWith('.')) visit(resolveSource(file, specifier))
        else external.add(specifier)
      }
    }
    visit(join(root, 'preload/index.ts'))

    expect([...external]).toEqual(['electron'])
    for (const file of seen) {
      expect(file.startsWith(join(root, 'preload')) || file.startsWith(join(root, 'shared'))).toBe(true)
    }
  })
})
