// The product and release cycle of a version string as the API gives it in server.php and
// server.mysql. The database field holds MySQL and MariaDB alike: MariaDB says so in the
// string ("10.6.17-MariaDB", "5.5.5-10.11.7-MariaDB-1:10.11.7+maria~ubu2204"), and where it
// does not, its version line tells (MySQL never had a 10, 11 or 12; MariaDB never a 6 to 9).
import type { EolProduct } from './eol-table'

export interface ProductVersion {
  product: EolProduct
  /** major.minor ("8.2", "10.11"). */
  cycle: string
}

export function phpVersion(text: string | null): ProductVersion | null {
  const match = text === null ? null : /(\d+)\.(\d+)/.exec(text)
  return match ? { product: 'php', cycle: `${Number(match[1])}.${Number(match[2])}` } : null
}

export function databaseVersion(text: string | null): ProductVersion | null {
  if (text === null) return null
  // MariaDB's replication-compatible prefix "5.5.5-" comes before its real version.
  const clean = text.trim().replace(/^5\.5\.5-/, '')
  const match = /(\d+)\.(\d+)/.exec(clean)
  if (!match) return null
  const major = Number(match[1])
  const cycle = `${major}.${Number(match[2])}`
  const saysMaria = /maria/i.test(clean)
  const saysMysql = /mysql/i.test(clean) && !saysMaria
  if (saysMaria || (!saysMysql && major >= 10)) return { product: 'mariadb', cycle }
  return { product: 'mysql', cycle }
}
