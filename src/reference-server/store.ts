// The accounts' data and every change to it. Handlers and the monitoring simulation change
// state only through here, so ids stay unique and every change reaches persistence.
import type { SiteEvent, Tag } from '../shared'
import { formatTimestamp } from './clock'
import type { AccountState, ServerState, StoredSite } from './model'
import type { SiteInput } from './validation'

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

  /** Sites by ascending id (the spec does not show an order; this is the natural one). */
  sites(account: AccountState): StoredSite[] {
    return [...account.sites].sort((a, b) => a.id - b.id)
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

  tags(account: AccountState): Tag[] {
    return [...account.tags].sort((a, b) => a.id - b.id)
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

  /** Newest first, as observed (descending id and created_at). */
  events(account: AccountState, siteId?: number): SiteEvent[] {
    const events = siteId === undefined ? account.events : account.events.filter((e) => e.site_id === siteId)
    return [...events].sort((a, b) => b.id - a.id)
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
