// The accounts' data and every change to it. Handlers and the monitoring simulation change
// state only through here, so ids stay unique and every change reaches persistence.
import type { SiteEvent, Tag } from '../shared'
import { formatTimestamp } from './clock'
import type { AccountState, ServerState, StoredSite } from './model'
import type { SiteInput } from './validation'

/**
 * How far each list is known to be in ascending id order: its length and last id then. The
 * store's lists are only ever appended to (with fresh, larger ids) or replaced whole (a delete
 * filters into a new array), so a list checked once is checked again only from there on; one
 * that was changed some other way (its checked end moved) is checked whole again.
 */
const checked = new WeakMap<readonly { id: number }[], { length: number; lastId: number }>()

/**
 * The list itself, in ascending id order: already so in practice (ids are handed out in
 * increasing order and appended), so this costs a look at what was appended since the last
 * call; a list that is not (a hand-edited data file) is sorted in place, once.
 */
function inAscendingIdOrder<T extends { id: number }>(list: T[]): readonly T[] {
  const known = checked.get(list)
  let index = known && known.length <= list.length && list[known.length - 1]?.id === known.lastId ? known.length : 1
  for (; index < list.length; index++) {
    if ((list[index - 1] as T).id > (list[index] as T).id) {
      list.sort((a, b) => a.id - b.id)
      break
    }
  }
  const last = list[list.length - 1]
  if (last) checked.set(list, { length: list.length, lastId: last.id })
  return list
}

export class ReferenceStore {
  private readonly changeListeners = new Set<() => void>()

  constructor(
    readonly state: ServerState,
    private readonly now: () => Date,
  ) {}

  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener)
    return () => this.changeListeners.delete(listener)
  }

  /** Call after every change. */
  changed(): void {
    for (const listener of this.changeListeners) listener()
  }

  timestamp(): string {
    return formatTimestamp(this.now())
  }

  accountFor(token: string): AccountState | undefined {
    return this.state.accounts.find((account) => account.token === token)
  }

  get tokens(): string[] {
    return this.state.accounts.map((account) => account.token)
  }

  /**
   * Sites by ascending id (the spec does not show an order; this is the natural one). The
   * account's own list, not a copy: read it, change it only through the store.
   */
  sites(account: AccountState): readonly StoredSite[] {
    return inAscendingIdOrder(account.sites)
  }

  site(account: AccountState, id: number): StoredSite | undefined {
    return account.sites.find((site) => site.id === id)
  }

  createSite(account: AccountState, input: SiteInput): StoredSite {
    const at = this.timestamp()
    const site: StoredSite = {
      id: this.state.nextIds.site++,
      name: input.name,
      url: input.url,
      admin_url: input.admin_url ?? '',
      notes: input.notes ?? '',
      status: 'Ok',
      published: null,
      tagIds: [...input.tags],
      server: { ip: null, web: null, php: null, mysql: null },
      created_at: at,
      updated_at: at,
      last_check_at: null,
      cms_id: input.cms_id,
      has_private_key: input.private_key !== null,
      look_for_string: input.look_for_string,
      extensions: [],
    }
    account.sites.push(site)
    this.changed()
    return site
  }

  /** Deleting a site takes its events with it (a foreign key with cascade, as is usual). */
  deleteSite(account: AccountState, id: number): boolean {
    const before = account.sites.length
    account.sites = account.sites.filter((site) => site.id !== id)
    if (account.sites.length === before) return false
    account.events = account.events.filter((event) => event.site_id !== id)
    this.changed()
    return true
  }

  /** Tags by ascending id; the account's own list, as sites() is. */
  tags(account: AccountState): readonly Tag[] {
    return inAscendingIdOrder(account.tags)
  }

  createTag(account: AccountState, name: string): Tag {
    const at = this.timestamp()
    const tag: Tag = { id: this.state.nextIds.tag++, name, created_at: at, updated_at: at }
    account.tags.push(tag)
    this.changed()
    return tag
  }

  /** Deleting a tag detaches it from every site that carried it. */
  deleteTag(account: AccountState, id: number): boolean {
    const before = account.tags.length
    account.tags = account.tags.filter((tag) => tag.id !== id)
    if (account.tags.length === before) return false
    for (const site of account.sites) site.tagIds = site.tagIds.filter((tagId) => tagId !== id)
    this.changed()
    return true
  }

  /**
   * Oldest first (ascending id); the lists serve them newest first, as observed (descending id
   * and created_at), through paginator's newestFirst view. Without a site, the account's own
   * list, not a copy.
   */
  events(account: AccountState, siteId?: number): readonly SiteEvent[] {
    const events = inAscendingIdOrder(account.events)
    return siteId === undefined ? events : events.filter((event) => event.site_id === siteId)
  }

  /** Records an event now; the caller calls changed() once its batch is done. */
  recordEvent(account: AccountState, siteId: number, type: string, message: string): SiteEvent {
    const event: SiteEvent = {
      id: this.state.nextIds.event++,
      site_id: siteId,
      category: 'client',
      message,
      type,
      created_at: this.timestamp(),
    }
    account.events.push(event)
    return event
  }
}
