// The store's sites and tags, kept as the API gave them (a JSON column) beside the few columns
// looked up or ordered by: a sync's complete read written over the old one (only what changed,
// each changed site compared once for its history), one site or tag written or removed after a
// change made through the app. Works inside the caller's transaction: the workspace store
// (sqlite-workspace-store.ts) owns transactions, the parsed lists and revisions.
import type Database from 'better-sqlite3'
import type { Site, Tag } from '../../shared'
import type { SiteNameIndex } from './event-tables'
import type { SiteChangeListener, SiteHistoryStore } from './site-history'
import type { SnapshotWrite } from './workspace-store'

interface SiteRow {
  id: number
  name: string
  json: string
}

/** Which lists a write changed: a list it left alone stays as parsed before. */
export interface ListsChanged {
  sitesChanged: boolean
  tagsChanged: boolean
}

export class SiteTagTables {
  private readonly st: ReturnType<typeof prepare>

  constructor(
    db: Database.Database,
    private readonly history: SiteHistoryStore,
    private readonly names: SiteNameIndex,
  ) {
    this.st = prepare(db)
  }

  /** Ascending id, parsed. */
  sites(accountId: string): Site[] {
    return parseAll<Site>(this.st.sites.all(accountId))
  }

  site(accountId: string, siteId: number): Site | undefined {
    const json = this.st.site.get(accountId, siteId) as string | undefined
    return json === undefined ? undefined : (JSON.parse(json) as Site)
  }

  /** Ascending id, parsed. */
  tags(accountId: string): Tag[] {
    return parseAll<Tag>(this.st.tags.all(accountId))
  }

  /**
   * The account's sites and tags replaced by a complete read, lastSyncedAt not included. Each
   * changed site is compared once: history keeps it, and the listener hears it.
   */
  writeSnapshot(accountId: string, snapshot: SnapshotWrite, atMs: number, listener?: SiteChangeListener): ListsChanged {
    // A site listed twice (a list that shifted while it was paged) is stored once, the later
    // copy winning, rather than failing the whole sync on the primary key.
    const next = new Map(snapshot.sites.map((site) => [site.id, site]))
    let sitesChanged = false
    const history = this.history.begin(accountId, atMs, listener)
    const before = new Map((this.st.siteRows.all(accountId) as SiteRow[]).map((row) => [row.id, row]))
    // Only what changed is written: a sync of 10,000 unchanged sites writes nothing of them.
    for (const [siteId, site] of next) {
      const json = siteJson(site)
      const old = before.get(siteId)
      if (old?.json === json) continue
      // Only a site whose JSON differs can have a changed value: 10,000 unchanged sites
      // cost history nothing.
      history.compare(old === undefined ? undefined : (JSON.parse(old.json) as Site), site)
      this.st.putSite.run(accountId, siteId, site.name, json)
      sitesChanged = true
      if (old?.name !== site.name) this.names.reindexSiteName(accountId, siteId, site.name)
    }
    for (const [siteId, old] of before) {
      if (next.has(siteId)) continue
      this.st.deleteSite.run(accountId, siteId)
      sitesChanged = true
      history.forgetSite(siteId)
      // Events of a vanished site keep their message but no longer carry its name.
      if (old.name !== '') this.names.reindexSiteName(accountId, siteId, '')
    }
    const tagsBefore = this.st.tags.all(accountId) as string[]
    this.st.deleteTags.run(accountId)
    for (const tag of snapshot.tags) this.st.putTag.run(accountId, tag.id, tag.name, JSON.stringify(tag))
    const tagsAfter = this.st.tags.all(accountId) as string[]
    const tagsChanged = tagsAfter.length !== tagsBefore.length || tagsAfter.some((json, at) => json !== tagsBefore[at])
    history.rollup(next.values())
    return { sitesChanged, tagsChanged }
  }

