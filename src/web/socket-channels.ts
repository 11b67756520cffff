// The server end of the bridge: answers contract calls arriving on a WebSocket with core's
// handlers and forwards core's push events to every open socket. Input is handed to core
// unchecked on purpose: core validates every channel's input (DESIGN.md); this side only
// checks the envelope and the channel name.
//
// It also keeps what primes the next page (first-calls.ts, push-log.ts): each socket's first
// reads are noted, and a socket that opens after primed answers is sent the pushes it missed.
import type { WebSocket } from 'ws'
import type { Core } from '../core'
import type { PushEvent, Result } from '../shared'
import { catchUpPushes, fail, internalError, isRequestChannel, PUSH_EVENTS } from '../shared'
import { FirstCalls } from '../core/first-screen'
import { PushLog } from './push-log'
import { errorFields } from '../core/logging/redaction'
import { silentLogger, type Logger } from '../core/util/logger'
import type { ResponseMessage } from './protocol'
import { KEEP_SCREEN_PREFIX, parseKeepScreenFrame, parseRequestMessage, PING_FRAME, PONG_FRAME, type KeptScreen } from './protocol'

/** Close code for a frame that is not a request message (RFC 6455: policy violation). */
export const CLOSE_POLICY_VIOLATION = 1008

async function answer(core: Core, channel: string, input: unknown, logger: Logger): Promise<Result<unknown>> {
  if (!isRequestChannel(channel)) {
    logger.warn('A page asked for a channel the app does not have', { channel: channel.slice(0, 80) })
    return fail({ code: 'invalid_input', message: `The app has no channel named "${channel.slice(0, 80)}".` })
  }
  try {
    return await core.handlers[channel](input)
  } catch (thrown) {
    // Core answers with data, never a throw; this guards the socket should that ever break.
    logger.error(`${channel} threw instead of answering`, { channel, error: errorFields(thrown) })
    return fail(internalError())
  }
}

function encodeResponse(response: ResponseMessage): string {
  try {
    return JSON.stringify(response)
  } catch {
    // An answer JSON cannot carry must still reach the caller, or its promise would hang.
    const error = fail({ code: 'internal', message: 'The app produced an answer it could not send.' })
    return JSON.stringify({ id: response.id, result: error })
  }
}

export interface SocketChannels {
  /**
   * Serves one authorized socket until it closes. `since`: the page opened on primed answers
   * made after push number `since`; it is sent the pushes after that first.
   */
  serve(socket: WebSocket, since?: number): void
  /** The number of the last push sent to the pages (primed answers carry it). */
  pushSeq(): number
  /** The first reads of the last page (what to prime the next one with). */
  readonly firstCalls: FirstCalls
  dispose(): void
}

export function socketChannels(
  core: Core,
  logger: Logger = silentLogger,
  firstCalls = new FirstCalls({ file: null, logger }),
  /** Told each screen a page sends to keep (browser/screen-keeper.ts). */
  onKeepScreen?: (screen: KeptScreen) => void,
): SocketChannels {
  const sockets = new Set<WebSocket>()
  const pushes = new PushLog()

  const pushText = (event: PushEvent, payload: unknown) => JSON.stringify({ event, payload })
  const broadcast = (event: PushEvent, payload: unknown) => {
    pushes.add({ event, payload })
    const text = pushText(event, payload)
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(text)
    }
  }
  const sendTo = (socket: WebSocket) => (event: PushEvent, payload: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(pushText(event, payload))
  }
  /** What a page that opened on primed answers missed since they were made. */
  const catchUp = (socket: WebSocket, since: number) => {
    const missed = pushes.after(since)
    if (missed === null) {
      void catchUpPushes((channel, input) => answer(core, channel, input, logger), sendTo(socket))
      return
    }
    for (const push of missed) sendTo(socket)(push.event, push.payload)
  }
  const unsubscribers = PUSH_EVENTS.map((event) => core.on(event, (payload) => broadcast(event, payload)))

  return {
    firstCalls,
    pushSeq: () => pushes.seq(),
    serve(socket, since) {
      sockets.add(socket)
      if (since !== undefined) catchUp(socket, since)
      const opening = firstCalls.watch()
      socket.on('close', () => {
        sockets.delete(socket)
        opening.end()
      })
      socket.on('error', (error) => {
        // A frame over the size limit, a broken connection: the socket goes, the shell stays.
        logger.warn('A socket failed and was closed', { error: errorFields(error) })
        socket.terminate()
      })
      socket.on('message', (data, isBinary) => {
        const text = isBinary ? null : data.toString()
        // The bridge's heartbeat: answered at once, whatever core is busy with.
        if (text === PING_FRAME) {
          if (socket.readyState === socket.OPEN) socket.send(PONG_FRAME)
          return
        }
        if (text?.startsWith(KEEP_SCREEN_PREFIX)) {
          // The window's screen, for the next page (kept-screen.ts); one that cannot be kept is
          // dropped with a line in the log, and the page goes on as before.
          const screen = parseKeepScreenFrame(text)
          if (screen === null) logger.warn('A page sent a screen to keep that cannot be kept; it was dropped')
          else onKeepScreen?.(screen)
          return
        }
        const parsed = text === null ? { ok: false as const, reason: 'The frame is binary; only text frames are read.' } : parseRequestMessage(text)
        if (!parsed.ok) {
          logger.warn('Closed a socket that sent a frame that is not a request', { reason: parsed.reason })
          socket.close(CLOSE_POLICY_VIOLATION, parsed.reason)
          return
        }
        const request = parsed.message
        if (request.opening) opening.note(request.channel, request.input)
        // Answered in the page already: only noted, so the next page is primed with it too.
        if (request.answered) return
        void answer(core, request.channel, request.input, logger).then((result) => {
          if (socket.readyState === socket.OPEN) socket.send(encodeResponse({ id: request.id, result }))
        })
      })
    },
    dispose() {
      for (const unsubscribe of unsubscribers) unsubscribe()
      for (const socket of sockets) socket.terminate()
      sockets.clear()
    },
  }
}
