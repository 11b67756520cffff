// Runs a few reads side by side under one signal. The first failure aborts the others and is
// the one reported, once every read has ended: nothing keeps running behind a failed sync.
export async function allOrAbort<T extends readonly unknown[]>(
  signal: AbortSignal,
  start: { [K in keyof T]: (signal: AbortSignal) => Promise<T[K]> },
): Promise<T> {
  const controller = new AbortController()
  const shared = AbortSignal.any([signal, controller.signal])
  const running = start.map((read) => read(shared))
  try {
    return (await Promise.all(running)) as unknown as T
  } catch (thrown) {
    controller.abort()
    await Promise.allSettled(running)
    throw thrown
  }
}
