// handle(channel, work): the input is checked against the channel's schema before the work
// runs, and whatever the work throws comes back as data: an AppError it meant as it is, any
// other throw as the app's one internal-error sentence, never the thrown message.
import { describe, expect, it, vi } from 'vitest'
import { INTERNAL_ERROR_MESSAGE, type Account, type ChannelInput } from '../../../../src/shared'
import { appError } from '../../../../src/core/errors'
import { handle } from '../../../../src/core/channels/handle'

const accountId = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'

describe('handle', () => {
  it('never runs the work for an input its channel refuses', async () => {
    const work = vi.fn(async () => {})
    const answer = await handle('accounts:remove', work)({ accountId: 'nope' })
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { accountId: [expect.any(String)] } } })
    expect(work).not.toHaveBeenCalled()
  })

  it('gives the work the parsed input (trimmed as the schema says) and answers what it returns', async () => {
    const renamed: Account = {
      id: accountId,
      label: 'Agency',
      baseUrl: 'https://example.com/api/v1',
      kind: 'remote',
      tokenState: 'ok',
      createdAt: '2026-11-24T00:00:00.000Z',
    }
    const work = vi.fn(async (_input: ChannelInput<'accounts:rename'>) => renamed)
    expect(await handle('accounts:rename', work)({ accountId, label: '  Agency \n' })).toEqual({ ok: true, value: renamed })
    expect(work).toHaveBeenCalledWith({ accountId, label: 'Agency' })
  })

  it('answers an AppError the work throws as it is', async () => {
    const notFound = { code: 'not_found', message: 'That account is not there any more.' } as const
    const answer = await handle('accounts:remove', async () => {
      throw appError(notFound)
    })({ accountId })
    expect(answer).toEqual({ ok: false, error: notFound })
  })

  it("answers anything else thrown with the app's one internal-error message", async () => {
    const answer = await handle('accounts:remove', async () => {
      throw new TypeError('token abc: cannot read properties of undefined')
    })({ accountId })
    expect(answer).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } })
  })
})
