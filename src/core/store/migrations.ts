// The workspace database's schema, as an ordered list of migrations. The version lives in
// PRAGMA user_version; each migration runs in its own transaction together with the version
// bump, so a database is always exactly at one version (VS Code, Signal and Joplin do the same).
// Never edit a migration that has shipped: add the next one.
import type { Database } from 'better-sqlite3'

export interface Migration {
  version: number
  /** What the version adds, for the reader of this file. */
  description: string
  up(db: Database): void
}

/** The database was written by a newer app that knows versions this one does not. */
export class NewerDatabaseError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`The workspace database is at version ${found}; this app knows up to ${known}.`)
    this.name = 'NewerDatabaseError'
  }
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'sites, tags and events per account as the API gave them; sync bookkeeping; settings',
    up(db) {
      db.exec(`
        -- The whole object as the API gave it is in json; the other columns are what the
        -- store looks up or orders by.
        CREATE TABLE sites (
          account_id TEXT NOT NULL,
          id INTEGER NOT NULL,
          name TEXT NOT NULL,
          json TEXT NOT NULL,
          PRIMARY KEY (account_id, id)
        ) WITHOUT ROWID;

        CREATE TABLE tags (
          account_id TEXT NOT NULL,
          id INTEGER NOT NULL,
          name TEXT NOT NULL,
          json TEXT NOT NULL,
          PRIMARY KEY (account_id, id)
        ) WITHOUT ROWID;

        -- seq is the row's own key (event ids are only unique within one account's server);
        -- created_ms is created_at as UTC epoch milliseconds, because the API writes times
        -- with numeric offsets, which do not sort as text.
        CREATE TABLE events (
          seq INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL,
          id INTEGER NOT NULL,
          site_id INTEGER NOT NULL,
          type TEXT NOT NULL,
          created_at TEXT NOT NULL,
          created_ms INTEGER NOT NULL,
          message TEXT NOT NULL,
          json TEXT NOT NULL,
          UNIQUE (account_id, id)
        );
        -- The feed's order, for all sites, one site, and one type.
        CREATE INDEX events_feed ON events (account_id, created_ms, id);
        CREATE INDEX events_site_feed ON events (account_id, site_id, created_ms, id);
        CREATE INDEX events_type_feed ON events (account_id, type, created_ms, id);

        CREATE TABLE sync_meta (
          account_id TEXT PRIMARY KEY,
          last_synced_at TEXT,
          last_attempt_at TEXT,
          events_backfill_page INTEGER
        );

        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          json TEXT NOT NULL
        );
      `)
    },
  },
  {
    version: 2,
    description: 'full-text index over event messages and site names; what each sync changed',
    up(db) {
      db.exec(`
        -- Contentless (the text is in events already); rowid = events.seq. account holds one
        -- token per account ('x' + hex of its id), so a search and its count stay inside the
        -- index instead of looking up every matching event to check whose it is. site_name is
        -- the stored site's current name, rewritten by the store when a site is renamed, so a
        -- search finds an event by the name its site has now.
        CREATE VIRTUAL TABLE events_fts USING fts5(
          account, message, site_name,
          content = '', contentless_delete = 1,
          tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO events_fts (rowid, account, message, site_name)
          SELECT e.seq, 'x' || lower(hex(e.account_id)), e.message, coalesce(s.name, '')
          FROM events e LEFT JOIN sites s ON s.account_id = e.account_id AND s.id = e.site_id;

        -- Whichever path deletes an event (a removed site, a removed account), its index row
        -- goes with it. Inserts are indexed by the store itself (addEvents): an insert trigger
        -- into FTS5 measured three times slower than the same insert as its own statement.
        CREATE TRIGGER events_fts_delete AFTER DELETE ON events BEGIN
          DELETE FROM events_fts WHERE rowid = old.seq;
        END;

        CREATE TABLE changes (
          seq INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL,
          synced_at TEXT NOT NULL,
          json TEXT NOT NULL
        );
        CREATE INDEX changes_by_account ON changes (account_id, seq);
      `)
    },
  },
  {
    version: 3,
    description: "each site's history of changed values, and a daily rollup per account for the trend",
    up(db) {
      db.exec(`
        -- A short integer per account, so each history row does not repeat the account's id
        -- text; started_ms is when the account's history began (its first recorded sync).
        CREATE TABLE history_accounts (
          key INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL UNIQUE,
          started_ms INTEGER NOT NULL
        );

        -- One row per site, field and sync only when that value changed (most syncs change
        -- nothing). field is a small code (see site-history.ts); from/to keep their type
        -- (pending updates are integers, versions and times text), hence no declared type.
        CREATE TABLE site_history (
          account_key INTEGER NOT NULL,
          site_id INTEGER NOT NULL,
          at_ms INTEGER NOT NULL,
          field INTEGER NOT NULL,
          from_value,
          to_value,
          PRIMARY KEY (account_key, site_id, at_ms, field)
        ) WITHOUT ROWID;

        -- The account as the last sync of each UTC day saw it: 90 days of trend is 90 rows.
        -- php is JSON: sites per PHP minor version.
        CREATE TABLE history_days (
          account_key INTEGER NOT NULL,
          day TEXT NOT NULL,
          pending INTEGER NOT NULL,
          sites INTEGER NOT NULL,
          php TEXT NOT NULL,
          PRIMARY KEY (account_key, day)
        ) WITHOUT ROWID;
      `)
    },
  },
  {
    version: 4,
    description: "the feed's order across accounts, for the events of a scope of several accounts",
    up(db) {
      db.exec(`
        -- A scope's feed is newest first by (created_ms, account_id, id): walked from its end,
        -- this index answers a scope's first slice after limit + 1 of the scope's rows instead
        -- of sorting all of them, and a scope's per-day counts read only the days asked for.
        CREATE INDEX events_scope_feed ON events (created_ms, account_id, id);
      `)
    },
  },
  {
    version: 5,
    description: "health: each site's current state per check, response times, incidents, check options, RDAP look-ups",
    up(db) {
      db.exec(`
        -- A short integer per account for the response-time rows, the one table that grows
        -- with every check (a row per site and hour), so they do not repeat the account's id.
        CREATE TABLE health_accounts (
          key INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL UNIQUE
        );

        -- The current state of each check of each site; json holds the reason and details.
        CREATE TABLE health_state (
          account_id TEXT NOT NULL,
          site_id INTEGER NOT NULL,
          check_name TEXT NOT NULL,
          level TEXT NOT NULL,
          cause TEXT,
          checked_ms INTEGER NOT NULL,
          since_ms INTEGER NOT NULL,
          json TEXT NOT NULL,
          PRIMARY KEY (account_id, site_id, check_name)
        ) WITHOUT ROWID;

        -- Reachability checks rolled up per site and hour (span 0, kept 8 days) and per site
        -- and UTC day (span 1, kept 31 days): a check adds to two rows instead of adding one.
        CREATE TABLE health_times (
          account_key INTEGER NOT NULL,
          site_id INTEGER NOT NULL,
          span INTEGER NOT NULL,
          start_ms INTEGER NOT NULL,
          checks INTEGER NOT NULL,
          up INTEGER NOT NULL,
          sum_ms INTEGER NOT NULL,
          max_ms INTEGER,
          PRIMARY KEY (account_key, site_id, span, start_ms)
        ) WITHOUT ROWID;

        -- A check at error level from - to (to null while it lasts); kept by the history setting.
        CREATE TABLE health_incidents (
          seq INTEGER PRIMARY KEY,
          account_id TEXT NOT NULL,
          site_id INTEGER NOT NULL,
          check_name TEXT NOT NULL,
          cause TEXT NOT NULL,
          from_ms INTEGER NOT NULL,
          to_ms INTEGER,
          reason TEXT NOT NULL
        );
        CREATE INDEX health_incidents_site ON health_incidents (account_id, site_id, from_ms);

        -- Checks turned on or off and the look-for text, per account (site_id 0) and per site.
        -- The API takes monitor.look_for_string only on creation and never gives it back, so
        -- the app keeps its own.
        CREATE TABLE health_options (
          account_id TEXT NOT NULL,
          site_id INTEGER NOT NULL,
          enabled INTEGER NOT NULL,
          look_for TEXT,
          PRIMARY KEY (account_id, site_id)
        ) WITHOUT ROWID;

        -- One RDAP look-up per registrable domain a day, shared by every site of the domain.
        CREATE TABLE health_rdap (
          domain TEXT PRIMARY KEY,
          checked_ms INTEGER NOT NULL,
          json TEXT NOT NULL
        ) WITHOUT ROWID;

        -- The health settings and what the checks keep between runs (the RDAP bootstrap file).
        CREATE TABLE health_meta (
          key TEXT PRIMARY KEY,
          json TEXT NOT NULL
        ) WITHOUT ROWID;
      `)
    },
  },
]

export const LATEST_VERSION = MIGRATIONS.reduce((latest, m) => Math.max(latest, m.version), 0)

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Brings the database up to the newest of `migrations`, one transaction per version: a
 * migration that throws leaves the database at the version before it.
 */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): void {
  const known = migrations.reduce((latest, m) => Math.max(latest, m.version), 0)
  const current = schemaVersion(db)
  if (current > known) throw new NewerDatabaseError(current, known)

  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue
    db.transaction(() => {
      migration.up(db)
      // user_version lives in the database header, so it commits or rolls back with the rest.
      db.pragma(`user_version = ${Math.trunc(migration.version)}`)
    })()
  }
}
