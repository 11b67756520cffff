// The preload's head start: the answers main primed the window with answer the page's matching
// calls once each, without IPC, while they hold; every other call goes over IPC; the calls the
// page makes while opening are told to main once it is done opening.
import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fail, ok, type Invoke, type Result } from '../../../src/shared'
import { callKey, FIRST_SCREEN_ANSWERS_CHANNEL, FIRST_SCREEN_CALLS_CHANNEL, type PrimedAnswer } from '../../../src/shared/first-screen'
import { headStart } from '../../../src/preload/first-screen'

/** ipcRenderer as main answers it: the primed answers on the head start's channel. */
class FakeIpc extends EventEmitter {
  invoked: Array<{ channel: string; args: unknown[] }> = []
  constructor(private readonly answers: () => Promise<unknown>) {
    super()
  }
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args })
    return channel === FIRST_SCREEN_ANSWERS_CHANNEL ? this.answers() : undefined
  }
  push(event: string): void {
    this.emit(event, { sender: this }, {})
  }
}

const primed: PrimedAnswer[] = [
  ['accounts:list', ok({ accounts: ['primed'] })],
  [callKey('prefs:get', { key: 'sites.view.all' }), ok('primed view')],
  ['sync:states', ok(['primed states'])],
]

function start(answers: () => Promise<unknown> = async () => primed) {
  const ipc = new FakeIpc(answers)
  const page = new EventTarget()
  const overIpc: Array<{ channel: string; input: unknown }> = []
  const over: Invoke = async (channel, input) => {
    overIpc.push({ channel, input })
    return ok(`over IPC: ${channel}`)
  }
  const invoke = headStart(over, { ipc, page, windowMs: 1_000 })
  /** The calls told to main as the page's opening calls. */
  const told = () => ipc.invoked.filter((call) => call.channel === FIRST_SCREEN_CALLS_CHANNEL).map((call) => call.args[0])
  return { ipc, page, invoke, overIpc, told }
}

afterEach(() => {
  vi.useRealTimers()
})

describe("the preload's head start", () => {
  it('asks main for the answers once, as soon as it runs', () => {
    const { ipc } = start()
    expect(ipc.invoked).toEqual([{ channel: FIRST_SCREEN_ANSWERS_CHANNEL, args: [] }])
  })

  it('answers a matching call once from them, and sends the rest over IPC', async () => {
    const { invoke, overIpc } = start()
    expect(await invoke('accounts:list', undefined)).toEqual(ok({ accounts: ['primed'] }))
    expect(await invoke('prefs:get', { key: 'sites.view.all' })).toEqual(ok('primed view'))
    expect(overIpc).toEqual([])
    // Asked again, or with another input: over IPC.
    expect(await invoke('accounts:list', undefined)).toEqual(ok('over IPC: accounts:list'))
    expect(await invoke('prefs:get', { key: 'sites.view:a1' })).toEqual(ok('over IPC: prefs:get'))
    expect(overIpc).toEqual([
      { channel: 'accounts:list', input: undefined },
      { channel: 'prefs:get', input: { key: 'sites.view:a1' } },
    ])
  })

  it('has a call made before the answers arrive wait for them', async () => {
    let hand: (answers: unknown) => void = () => {}
    const { invoke, overIpc } = start(() => new Promise((resolve) => (hand = resolve)))
    const asked = invoke('accounts:list', undefined)
    hand(primed)
    expect(await asked).toEqual(ok({ accounts: ['primed'] }))
    expect(overIpc).toEqual([])
  })

  it('drops them all on a push that says data changed', async () => {
    const { ipc, invoke } = start()
    await invoke('app:info', undefined)
    ipc.push('workspace:changed')
    expect(await invoke('accounts:list', undefined)).toEqual(ok('over IPC: accounts:list'))
    expect(await invoke('prefs:get', { key: 'sites.view.all' })).toEqual(ok('over IPC: prefs:get'))
  })

  it("drops only the sync states on a sync's push", async () => {
    const { ipc, invoke } = start()
    await invoke('app:info', undefined)
    ipc.push('sync:state')
    expect(await invoke('sync:states', undefined)).toEqual(ok('over IPC: sync:states'))
    expect(await invoke('accounts:list', undefined)).toEqual(ok({ accounts: ['primed'] }))
  })

  it("drops them once the person's first key or click ends the page's opening", async () => {
    for (const type of ['keydown', 'pointerdown', 'input']) {
      const { page, invoke } = start()
      await invoke('app:info', undefined)
      page.dispatchEvent(new Event(type))
      expect(await invoke('accounts:list', undefined)).toEqual(ok('over IPC: accounts:list'))
    }
  })

  it('sends every call over IPC when main has no answers to give', async () => {
    const answers: Array<() => Promise<unknown>> = [
      async () => [],
      async () => fail({ code: 'forbidden', message: 'refused' }),
      async () => {
        throw new Error("No handler registered for 'first-screen:answers'")
      },
    ]
    for (const given of answers) {
      const { invoke, overIpc } = start(given)
      expect(await invoke('accounts:list', undefined)).toEqual(ok('over IPC: accounts:list'))
      expect(overIpc).toHaveLength(1)
    }
  })

  it("tells main the reads the page made while opening, once, when the person's first key ends it", async () => {
    const { page, invoke, told, ipc } = start()
    await invoke('accounts:list', undefined)
    await invoke('sites:delete' as never, { accountId: 'a1', ids: [1] })
    await invoke('prefs:get', { key: 'sites.view.all' })
    await invoke('prefs:get', { key: 'sites.view.all' })
    expect(told()).toEqual([])
    page.dispatchEvent(new Event('keydown'))
    page.dispatchEvent(new Event('pointerdown'))
    await invoke('sites:query', { accountIds: ['a1'] })
    expect(told()).toEqual([[{ channel: 'accounts:list' }, { channel: 'prefs:get', input: { key: 'sites.view.all' } }]])
    // It no longer listens to pushes.
    expect(ipc.eventNames()).toEqual([])
  })

  it('tells main when the noting window has passed, or the page goes away', async () => {
    vi.useFakeTimers()
    const timed = start()
    await timed.invoke('app:info', undefined)
    vi.advanceTimersByTime(1_000)
    expect(timed.told()).toEqual([[{ channel: 'app:info' }]])
    expect(await timed.invoke('accounts:list', undefined)).toEqual(ok('over IPC: accounts:list'))

    const leaving = start()
    await leaving.invoke('app:info', undefined)
    leaving.page.dispatchEvent(new Event('pagehide'))
    expect(leaving.told()).toEqual([[{ channel: 'app:info' }]])
  })

  it('tells main nothing when the page read nothing while opening, and minds no failure telling it', async () => {
    const quiet = start()
    quiet.page.dispatchEvent(new Event('keydown'))
    expect(quiet.told()).toEqual([])

    const failing = start()
    failing.ipc.invoke = async (channel: string, ...args: unknown[]): Promise<Result<unknown>> => {
      failing.ipc.invoked.push({ channel, args })
      throw new Error('main went away')
    }
    await failing.invoke('app:info', undefined)
    failing.page.dispatchEvent(new Event('keydown'))
    expect(failing.told()).toEqual([[{ channel: 'app:info' }]])
  })
})
