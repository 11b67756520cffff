// keytar in a child process of its own. libsecret connects to the keychain daemon once per
// process and keeps that connection: after the daemon restarts, every call in that process
// fails ("The name :1.0 was not provided by any .service files") until the app restarts. A
// call that fails that way is retried once in a new child, which connects afresh. A child is
// also ended when a call overran its deadline (abandon), which frees the thread it held, and
// after a minute without calls, so an idle app holds no second process.
//
// The child is plain Node running the script below with `-e`, so it needs no file of its own
// in the build; it only answers the three keytar calls. Tokens pass over its IPC pipe only.
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { STALE_CONNECTION_DETAIL } from './keychain-errors'
import type { KeytarApi } from './keytar-secret-store'

const CHILD_SOURCE = `
'use strict'
let keytar
let loadError
try { keytar = require(process.argv[1]) } catch (error) { loadError = error }
const OPS = new Set(['getPassword', 'setPassword', 'deletePassword'])
process.on('message', (m) => {
  const reply = (answer) => { if (process.connected) process.send(Object.assign({ id: m.id }, answer)) }
  if (loadError) return reply({ ok: false, message: String(loadError.message) })
  if (!OPS.has(m.op)) return reply({ ok: false, message: 'unknown keytar call' })
  Promise.resolve()
    .then(() => keytar[m.op](...m.args))
    .then((value) => reply({ ok: true, value: value === undefined ? null : value }),
          (error) => reply({ ok: false, message: String((error && error.message) || error) }))
})
// Its parent is gone. SIGKILL, not exit: Node's exit waits for a keytar call stuck in the pool.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'))
`

type Op = 'getPassword' | 'setPassword' | 'deletePassword'

interface Reply {
  id: number
  ok: boolean
  value?: unknown
  message?: string
}

export interface KeytarHostOptions {
  /** The keytar module to load in the child; default the app's own. */
  modulePath?: string
  /** Environment of the child; default this process's (it needs the session bus address). */
  env?: NodeJS.ProcessEnv
  /** A child with no call for this long is ended. */
  idleMs?: number
}

const IDLE_MS = 60_000

/** One child process and the calls it has not answered yet. */
class Child {
  private readonly process: ChildProcess
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  private nextId = 1
  exited = false

  constructor(modulePath: string, env: NodeJS.ProcessEnv | undefined) {
    this.process = spawn(process.execPath, ['-e', CHILD_SOURCE, modulePath], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env,
      windowsHide: true,
    })
    this.process.on('message', (reply: Reply) => this.settle(reply))
    const gone = (): void => this.end(new Error('The keychain helper process stopped.'))
    this.process.on('exit', gone)
    this.process.on('error', gone)
    this.idle()
  }

  call(op: Op, args: string[]): Promise<unknown> {
    if (this.exited) return Promise.reject(new Error('The keychain helper process stopped.'))
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      // While a call is out, the child keeps this process alive; otherwise it must not.
      this.process.channel?.ref()
      this.process.send({ id, op, args }, (error) => {
        if (error) this.end(error)
      })
    })
  }

  get busy(): boolean {
    return this.pending.size > 0
  }

  kill(): void {
    this.process.kill('SIGKILL')
    this.end(new Error('The keychain helper process stopped.'))
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id)
    if (!waiting) return
    this.pending.delete(reply.id)
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(new Error(reply.message ?? 'The keychain failed.'))
    if (!this.busy) this.idle()
  }

  private end(error: Error): void {
    this.exited = true
    for (const waiting of this.pending.values()) waiting.reject(error)
    this.pending.clear()
  }

  private idle(): void {
    this.process.channel?.unref()
    this.process.unref()
  }
}

export class KeytarHost implements KeytarApi {
  private child: Child | undefined
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  private readonly modulePath: string

  constructor(private readonly options: KeytarHostOptions = {}) {
    this.modulePath = options.modulePath ?? createRequire(import.meta.url).resolve('keytar')
  }

  async getPassword(service: string, account: string): Promise<string | null> {
    return (await this.request('getPassword', [service, account])) as string | null
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    await this.request('setPassword', [service, account, password])
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    return (await this.request('deletePassword', [service, account])) as boolean
  }

  /** The call in flight overran its deadline: end the child, and with it the call. */
  abandon(): void {
    this.close()
  }

  /** Ends the child; the next call starts a new one. */
  close(): void {
    clearTimeout(this.idleTimer)
    this.child?.kill()
    this.child = undefined
  }

  private async request(op: Op, args: string[]): Promise<unknown> {
    clearTimeout(this.idleTimer)
    try {
      return await this.once(op, args)
    } catch (thrown) {
      // A connection to a daemon that is gone: a new process connects to the one running now.
      if (!(thrown instanceof Error) || !STALE_CONNECTION_DETAIL.test(thrown.message)) throw thrown
      this.close()
      return await this.once(op, args)
    } finally {
      this.scheduleIdleEnd()
    }
  }

  private once(op: Op, args: string[]): Promise<unknown> {
    if (!this.child || this.child.exited) this.child = new Child(this.modulePath, this.options.env)
    return this.child.call(op, args)
  }

  private scheduleIdleEnd(): void {
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => {
      if (!this.child?.busy) this.close()
    }, this.options.idleMs ?? IDLE_MS)
    this.idleTimer.unref?.()
  }
}
