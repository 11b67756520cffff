// One way to call the bridge: never throws, always answers a Result.
import type { Result } from '../../../shared'
import { bridgeFailure } from './errors'

export async function call<T>(request: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await request()
  } catch (thrown) {
    return { ok: false, error: bridgeFailure(thrown) }
  }
}
