// The web shell's wire format over its one WebSocket, used by both ends (the Node server in
// src/web and the browser bridge in src/web/browser), so it sits beside both and is plain
// TypeScript with no Node or DOM imports: both tsconfigs check it, and lint keeps it that way.
//
//   browser -> server  { id, channel, input? }   one call of a contract channel
//   browser -> server  { ..., opening: true }    made while the page was opening (before the
//                                                person's first key or click): the shell primes
//                                                the next page with such calls
//   browser -> server  { ..., answered: true }   a call the page answered from the shell's
//                                                primed answers: noted, never answered
//   server -> browser  { id, result }            its answer, always a Result (errors are data)
//   server -> browser  { event, payload }        a core push event
//   browser -> server  {"ping":true}             the bridge's heartbeat (PING_FRAME)
//   server -> browser  {"pong":true}             its answer (PONG_FRAME)
//   browser -> server  {"keepScreen": KeptScreen} the window's screen once it settled, for the
//                                                next page to paint first (kept-screen.ts)
import type { AppError, PushEvent, Result } from '../shared'
import { fail, isAppError, isPushEvent, MAX_JSON_DEPTH, nestedTooDeep } from '../shared'

/** Where the bridge opens its socket; any other upgrade path is refused. */
export const SOCKET_PATH = '/__ws'
/** The query parameter of the address the shell prints, which carries its access token. */
export const TOKEN_PARAM = 'token'
/** Where the browser bridge script is served; the shell injects it into index.html. */
export const BRIDGE_SCRIPT_PATH = '/__bridge.js'
/**
 * The heartbeat, exact text both ways. Browsers cannot send WebSocket pings, so the bridge asks
 * in a frame of its own: a socket that stays silent after it is half-open (the shell stopped or
 * froze without a close reaching the page).
 */
export const PING_FRAME = '{"ping":true}'
export const PONG_FRAME = '{"pong":true}'
/** Bigger messages close the socket: no contract input comes near this. */
export const MAX_MESSAGE_BYTES = 1024 * 1024

export interface RequestMessage {
  id: number
  channel: string
  input?: unknown
  /** Made while the page was opening, before the person's first key or click (first-calls.ts). */
  opening?: true
  /** The page answered it from the primed answers: the shell notes the call and sends nothing back. */
  answered?: true
}

/**
 * The page's head start: answers to the reads a page made first last time, made by core as
 * the shell serves the page and written into it (a JSON data block, never run as script), so
 * the window draws its first screen without waiting for its socket (DESIGN.md, "The first
 * screen first"). `seq` is the number of the last push the shell had sent when they were
 * made; the page's socket asks for the pushes after it (SINCE_PARAM), so nothing said between
 * the answers and the socket is missed.
 */
export interface PrimedAnswers {
  seq: number
  /** [callKey(channel, input), its answer] */
  answers: Array<[string, Result<unknown>]>
  /** Some answers are kept ones from an earlier start (kept-answers.ts): the page reads everything again once it has drawn them (browser/bridge-client.ts). */
  stale?: true
}

/** The id of the page's data block that carries the PrimedAnswers. */
export const PRIMED_ANSWERS_ID = 'primed-answers'
/** The socket address's query parameter: the seq of the primed answers the page used. */
export const SINCE_PARAM = 'since'

/** One call as a string, the same at both ends (and in the desktop app): its channel and its input as JSON. */
export { callKey } from '../shared/first-screen'

/**
 * The primed answers as the text of an HTML data block: JSON whose "<" (so no "</script>"
 * or "<!--" can end or bend the block) and line separators are escaped.
 */
export function encodePrimedAnswers(primed: PrimedAnswers): string {
  return JSON.stringify(primed).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** The primed answers of a data block's text, or null when it is not a readable PrimedAnswers. */
export function parsePrimedAnswers(text: string): PrimedAnswers | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isRecord(value) || !isMessageId(value.seq) || !Array.isArray(value.answers)) return null
  const answers: Array<[string, Result<unknown>]> = []
  for (const entry of value.answers as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isResult(entry[1])) return null
    answers.push([entry[0], entry[1]])
  }
  return value.stale === true ? { seq: value.seq, answers, stale: true } : { seq: value.seq, answers }
}

