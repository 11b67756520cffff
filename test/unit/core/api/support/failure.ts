import { AppErrorException } from '../../../../../src/core/errors'
import type { AppError } from '../../../../../src/shared'

/** The AppError of a promise that must fail; anything else thrown fails the test. */
export async function failure(work: Promise<unknown>): Promise<AppError> {
  try {
    await work
  } catch (thrown) {
    if (thrown instanceof AppErrorException) return thrown.appError
    throw thrown
  }
  throw new Error('expected a failure, but the call succeeded')
}
