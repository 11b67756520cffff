// Inside core, failures are thrown as AppErrorException so that deep code can bail out;
// at the channel boundary they become data again (Result) because IPC strips thrown errors.
import type { AppError, Result } from '../shared'
import { fail, internalError, ok } from '../shared'

export class AppErrorException extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message)
    this.name = 'AppErrorException'
  }
}

export function appError(error: AppError): AppErrorException {
  return new AppErrorException(error)
}

/** Turns whatever was thrown into an AppError; unknown throws become 'internal'. */
export function toAppError(thrown: unknown): AppError {
  if (thrown instanceof AppErrorException) return thrown.appError
  if (thrown instanceof Error && thrown.name === 'AbortError') {
    return { code: 'cancelled', message: 'The request was cancelled.' }
  }
  return internalError()
}

/** Runs work and answers a Result, never a throw. */
export async function toResult<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work())
  } catch (thrown) {
    return fail(toAppError(thrown))
  }
}
