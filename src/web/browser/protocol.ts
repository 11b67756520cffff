// The web shell's wire format over its one WebSocket, used by both ends (the Node server and
// the browser bridge), so it is plain TypeScript with no Node or DOM imports. Both tsconfigs
// check it (tsconfig.node.json lists it under "files"), which keeps it that way.
//
//   browser -> server  { id, channel, input? }   one call of a contract channel
//   server -> browser  { id, result }            its answer, always a Result (errors are data)
//   server -> browser  { event, payload }        a core push event
import type { AppError, PushEvent, RequestChannel, Result } from '../../shared'
import { fail, PUSH_EVENTS, REQUEST_CHANNELS } from '../../shared'

/** Where the bridge opens its socket; any other upgrade path is refused. */
export const SOCKET_PATH = '/__ws'
/** Where the browser bridge script is served; the shell injects it into index.html. */
export const BRIDGE_SCRIPT_PATH = '/__bridge.js'
/** Bigger messages close the socket: no contract input comes near this. */
export const MAX_MESSAGE_BYTES = 1024 * 1024

export interface RequestMessage {
  id: number
  channel: string
  input?: unknown
}

export interface ResponseMessage {
  id: number
  result: Result<unknown>
}

export interface PushMessage {
  event: PushEvent
  payload: unknown
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isMessageId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

export function isRequestChannel(channel: string): channel is RequestChannel {
  return (REQUEST_CHANNELS as readonly string[]).includes(channel)
}

export function isPushEvent(event: string): event is PushEvent {
  return (PUSH_EVENTS as readonly string[]).includes(event)
}

/** Parses one text frame from the browser; null means garbage (the socket is then closed). */
export function parseRequestMessage(text: string): RequestMessage | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isRecord(value) || !isMessageId(value.id) || typeof value.channel !== 'string') return null
  return { id: value.id, channel: value.channel, input: value.input }
}

function isResult(value: unknown): value is Result<unknown> {
  if (!isRecord(value)) return false
  // JSON drops an undefined value, so a void answer arrives as { ok: true }.
  if (value.ok === true) return true
  return value.ok === false && isRecord(value.error) && typeof value.error.code === 'string' && typeof value.error.message === 'string'
}

/** What a call gets when its answer arrived but was not a Result the bridge can read. */
export const UNREADABLE_ANSWER: AppError = {
  code: 'bad_response',
  message: "The app's local server sent an answer that could not be read. Try again; if it keeps happening, restart the web shell.",
}

/**
 * Parses one text frame from the server; null means the frame is not one the bridge knows.
 * A frame with a call's id but an unreadable result still answers that call (with
 * UNREADABLE_ANSWER): dropping it would leave the call waiting forever.
 */
export function parseServerMessage(text: string): ResponseMessage | PushMessage | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isRecord(value)) return null
  if (isMessageId(value.id)) {
    return { id: value.id, result: isResult(value.result) ? value.result : fail(UNREADABLE_ANSWER) }
  }
  if (typeof value.event === 'string' && isPushEvent(value.event)) {
    return { event: value.event, payload: value.payload }
  }
  return null
}
