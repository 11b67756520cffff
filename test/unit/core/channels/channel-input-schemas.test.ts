// The one map of channel input schemas (src/core/channels/schemas.ts): every channel of the
// contract has a schema and a handler, a wrong-typed input is refused naming each field, and
// (checked by `tsc`, which includes this file through tsconfig.node.json) a schema that
// differs from the contract's input in either direction does not compile.
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { REQUEST_CHANNELS, type Account, type ChannelInput } from '../../../../src/shared'
import { handle } from '../../../../src/core/channels/handle'
import type { EverySchemaFits, InputSchemaFits } from '../../../../src/core/channels/input-schema-fit'
import { CHANNEL_INPUT_SCHEMAS, type ChannelInputSchema } from '../../../../src/core/channels/schemas'
import { makeCore } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
afterEach(() => dirs.cleanup())

type Schemas = typeof CHANNEL_INPUT_SCHEMAS
/** The real map with one channel's schema swapped for another. */
type With<C extends keyof Schemas, S extends z.ZodType> = Omit<Schemas, C> & { readonly [K in C]: S }

/** A value no field of any channel accepts: not text, number, list, object, JSON or undefined. */
const wrong = (): void => {}

/** A wrong-typed input for the channel: every named field wrong, or not even an object. */
function wrongInput(schema: z.ZodType): { input: unknown; fields: string[] } {
  if (schema instanceof z.ZodObject) {
    const fields = Object.keys(schema.shape)
    return { input: Object.fromEntries(fields.map((field) => [field, wrong])), fields }
  }
  return { input: 42, fields: ['input'] }
}

describe('the channel input schema map', () => {
  it('has exactly one schema per channel of the contract, and core one handler per channel', async () => {
    expect(Object.keys(CHANNEL_INPUT_SCHEMAS).sort()).toEqual([...REQUEST_CHANNELS].sort())
    const { core } = makeCore(await dirs.make())
    expect(Object.keys(core.handlers).sort()).toEqual([...REQUEST_CHANNELS].sort())
    await core.dispose()
  })

  it.each(REQUEST_CHANNELS)('%s refuses a wrong-typed input with invalid_input, naming every field', async (channel) => {
    const { core, call } = makeCore(await dirs.make())
    const { input, fields } = wrongInput(CHANNEL_INPUT_SCHEMAS[channel])
    const result = await call(channel, input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('invalid_input')
    expect(Object.keys(result.error.fields ?? {}).sort()).toEqual([...fields].sort())
    for (const field of fields) expect(result.error.message).toContain(`${field}: `)
    await core.dispose()
  })

  // Schemas only read for their types are named with a leading _ (the lint's "unused on purpose").
  it('checks at compile time that each schema equals its channel input both ways', () => {
    // The map as it is fits.
    expectTypeOf<EverySchemaFits<Schemas>>().toEqualTypeOf<true>()

    // A schema that requires a field the contract does not name.
    const _renameWithReason = z.strictObject({ accountId: z.string(), label: z.string(), reason: z.string() })
    // @ts-expect-error the misfit names accounts:rename
    expectTypeOf<EverySchemaFits<With<'accounts:rename', typeof _renameWithReason>>>().toEqualTypeOf<true>()
    expectTypeOf<EverySchemaFits<With<'accounts:rename', typeof _renameWithReason>>>().toEqualTypeOf<'accounts:rename'>()

    // An optional extra field: assignable both ways, yet not the contract's shape.
    const _renameWithNote = z.strictObject({ accountId: z.string(), label: z.string(), note: z.string().optional() })
    // @ts-expect-error an optional extra key is caught by the key check
    expectTypeOf<EverySchemaFits<With<'accounts:rename', typeof _renameWithNote>>>().toEqualTypeOf<true>()

    // The contract gains a field the schema does not check.
    // @ts-expect-error the schema lacks the new field
    expectTypeOf<InputSchemaFits<ChannelInput<'accounts:rename'> & { reason: string }, ChannelInputSchema<'accounts:rename'>>>().toEqualTypeOf<true>()

    // A field of another type.
    const _renameWithNumber = z.strictObject({ accountId: z.string(), label: z.number() })
    // @ts-expect-error label is text in the contract
    expectTypeOf<EverySchemaFits<With<'accounts:rename', typeof _renameWithNumber>>>().toEqualTypeOf<true>()

    // Output fits but input does not: the shells would have to send text for a number.
    const _siteFromText = z.strictObject({ accountId: z.string(), siteId: z.string().transform(Number) })
    // @ts-expect-error the input type differs from the contract's
    expectTypeOf<EverySchemaFits<With<'sync:site', typeof _siteFromText>>>().toEqualTypeOf<true>()

    // A channel without input takes the no-input schema and no other...
    const _emptyObject = z.strictObject({})
    // @ts-expect-error an empty object schema is not the no-input schema
    expectTypeOf<EverySchemaFits<With<'app:info', typeof _emptyObject>>>().toEqualTypeOf<true>()
    // ...and a channel with input never takes it.
    // @ts-expect-error accounts:remove names its account
    expectTypeOf<EverySchemaFits<With<'accounts:remove', Schemas['app:info']>>>().toEqualTypeOf<true>()
  })

  it('types the work of handle() from the contract, input and output', async () => {
    const account: Account = {
      id: 'a1',
      label: 'Agency',
      baseUrl: 'https://example.com/api/v1',
      kind: 'remote',
      tokenState: 'ok',
      createdAt: '2026-11-24T00:00:00.000Z',
    }
    const rename = handle('accounts:rename', async ({ accountId, label }) => ({ ...account, id: accountId, label }))
    expect(await rename({ accountId: '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10', label: ' New name ' })).toEqual({
      ok: true,
      value: { ...account, id: '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10', label: 'New name' },
    })
    // @ts-expect-error the contract's input has no nickname
    handle('accounts:rename', async ({ nickname }) => ({ ...account, label: String(nickname) }))
    // @ts-expect-error accounts:rename answers an Account, not text
    handle('accounts:rename', async () => 'renamed')
  })
})
