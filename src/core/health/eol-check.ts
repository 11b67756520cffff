// The end-of-life check: the site's PHP and database versions (from the API's server fields)
// against the end-of-life table. Past end of security support is a warning; past end of active
// support only a note; a version the table does not know is said so, never guessed at.
import type { ServerInfo } from '../../shared'
import type { EolDetails, EolProductState } from '../../shared/health'
import { finding, plain, type CheckOutcome } from './check-outcome'
import { EOL_AS_OF, EOL_TABLE, type EolCycle } from './eol-table'
import { databaseVersion, phpVersion, type ProductVersion } from './server-versions'

const NAMES = { php: 'PHP', mysql: 'MySQL', mariadb: 'MariaDB' } as const

export function checkEndOfLife(server: Pick<ServerInfo, 'php' | 'mysql'>, nowMs: number): CheckOutcome {
  const today = new Date(nowMs).toISOString().slice(0, 10)
  const found: { state: EolProductState; entry: EolCycle | undefined; name: string }[] = []
  const add = (text: string | null, version: ProductVersion | null): void => {
    if (text === null || version === null) return
    const entry = EOL_TABLE.products[version.product].find((c) => c.cycle === version.cycle)
    found.push({
      name: `${NAMES[version.product]} ${version.cycle}`,
      entry,
      state: {
        product: version.product,
        version: text,
        cycle: entry ? entry.cycle : null,
        activeSupportUntil: entry?.eoas ?? null,
        securitySupportUntil: entry?.eol ?? null,
      },
    })
  }
  add(server.php, phpVersion(server.php))
  add(server.mysql, databaseVersion(server.mysql))
  const details: EolDetails = { kind: 'eol', products: found.map((f) => f.state), asOf: EOL_AS_OF }
  if (found.length === 0) return plain('eol', 'unknown', 'The API has not reported PHP or database versions for this site yet.', details)

  const pastSecurity = found.filter((f) => f.entry?.eol != null && f.entry.eol < today)
  if (pastSecurity.length > 0) {
    const list = pastSecurity.map((f) => `${f.name} (security support ended ${f.entry?.eol})`).join(' and ')
    return finding('eol', 'endOfLife', `${list} no longer get${pastSecurity.length === 1 ? 's' : ''} security fixes.`, details)
  }
  const pastActive = found.filter((f) => f.entry?.eoas != null && f.entry.eoas < today)
  if (pastActive.length > 0) {
    const list = pastActive.map((f) => `${f.name} (security fixes only, until ${f.entry?.eol ?? 'a date not set'})`).join(' and ')
    return finding('eol', 'endOfActiveSupport', `${list}: active support has ended.`, details)
  }
  const unknown = found.filter((f) => f.entry === undefined)
  if (unknown.length === found.length) {
    return plain('eol', 'unknown', `${unknown.map((f) => f.name).join(' and ')} ${unknown.length === 1 ? 'is' : 'are'} not in the end-of-life data (as of ${EOL_AS_OF}).`, details)
  }
  return plain('eol', 'ok', `${found.filter((f) => f.entry).map((f) => f.name).join(' and ')} supported (data as of ${EOL_AS_OF}).`, details)
}
