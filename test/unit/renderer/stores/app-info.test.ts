// app:info read once into its store: kept after a success, tried again after a failure.
import { describe, expect, it } from 'vitest'
import { useAppInfoStore } from '../../../../src/renderer/src/stores/app-info'
import { createFakeApi, fail, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

const INFO = { name: 'Site Manager', version: '0.1.0', shell: 'web' as const, platform: 'linux' }

describe('app info store', () => {
  it('reads app:info once and keeps it', async () => {
    const fake = createFakeApi({ appInfo: async () => ok(INFO) })
    storePinia(fake)
    const store = useAppInfoStore()
    await store.load()
    await store.load()
    expect(store.info).toEqual(INFO)
    expect(store.error).toBeNull()
    expect(fake.api.appInfo).toHaveBeenCalledTimes(1)
  })

  it('asks once when several ask at the same time (the window opens: shell, version, platform)', async () => {
    const fake = createFakeApi({ appInfo: async () => ok(INFO) })
    storePinia(fake)
    const store = useAppInfoStore()
    await Promise.all([store.load(), store.load(), store.load()])
    expect(store.info).toEqual(INFO)
    expect(fake.api.appInfo).toHaveBeenCalledTimes(1)
  })

  it('keeps a failure to show, and reads again when asked', async () => {
    let answer: ReturnType<typeof fail> | ReturnType<typeof ok<typeof INFO>> = fail({ code: 'network', message: 'Could not reach core.' })
    const fake = createFakeApi({ appInfo: async () => answer })
    storePinia(fake)
    const store = useAppInfoStore()
    await store.load()
    expect(store.info).toBeNull()
    expect(store.error).toMatchObject({ code: 'network' })

    answer = ok(INFO)
    await store.load()
    expect(store.info).toEqual(INFO)
    expect(store.error).toBeNull()
    expect(fake.api.appInfo).toHaveBeenCalledTimes(2)
  })
})
