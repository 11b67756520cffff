// Reads a request body into the input a Laravel controller would see: JSON when the
// Content-Type says JSON, form fields (with PHP's bracket notation, e.g.
// monitor[look_for_string] or tags[]) when it says form-encoded, nothing otherwise. Like
// Laravel's TrimStrings and ConvertEmptyStringsToNull middleware, strings are trimmed and ""
// becomes null, so "name": "" fails "required" as it does on the real service.
import type { IncomingMessage } from 'node:http'

export type Input = Record<string, unknown>

export class BodyTooLargeError extends Error {}

export async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  // An oversized body is still read to its end (and dropped), so the client, still sending,
  // gets the 413 instead of a reset connection.
  for await (const chunk of request) {
    const buffer = chunk as Buffer
    size += buffer.length
    if (size <= maxBytes) chunks.push(buffer)
  }
  if (size > maxBytes) throw new BodyTooLargeError(`body larger than ${maxBytes} bytes`)
  return Buffer.concat(chunks)
}

export function parseInput(contentType: string | undefined, body: Buffer): Input {
  const type = (contentType ?? '').toLowerCase()
  let raw: unknown = {}
  if (type.includes('/json') || type.includes('+json')) {
    // Laravel treats a broken JSON body as no input at all: validation then reports it.
    try {
      raw = JSON.parse(body.toString('utf8'))
    } catch {
      raw = {}
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    raw = parseFormFields(new URLSearchParams(body.toString('utf8')))
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {}
  return normalize(expandBracketKeys(raw as Input)) as Input
}

/** PHP's parse_str for the shapes this API uses: a[b]=x, a[]=x, a[0]=x. */
export function parseFormFields(params: URLSearchParams): Input {
  const input = emptyObject()
  for (const [key, value] of params) setByBracketKey(input, key, value)
  return input
}

// Keys come from the client. Assigning to one of these on a plain object would reach
// Object.prototype (or a constructor) and change every object in the process, which here is
// the app's main process too; no field of the API uses them, so they are dropped.
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor'])

function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key)
}

// Containers built from client keys have no prototype, so even a missed key could only ever
// create an own property, never reach a shared prototype.
function emptyObject(): Input {
  return Object.create(null) as Input
}

/** JSON bodies may carry "monitor[look_for_string]" too (spec 4.1 names both spellings). */
function expandBracketKeys(input: Input): Input {
  const result = emptyObject()
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('[')) setByBracketKey(result, key, value)
    else if (!isForbiddenKey(key)) result[key] = value
  }
  return result
}

type Container = Input | unknown[]

function setByBracketKey(target: Input, key: string, value: unknown): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!match || !match[1]) {
    if (!isForbiddenKey(key)) target[key] = value
    return
  }
  const parts = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
  if (parts.some(isForbiddenKey)) return
  let container: Container = target
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string
    if (i === parts.length - 1) {
      // The last segment always sets, so a later pair wins as in PHP (a[b][c]=1&a[b]=2).
      setMember(container, part, value)
      return
    }
    const nextPart = parts[i + 1] ?? ''
    const child: Container = nextPart === '' || /^\d+$/.test(nextPart) ? [] : emptyObject()
    const next: Container | undefined = Array.isArray(container) ? stepIntoArray(container, part, child) : stepIntoObject(container, part, child)
    if (next === undefined) return
    container = next
  }
}

function setMember(container: Container, part: string, value: unknown): void {
  if (Array.isArray(container)) {
    const index = listIndex(container, part)
    if (index !== undefined) container[index] = value
  } else {
    container[objectKey(container, part)] = value
  }
}

/** Walks into list[part], creating `child` there unless a container already is. */
function stepIntoArray(list: unknown[], part: string, child: Container): Container | undefined {
  const index = listIndex(list, part)
  if (index === undefined) return undefined
  const existing = list[index]
  if (isContainer(existing)) return existing
  list[index] = child
  return child
}

/** Walks into object[part] (own properties only), creating `child` unless a container already is. */
function stepIntoObject(object: Input, part: string, child: Container): Container {
  const key = objectKey(object, part)
  const existing = Object.hasOwn(object, key) ? object[key] : undefined
  if (isContainer(existing)) return existing
  object[key] = child
  return child
}

/**
 * Where `part` lands in a list. Lists stay dense: an index past the end appends (the order PHP
 * keeps), so tags[4294967294]=1 cannot make a four-billion-slot array that normalize() would
 * then walk. A named key inside a list (tags[]=1&tags[x]=2) fits none of this API's shapes:
 * undefined, and the pair is dropped.
 */
function listIndex(list: unknown[], part: string): number | undefined {
  if (part === '') return list.length
  if (!/^\d+$/.test(part)) return undefined
  return Math.min(Number(part), list.length)
}

function objectKey(object: Input, part: string): string {
  return part === '' ? String(Object.keys(object).length) : part
}

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null
}

function normalize(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return trimmed === '' ? null : trimmed
  }
  if (Array.isArray(value)) return value.map(normalize)
  if (typeof value === 'object' && value !== null) {
    // Nested JSON objects can carry the forbidden keys as well (JSON.parse makes them own
    // properties); they are dropped here too, so no later reader meets them.
    const entries = Object.entries(value).filter(([k]) => !isForbiddenKey(k))
    return Object.fromEntries(entries.map(([k, v]) => [k, normalize(v)]))
  }
  return value
}
