// What a channel's input schema must be to fit the contract (src/shared/channels.ts): the
// types it accepts and produces both equal the channel's ChannelInput, so neither the
// contract nor a schema can gain, lose or change a field without `tsc` failing.
import { z } from 'zod'
import type { ChannelInput, RequestChannel } from '../../shared'

/**
 * The one schema of every channel without input (`void` in the contract): the shells may
 * pass nothing, null, or an empty object, and anything else is refused.
 */
export const noInput = z.union([z.undefined(), z.null(), z.strictObject({})], {
  error: 'this channel takes no input',
})

/** Each assignable to the other; wrapped in [] so a union is compared whole, not member by member. */
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * Equal as far as a caller can tell: mutually assignable, and with the same top-level keys
 * (assignability alone would let an optional key that the other side does not name through).
 */
type Same<A, B> = MutuallyAssignable<A, B> extends true ? MutuallyAssignable<keyof A, keyof B> : false

/**
 * Whether `S` is the right schema for a channel whose contract input is `Input`: the no-input
 * schema for `void`; otherwise a schema whose input and output types are both `Input`.
 */
export type InputSchemaFits<Input, S extends z.ZodType> = [Input] extends [void]
  ? MutuallyAssignable<S, typeof noInput>
  : Same<z.input<S>, Input> extends true
    ? Same<z.output<S>, Input>
    : false

/** One schema per request channel, nothing missing. */
export type InputSchemaMap = { readonly [C in RequestChannel]: z.ZodType }

/** The channels whose schema in `M` does not fit the contract; never when all do. */
export type MisfitChannels<M extends InputSchemaMap> = {
  [C in RequestChannel]: InputSchemaFits<ChannelInput<C>, M[C]> extends true ? never : C
}[RequestChannel]

/**
 * `true` when every schema fits, else the names of the ones that do not, so that assigning
 * `true` to it fails and the compiler's message names the misfits.
 */
export type EverySchemaFits<M extends InputSchemaMap> = [MisfitChannels<M>] extends [never] ? true : MisfitChannels<M>
