// A store's value read from core with its load state: idle before the first load, loading,
// ready with core's answer, error with the value read before kept, a bridge that throws taken
// as an error, and a save whose answer (only a successful one) replaces the value.
import { describe, expect, it } from 'vitest'
import type { AppError, Result } from '../../../../src/shared'
import { loadable } from '../../../../src/renderer/src/stores/loadable'

const fault: AppError = { code: 'internal', message: 'The settings could not be read.' }

describe('loadable', () => {
  it('goes idle, loading, ready with the value, then keeps it beside an error', async () => {
    const answers: Array<Result<{ n: number }>> = [{ ok: true, value: { n: 1 } }, { ok: false, error: fault }]
    const read = loadable(async () => answers.shift()!)
    expect(read.status.value).toBe('idle')
    const loading = read.load()
    expect(read.status.value).toBe('loading')
    await loading
    expect(read.status.value).toBe('ready')
    expect(read.value.value).toEqual({ n: 1 })

    await read.load()
    expect(read.status.value).toBe('error')
    expect(read.error.value).toEqual(fault)
    expect(read.value.value).toEqual({ n: 1 })
  })

  it('clears the error on a later success, and takes a bridge that throws as an error', async () => {
    let thrown = true
    const read = loadable<number>(async () => {
      if (thrown) throw new Error('socket closed')
      return { ok: true, value: 7 }
    })
    await read.load()
    expect(read.status.value).toBe('error')
    expect(read.error.value).not.toBeNull()
    thrown = false
    await read.load()
    expect(read.status.value).toBe('ready')
    expect(read.error.value).toBeNull()
    expect(read.value.value).toBe(7)
  })

  it('takes a successful save’s answer as the value, and leaves it after a refused one', async () => {
    const read = loadable<number>(async () => ({ ok: true, value: 1 }))
    await read.load()
    expect(await read.save(async () => ({ ok: true, value: 2 }))).toEqual({ ok: true, value: 2 })
    expect(read.value.value).toBe(2)
    expect((await read.save(async () => ({ ok: false, error: fault }))).ok).toBe(false)
    expect(read.value.value).toBe(2)
  })
})
