// Every IPC input arrives untrusted; it is checked against a schema before core uses it, and
// a failure names what is wrong (never echoing the value, which may be a token).
import type { z } from 'zod'
import { appError } from '../errors'

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data

  const fields: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input'
    ;(fields[field] ??= []).push(issue.message)
  }
  const summary = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ')
  return throwInvalid(`The request was not valid (${summary}).`, fields)
}

function throwInvalid(message: string, fields: Record<string, string[]>): never {
  throw appError({ code: 'invalid_input', message, fields })
}
