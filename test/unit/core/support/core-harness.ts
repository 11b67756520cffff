// Builds a Core over a temp data folder with an in-memory secret store, and calls its
// handlers the way a shell does: untrusted input in, Result out.
import { PUSH_EVENTS, type ChannelOutput, type PushEvent, type PushEvents, type RequestChannel, type Result, type Site, type SyncState, type Tag } from '../../../../src/shared'
import { EMPTY_FILTER, MAX_QUERY_ROWS } from '../../../../src/shared/sites-query'
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

/** A harness's `value`: calls a channel that must succeed. */
export type ChannelValue = <C extends RequestChannel>(channel: C, input?: unknown) => Promise<ChannelOutput<C>>

/**
 * What the store holds for one account, read the way the window reads it (the scope's summary
 * and the account's rows through sites:query, page by page): its sites by ascending id, its
 * tags, its stored sync state and how many events it keeps.
 */
export async function storedAccount(value: ChannelValue, accountId: string): Promise<{ accountId: string; sites: Site[]; tags: Tag[]; sync: SyncState; eventCount: number }> {
  const summary = (await value('workspace:scope', { scope: [accountId] })).accounts[0]!
  const sites: Site[] = []
  for (let offset = 0; ; offset += MAX_QUERY_ROWS) {
    const page = await value('sites:query', { scope: [accountId], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }], offset, limit: MAX_QUERY_ROWS })
    sites.push(...page.rows.map((row) => row.site))
    if (page.rows.length === 0 || sites.length >= page.total) break
  }
  sites.sort((a, b) => a.id - b.id)
  const tags = summary.tags.map(({ siteCount: _count, ...tag }) => tag)
  return { accountId, sites, tags, sync: summary.sync, eventCount: summary.eventCount }
}
