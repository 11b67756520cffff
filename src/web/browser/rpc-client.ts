// The bridge's calls over the shell's socket: ties each answer to its call by id, gives up on
// a call that waits too long, and hands push frames to the listeners. Every call settles with
// a Result and never rejects, as over IPC: no answer in time, a lost socket or an unreadable
// answer all become `{ ok: false, error }` (see bridge-errors.ts and UNREADABLE_ANSWER).
//
// Why not birpc: its frames ({ t, i, m, a } with 21-character string ids) are not the shell's
// ({ id, channel, input } with whole-number ids, refused otherwise by the server and its
// tests), so serialize/deserialize would need a table from wire ids to its ids: a second id
// correlation on top of its own, which is all this file is. Its timeout runs on the
// setTimeout it captured when loaded (neither injectable nor faked by tests) and rejects where
// a Result is needed, so that would be rewritten around it too.
import type { AppError, Invoke, PushEvent, RequestChannel, Result } from '../../shared'
import { fail } from '../../shared'
import { encodeRequest, parseServerMessage } from '../protocol'
import { CALL_TIMED_OUT, NOT_CONNECTED, UNSENDABLE_INPUT } from './bridge-errors'
import type { Clock } from './clock'

/**
 * How long one call may wait for its answer before it fails with 'timeout'. Generous: the
 * socket staying open says nothing about an answer that never comes, yet 'sites:all' pages
 * through a whole account and can rightly take minutes.
 */
export const DEFAULT_CALL_TIMEOUT_MS = 5 * 60 * 1000

export interface RpcClientOptions {
  /**
   * Sends one frame now or once the socket opens; answers what withdraws it should it still
   * be waiting, or null when no socket is up or opening (the call then fails at once).
   */
  send(text: string): (() => void) | null
  /** A push frame from the shell. */
  onPush(event: PushEvent, payload: unknown): void
  callTimeoutMs: number
  clock: Clock
  /** The shell's primed answer to a call, once (primed-answers.ts); undefined: ask over the socket. */
  primed?: (channel: RequestChannel, input: unknown) => Result<unknown> | undefined
  /** Whether the page is still opening (no key or click yet): its calls are then marked so (protocol.ts). */
  opening?: () => boolean
}

type Settle = (result: Result<unknown>) => void

export class RpcClient {
  private nextId = 1
  /** Calls sent or queued, waiting for their answer. */
  private readonly waiting = new Map<number, Settle>()

  constructor(private readonly options: RpcClientOptions) {}

  readonly request: Invoke = (channel: RequestChannel, input: unknown) =>
    new Promise((resolve) => {
      const id = this.nextId++
      const opening = this.options.opening?.() === true ? { opening: true as const } : {}
      const primed = this.options.primed?.(channel, input)
      if (primed !== undefined) {
        // Told to the shell all the same (it answers nothing), so it primes the next page with it too.
        try {
          this.options.send(encodeRequest({ id, channel, input, ...opening, answered: true }))
        } catch {
          // An input JSON cannot carry was never primed: its key could not have matched.
        }
        return resolve(primed)
      }
      let text: string
      try {
        text = encodeRequest({ id, channel, input, ...opening })
      } catch {
        return resolve(fail(UNSENDABLE_INPUT))
      }
      const { clock, callTimeoutMs } = this.options
      let withdraw: () => void = () => {}
      const timer = clock.setTimer(() => {
        // Forgotten and withdrawn, so a late answer finds nothing to settle and a queued frame
        // is never sent after the person was told it was given up.
        this.waiting.delete(id)
        withdraw()
        resolve(fail(CALL_TIMED_OUT))
      }, callTimeoutMs)
      this.waiting.set(id, (result) => {
        clock.clearTimer(timer)
        resolve(result)
      })
      const sent = this.options.send(text)
      if (sent) {
        withdraw = sent
        return
      }
      // Waiting for the next try: the shell is known to be unreachable, so say so now.
      this.waiting.delete(id)
      clock.clearTimer(timer)
      resolve(fail(NOT_CONNECTED))
    })

  /** A frame from the shell: an answer settles its call, a push goes to the listeners; any other is dropped. */
  receive(text: string): void {
    const message = parseServerMessage(text)
    if (!message) return
    if ('event' in message) {
      this.options.onPush(message.event, message.payload)
      return
    }
    const settle = this.waiting.get(message.id)
    this.waiting.delete(message.id)
    settle?.(message.result)
  }

  /** Every waiting call settles with `error`: the socket it was sent on is gone. */
  failAll(error: AppError): void {
    const settles = [...this.waiting.values()]
    this.waiting.clear()
    for (const settle of settles) settle(fail(error))
  }
}
