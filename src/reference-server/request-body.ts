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
  const input: Input = {}
  for (const [key, value] of params) setByBracketKey(input, key, value)
  return input
}

/** JSON bodies may carry "monitor[look_for_string]" too (spec 4.1 names both spellings). */
function expandBracketKeys(input: Input): Input {
  const result: Input = {}
  for (const [key, value] of Object.entries(input)) {
    if (key.includes('[')) setByBracketKey(result, key, value)
    else result[key] = value
  }
  return result
}

function setByBracketKey(target: Input, key: string, value: unknown): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!match || !match[1]) {
    target[key] = value
    return
  }
  const parts = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
  let container: Record<string, unknown> | unknown[] = target
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string
    const last = i === parts.length - 1
    const nextPart = parts[i + 1]
    const child: unknown = last ? value : nextPart === '' || /^\d+$/.test(nextPart ?? '') ? [] : {}
    if (Array.isArray(container)) {
      if (part === '') {
        container.push(child)
        container = child as typeof container
        continue
      }
      const index = Number(part)
      if (last) container[index] = value
      else container = (container[index] ??= child) as typeof container
    } else {
      const key = part === '' ? String(Object.keys(container).length) : part
      if (last) container[key] = value
      else {
        const existing = container[key]
        container = (typeof existing === 'object' && existing !== null ? existing : (container[key] = child)) as typeof container
      }
    }
  }
}

function normalize(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return trimmed === '' ? null : trimmed
  }
  if (Array.isArray(value)) return value.map(normalize)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v)]))
  }
  return value
}
