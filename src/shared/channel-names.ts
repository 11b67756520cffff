// Whether a name from outside (a page, a socket frame) is one of the contract's channels or
// push events: the runtime lists in channels.ts are the only truth, checked here once.
import { PUSH_EVENTS, REQUEST_CHANNELS, type PushEvent, type RequestChannel } from './channels'

export function isRequestChannel(name: unknown): name is RequestChannel {
  return typeof name === 'string' && (REQUEST_CHANNELS as readonly string[]).includes(name)
}

export function isPushEvent(name: unknown): name is PushEvent {
  return typeof name === 'string' && (PUSH_EVENTS as readonly string[]).includes(name)
}
