// The web shell's socket end, on a stand-in socket: a core handler that throws instead of
// answering still gets its caller an answer, the app's one internal-error sentence, and the
// log gets the channel and the error, never the input.
import { EventEmitter } from 'node:events'
import type { WebSocket } from 'ws'
import { describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core'
import { INTERNAL_ERROR_MESSAGE, REQUEST_CHANNELS, type ChannelHandlers } from '../../../src/shared'
import { socketChannels } from '../../../src/web/socket-channels'
import { recordingLogger } from './recording-logger'

/** Just what socketChannels uses of a ws socket: events, readyState and send. */
class StandInSocket extends EventEmitter {
  readonly OPEN = 1
  readyState = 1
  readonly sent: string[] = []
  send(text: string): void {
    this.sent.push(text)
  }
  close(): void {
    this.readyState = 3
  }
  terminate(): void {
    this.readyState = 3
  }
}

function throwingCore(): Core {
  const handlers = Object.fromEntries(
    REQUEST_CHANNELS.map((channel) => [channel, () => Promise.reject(new TypeError(`token abc broke ${channel}`))]),
  ) as unknown as ChannelHandlers
  return { handlers, on: () => () => {}, dispose: async () => {} }
}

describe('socketChannels', () => {
  it("answers a handler that throws with the app's one internal-error message", async () => {
    const logger = recordingLogger()
    const channels = socketChannels(throwingCore(), logger)
    const socket = new StandInSocket()
    channels.serve(socket as unknown as WebSocket)

    socket.emit('message', Buffer.from(JSON.stringify({ id: 7, channel: 'accounts:add', input: { token: 'sekrit' } })), false)

    await expect.poll(() => socket.sent).toHaveLength(1)
    expect(JSON.parse(socket.sent[0]!)).toEqual({
      id: 7,
      result: { ok: false, error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } },
    })
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'accounts:add threw instead of answering',
        fields: { channel: 'accounts:add', error: expect.objectContaining({ name: 'TypeError' }) },
      },
    ])
    expect(JSON.stringify(logger.lines)).not.toContain('sekrit')
    channels.dispose()
  })
})
