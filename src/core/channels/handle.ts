// One wrapper for every channel handler: validate the untrusted input first, then run the
// work, and answer a Result whatever happens, since nothing may throw across the boundary.
import type { z } from 'zod'
import type { Result } from '../../shared'
import { toResult } from '../errors'
import { parseInput } from '../util/parse-input'

export function handle<S extends z.ZodType, O>(
  schema: S,
  work: (input: z.output<S>) => Promise<O>,
): (input: unknown) => Promise<Result<O>> {
  return (input) => toResult(() => work(parseInput(schema, input)))
}