  upsertSite(accountId: string, site: Site, atMs: number): void {
    const before = this.st.siteName.get(accountId, site.id) as string | undefined
    // One site read again (sync:site): its changes count as much as a full sync's, else
    // the next full sync would find nothing changed and the change would be lost.
    if (before !== undefined) {
      const previous = this.st.site.get(accountId, site.id) as string
      this.history.begin(accountId, atMs).compare(JSON.parse(previous) as Site, site)
    }
    this.st.putSite.run(accountId, site.id, site.name, siteJson(site))
    if ((before ?? '') !== site.name) this.names.reindexSiteName(accountId, site.id, site.name)
  }

  removeSite(accountId: string, siteId: number): void {
    this.st.deleteSite.run(accountId, siteId)
    this.names.removeSiteEvents(accountId, siteId)
    this.history.removeSite(accountId, siteId)
  }

  upsertTag(accountId: string, tag: Tag): void {
    const before = this.st.tagJson.get(accountId, tag.id) as string | undefined
    const json = JSON.stringify(tag)
    this.st.putTag.run(accountId, tag.id, tag.name, json)
    // A changed tag changes in the sites that carry it too, as the server would answer them.
    if (before !== undefined && before !== json) {
      this.rewriteSiteTags(accountId, tag.id, (tags) => tags.map((t) => (t.id === tag.id ? tag : t)))
    }
  }

  /** The tag also leaves the account's stored sites (the server does the same). */
  removeTag(accountId: string, tagId: number): void {
    this.st.deleteTag.run(accountId, tagId)
    this.rewriteSiteTags(accountId, tagId, (tags) => tags.filter((t) => t.id !== tagId))
  }

  private rewriteSiteTags(accountId: string, tagId: number, rewrite: (tags: Tag[]) => Tag[]): void {
    for (const row of this.st.sitesWithTag.all(accountId, tagId) as { id: number; json: string }[]) {
      const site = JSON.parse(row.json) as Site
      site.tags = rewrite(site.tags)
      this.st.putSiteJson.run(JSON.stringify(site), accountId, row.id)
    }
  }
}

/**
 * The API never sends private_key back, and the store must never hold it: a site object that
 * somehow carries one (a create's input passed on by mistake) is stored without it.
 */
function siteJson(site: Site): string {
  if (!Object.hasOwn(site, 'private_key')) return JSON.stringify(site)
  const { private_key: _secret, ...rest } = site as Site & { private_key?: unknown }
  return JSON.stringify(rest)
}

function parseAll<T>(rows: unknown[]): T[] {
  const parsed = new Array<T>(rows.length)
  for (let i = 0; i < rows.length; i++) parsed[i] = JSON.parse(rows[i] as string) as T
  return parsed
}

function prepare(db: Database.Database) {
  const one = (sql: string) => db.prepare(sql).pluck()
  return {
    sites: one('SELECT json FROM sites WHERE account_id = ? ORDER BY id'),
    site: one('SELECT json FROM sites WHERE account_id = ? AND id = ?'),
    siteName: one('SELECT name FROM sites WHERE account_id = ? AND id = ?'),
    siteRows: db.prepare('SELECT id, name, json FROM sites WHERE account_id = ?'),
    putSite: db.prepare(
      'INSERT INTO sites (account_id, id, name, json) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (account_id, id) DO UPDATE SET name = excluded.name, json = excluded.json',
    ),
    putSiteJson: db.prepare('UPDATE sites SET json = ? WHERE account_id = ? AND id = ?'),
    sitesWithTag: db.prepare(
      'SELECT id, json FROM sites WHERE account_id = ? AND EXISTS ' +
        "(SELECT 1 FROM json_each(sites.json, '$.tags') t WHERE json_extract(t.value, '$.id') = ?)",
    ),
    deleteSite: db.prepare('DELETE FROM sites WHERE account_id = ? AND id = ?'),
    tags: one('SELECT json FROM tags WHERE account_id = ? ORDER BY id'),
    tagJson: one('SELECT json FROM tags WHERE account_id = ? AND id = ?'),
    putTag: db.prepare(
      'INSERT INTO tags (account_id, id, name, json) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (account_id, id) DO UPDATE SET name = excluded.name, json = excluded.json',
    ),
    deleteTags: db.prepare('DELETE FROM tags WHERE account_id = ?'),
    deleteTag: db.prepare('DELETE FROM tags WHERE account_id = ? AND id = ?'),
  }
}
