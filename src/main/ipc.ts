// Typed registration of the contract's request channels. Every call first proves its sender
// is trusted; an untrusted one gets a 'forbidden' Result and the handler never runs. Inputs
// are passed on untouched because core validates every one of them.
import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import {
  REQUEST_CHANNELS,
  fail,
  internalError,
  type ChannelHandler,
  type ChannelHandlers,
  type RequestChannel,
  type Result,
  type ChannelOutput,
} from '../shared'
import { errorFields } from '../core/logging/redaction'
import { silentLogger, type Logger } from '../core/util/logger'
import type { SenderCheck } from './trusted-sender'

const FORBIDDEN_MESSAGE = 'This request did not come from the app window and was refused.'

/** Where a refused call came from, for the log: the frame's address without query or fragment. */
function describeSender(event: IpcMainInvokeEvent): { sender: string | null; frame: 'main' | 'sub' | 'gone' } {
  const frame = event.senderFrame
  if (!frame || frame.detached) return { sender: frame?.url?.split(/[?#]/)[0] ?? null, frame: 'gone' }
  return { sender: frame.url.split(/[?#]/)[0] ?? null, frame: frame.parent === null ? 'main' : 'sub' }
}

/**
 * Answers `channel` with `answer` once the sender is proven trusted; an untrusted sender is
 * written down and gets `refused`. Every IPC channel main answers is registered through here.
 */
export function handleTrusted<T>(
  channel: string,
  isTrusted: SenderCheck,
  logger: Logger,
  refused: T,
  answer: (event: IpcMainInvokeEvent, input: unknown) => Promise<T>,
): void {
  ipcMain.handle(channel, async (event, input: unknown): Promise<T> => {
    if (!isTrusted(event)) {
      logger.warn('Refused an IPC call from outside the app window', { channel, ...describeSender(event) })
      return refused
    }
    return answer(event, input)
  })
}

/** Answers `channel` from the app window with `handler`, once the sender is proven trusted. */
export function registerChannel<C extends RequestChannel>(
  channel: C,
  handler: ChannelHandler<C>,
  isTrusted: SenderCheck,
  logger: Logger = silentLogger,
): void {
  const forbidden: Result<ChannelOutput<C>> = fail({ code: 'forbidden', message: FORBIDDEN_MESSAGE })
  handleTrusted(channel, isTrusted, logger, forbidden, async (_event, input) => {
    try {
      return await handler(input)
    } catch (thrown) {
      // Core answers Results and should never throw; if it does, the renderer still gets data
      // (a thrown error would reach it stripped to its message). The input is not logged: it
      // may hold a token.
      logger.error(`${channel} threw instead of answering`, { channel, error: errorFields(thrown) })
      return fail(internalError())
    }
  })
}

/** Registers every channel of the contract; returns the function that removes them again. */
export function registerChannels(handlers: ChannelHandlers, isTrusted: SenderCheck, logger: Logger = silentLogger): () => void {
  for (const channel of REQUEST_CHANNELS) {
    // The distributive mapped type needs the per-channel pairing spelled out once here.
    registerChannel(channel, handlers[channel] as ChannelHandler<typeof channel>, isTrusted, logger)
  }
  return () => {
    for (const channel of REQUEST_CHANNELS) ipcMain.removeHandler(channel)
  }
}
