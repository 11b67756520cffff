// `node scripts/eol-data.mjs <endoflife.date snapshot>`: writes src/core/health/eol-data.json,
// the end-of-life table the health checks judge PHP, MySQL and MariaDB versions by: each
// product's release cycles with their end of active support (eoas) and end of security support
// (eol). The facts are endoflife.date's (MIT licence); the source line goes along, and About
// credits them (scripts/licenses.mjs). Run again with a newer snapshot to refresh the table.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const EOL_DATA_FILE = join(root, 'src/core/health/eol-data.json')
const PRODUCTS = ['php', 'mysql', 'mariadb']

export function eolTable(snapshot) {
  const asOf = /as of (\d{4}-\d{2}-\d{2})/.exec(snapshot.source)?.[1]
  if (!asOf) throw new Error('The snapshot does not say the day its data is as of.')
  const products = {}
  for (const name of PRODUCTS) {
    const cycles = snapshot.products[name]
    if (!Array.isArray(cycles)) throw new Error(`The snapshot has no ${name}.`)
    // A date, or null where the product has none (false in endoflife.date's data).
    const day = (value) => (typeof value === 'string' ? value : null)
    products[name] = cycles.map((c) => ({ cycle: String(c.cycle), eoas: day(c.eoas), eol: day(c.eol) }))
  }
  return { source: snapshot.source, asOf, products }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const from = process.argv[2]
  if (!from) throw new Error('Name the endoflife.date snapshot to read.')
  const table = eolTable(JSON.parse(readFileSync(from, 'utf8')))
  writeFileSync(EOL_DATA_FILE, `${JSON.stringify(table, null, 1)}\n`)
  process.stderr.write(`Wrote the end-of-life table as of ${table.asOf}.\n`)
}