export interface ResponseMessage {
  id: number
  result: Result<unknown>
}

export interface PushMessage {
  event: PushEvent
  payload: unknown
}

/** The frame of one call; an absent input is left out, as JSON would drop it anyway. Throws what JSON.stringify throws. */
export function encodeRequest({ id, channel, input, opening, answered }: RequestMessage): string {
  const call: RequestMessage = input === undefined ? { id, channel } : { id, channel, input }
  if (opening) call.opening = true
  if (answered) call.answered = true
  return JSON.stringify(call)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isMessageId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/** What parseRequestMessage makes of a frame: a request, or why it is not one. */
export type ParsedRequest = { ok: true; message: RequestMessage } | { ok: false; reason: string }

/** Keys that could reach a prototype through code that merges objects; no contract input has them. */
const POLLUTING_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** Removes POLLUTING_KEYS from every object in a parsed JSON value (iterative: depth is bounded anyway). */
function dropPollutingKeys(root: unknown): void {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (value === null || typeof value !== 'object') continue
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item)
      continue
    }
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      // JSON.parse makes "__proto__" an own data property; delete removes just that.
      if (POLLUTING_KEYS.has(key)) delete record[key]
      else if (record[key] !== null && typeof record[key] === 'object') stack.push(record[key])
    }
  }
}

function refuse(reason: string): ParsedRequest {
  return { ok: false, reason }
}

/**
 * Parses one text frame from the browser. A frame that is not a request is refused with a
 * sentence saying why (short enough for a WebSocket close frame); the socket is then closed.
 * Keys that could pollute a prototype are dropped from the input at any depth. Linear in the
 * frame's length: the size and nesting are checked before JSON.parse.
 */
export function parseRequestMessage(text: string): ParsedRequest {
  if (text.length > MAX_MESSAGE_BYTES) return refuse(`The frame is larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MiB.`)
  if (nestedTooDeep(text)) return refuse(`The frame is nested more than ${MAX_JSON_DEPTH} levels deep.`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return refuse('The frame is not JSON.')
  }
  dropPollutingKeys(value)
  if (!isRecord(value)) return refuse('The frame is not a JSON object.')
  if (!isMessageId(value.id)) return refuse('The frame has no "id" (a whole number from 0).')
  if (typeof value.channel !== 'string') return refuse('The frame has no "channel" name.')
  const message: RequestMessage = { id: value.id, channel: value.channel }
  if ('input' in value) message.input = value.input
  if (value.opening === true) message.opening = true
  if (value.answered === true) message.answered = true
  return { ok: true, message }
}

function isResult(value: unknown): value is Result<unknown> {
  if (!isRecord(value)) return false
  // JSON drops an undefined value, so a void answer arrives as { ok: true }.
  if (value.ok === true) return true
  return value.ok === false && isReadableError(value.error)
}

/**
 * An AppError the renderer can show: a code of the closed set (another would read "undefined"
 * where the app names the kind of failure), a message, and optional parts of their own types.
 */
function isReadableError(value: unknown): value is AppError {
  if (!isAppError(value) || !isRecord(value)) return false
  const { status, fields, retryAfterMs } = value as Record<string, unknown>
  return (
    (status === undefined || typeof status === 'number') &&
    (retryAfterMs === undefined || typeof retryAfterMs === 'number') &&
    (fields === undefined || isFieldMessages(fields))
  )
}

