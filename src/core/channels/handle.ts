// One wrapper for every channel handler: validate the untrusted input against the channel's
// schema first (looked up by name in schemas.ts), then run the work, and answer a Result
// whatever happens, since nothing may throw across the boundary. What was thrown is kept
// beside the answer (never in it) so that logChannelFailures, which knows the channel's name,
// can write down what went wrong.
import type {
  AppError,
  ChannelHandler,
  ChannelHandlers,
  ChannelInput,
  ChannelOutput,
  RequestChannel,
  Result,
} from '../../shared'
import { fail, ok } from '../../shared'
import { toAppError } from '../errors'
import { errorFields } from '../logging/redaction'
import type { Logger } from '../util/logger'
import { parseInput } from '../util/parse-input'
import { CHANNEL_INPUT_SCHEMAS } from './schemas'

/** The thrown value behind a failed answer, for the log; the answer itself stays plain data. */
const thrownBehind = new WeakMap<AppError, unknown>()

/**
 * The handler of `channel`: its input checked against the channel's schema, then given to
 * `work` typed as the contract's input; `work` must answer the contract's output.
 */
export function handle<C extends RequestChannel>(
  channel: C,
  work: (input: ChannelInput<C>) => Promise<ChannelOutput<C>>,
): ChannelHandler<C> {
  const schema = CHANNEL_INPUT_SCHEMAS[channel]
  return async (input) => {
    try {
      // The cast is proven in schemas.ts: each schema's output type is its channel's input.
      return ok(await work(parseInput(schema, input) as ChannelInput<C>))
    } catch (thrown) {
      const error = toAppError(thrown)
      thrownBehind.set(error, thrown)
      return fail(error)
    }
  }
}

/**
 * Every channel's failures in the log: an internal error (a bug, something thrown that core did
 * not expect) as an error with what was thrown; any other failure (unauthorized, offline,
 * invalid input) as one info line with its code. Never the input: it may hold a token.
 */
export function logChannelFailures(handlers: ChannelHandlers, logger: Logger): ChannelHandlers {
  const wrapped: Record<string, (input: unknown) => Promise<Result<unknown>>> = {}
  for (const [channel, handler] of Object.entries(handlers) as [RequestChannel, (input: unknown) => Promise<Result<unknown>>][]) {
    wrapped[channel] = async (input) => {
      let result: Result<unknown>
      try {
        result = await handler(input)
      } catch (thrown) {
        // Handlers answer Results; one that throws is a bug, still answered as data.
        logger.error(`${channel} threw instead of answering`, { channel, code: 'internal', error: errorFields(thrown) })
        return fail(toAppError(thrown))
      }
      if (!result.ok) {
        const { code, status } = result.error
        const thrown = thrownBehind.get(result.error)
        if (code === 'internal') {
          logger.error(`${channel} failed inside the app`, {
            channel,
            code,
            ...(thrown === undefined ? {} : { error: errorFields(thrown) }),
          })
        } else {
          logger.info(`${channel} answered ${code}`, { channel, code, ...(status === undefined ? {} : { status }) })
        }
      }
      return result
    }
  }
  return wrapped as unknown as ChannelHandlers
}
