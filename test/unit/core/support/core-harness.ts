// Builds a Core over a temp data folder with an in-memory secret store, and calls its
// handlers the way a shell does: untrusted input in, Result out.
import { PUSH_EVENTS, type ChannelOutput, type PushEvent, type PushEvents, type RequestChannel, type Result } from '../../../../src/shared'
import { createCore, type CoreOptions } from '../../../../src/core'
import { MemorySecretStore } from '../../../../src/core/secrets'

export function makeCore(dataDir: string, extra: Partial<CoreOptions> = {}) {
  const secretStore = extra.secretStore ?? new MemorySecretStore()
  const core = createCore({
    dataDir,
    shell: 'web',
    appName: 'Site Manager',
    appVersion: '0.0.0-test',
    secretStore,
    ...extra,
  })
  const pushed: { event: PushEvent; payload: unknown }[] = []
  for (const event of PUSH_EVENTS) {
    core.on(event, (payload) => pushed.push({ event, payload }))
  }
  function call<C extends RequestChannel>(channel: C, input?: unknown): Promise<Result<ChannelOutput<C>>> {
    return core.handlers[channel](input) as Promise<Result<ChannelOutput<C>>>
  }
  /** Calls a channel that must succeed and answers its value. */
  async function value<C extends RequestChannel>(channel: C, input?: unknown): Promise<ChannelOutput<C>> {
    const result = await call(channel, input)
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`)
    return result.value
  }
  function pushesOf<E extends PushEvent>(event: E): PushEvents[E][] {
    return pushed.filter((p) => p.event === event).map((p) => p.payload as PushEvents[E])
  }
  return { core, call, value, pushesOf, secretStore }
}