function isFieldMessages(value: unknown): value is Record<string, string[]> {
  return isRecord(value) && Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
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

// ---- The kept screen ----
// The window's last screen as the page sends it (browser/screen-keeper.ts) and the shell writes
// it into the next page (kept-screen.ts, kept-screen-page.ts): the app's root element's markup,
// the theme it was painted in, the stylesheets it needs and the view it showed. The markup is
// the page's own DOM serialized: every "<" in a text is escaped, so any "<tag" in it is an
// element. Elements that could run, load or redirect anything are refused outright, whatever
// the page's Content-Security-Policy would have made of them.

/** The frame's first characters: the shell tells it from a call by them, before parsing it. */
export const KEEP_SCREEN_PREFIX = '{"keepScreen":'
/** A bigger screen is not kept: a window's DOM (the table shows a window of rows) is far smaller. */
export const MAX_KEPT_SCREEN_CHARS = 400 * 1024

export type KeptTheme = 'light' | 'dark'

export interface KeptScreen {
  /** The app root's inner markup. */
  html: string
  /** html[data-theme] when it was kept; null when the page had none. */
  theme: KeptTheme | null
  /** The stylesheets the page had, as their link hrefs (./assets/NAME.css): all are needed. */
  stylesheets: string[]
  /** The view's route (the address's hash up to its query), e.g. "/sites". */
  route: string
}

/** The element the shell writes a kept screen into, over the app's root (web/kept-screen-page.ts). */
export const KEPT_SCREEN_ID = 'kept-screen'
/** On the kept screen's element: the view it shows (browser/screen-keeper.ts). */
export const KEPT_ROUTE_ATTRIBUTE = 'data-kept-route'
/** The <style> holding the rules the kept screen uses (web/picture-styles.ts), there until the screen goes. */
export const KEPT_STYLES_ID = 'kept-screen-styles'
/**
 * On a stylesheet link the shell made print-only while the kept screen paints (it then holds back
 * neither the first paint nor the scripts): the bridge gives it back to every medium first thing.
 */
export const KEPT_MEDIA_ATTRIBUTE = 'data-kept-media'

/** A stylesheet href the shell will link: one of the build's own assets, nothing else. */
export const STYLESHEET_HREF = /^\.\/assets\/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,120}\.css$/
const ROUTE = /^\/[A-Za-z0-9/_-]{0,100}$/
/**
 * Elements that could run script, load a document or resource, or redirect the page; elements
 * whose text the HTML parser reads raw up to their end tag (or to the end of the page), and
 * comments or declarations: any of these could swallow the rest of the page, the primed
 * answers and the scripts with it. The page's own serialization has none of the second kind.
 */
const REFUSED_ELEMENTS = /<\s*(script|iframe|frame|object|embed|meta|base|link|style|portal|template|xmp|noembed|noframes|noscript|plaintext|title)\b|<\s*[!?]/i

/** The route of an address's hash ("#/sites?q=x" -> "/sites"); "" when it names none. */
export function routeOfHash(hash: string): string {
  const path = hash.replace(/^#/, '').split('?')[0] ?? ''
  return ROUTE.test(path) ? path : ''
}

export function encodeKeepScreen(screen: KeptScreen): string {
  return `${KEEP_SCREEN_PREFIX}${JSON.stringify(screen)}}`
}

/** Why a screen cannot be kept, or null when it can. */
export function keptScreenProblem(screen: KeptScreen): string | null {
  if (screen.html.length === 0) return 'The screen is empty.'
  if (screen.html.length > MAX_KEPT_SCREEN_CHARS) return `The screen's markup is over ${MAX_KEPT_SCREEN_CHARS / 1024} KB.`
  if (REFUSED_ELEMENTS.test(screen.html)) return 'The screen holds an element that could load or run something.'
  if (screen.stylesheets.length === 0 || screen.stylesheets.length > 40) return 'The screen names no stylesheet, or too many.'
  if (!screen.stylesheets.every((href) => STYLESHEET_HREF.test(href))) return 'The screen names a stylesheet that is not one of the app’s.'
  if (!ROUTE.test(screen.route)) return 'The screen names no view.'
  return null
}

/** A KeptScreen of parsed JSON, or null when it is not one or cannot be kept. */
export function parseKeptScreen(value: unknown): KeptScreen | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { html, theme, stylesheets, route } = value as Record<string, unknown>
  if (typeof html !== 'string' || typeof route !== 'string') return null
  if (theme !== null && theme !== 'light' && theme !== 'dark') return null
  if (!Array.isArray(stylesheets) || !stylesheets.every((href): href is string => typeof href === 'string')) return null
  const screen: KeptScreen = { html, theme, stylesheets: [...stylesheets], route }
  return keptScreenProblem(screen) === null ? screen : null
}

/** The screen of a keepScreen frame, or null when the frame is not a readable one. */
export function parseKeepScreenFrame(text: string): KeptScreen | null {
  if (!text.startsWith(KEEP_SCREEN_PREFIX) || text.length > MAX_KEPT_SCREEN_CHARS * 2) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return parseKeptScreen((value as { keepScreen?: unknown }).keepScreen)
}
