// How the app orders text people read: one collator (numeric, so "Site 10" follows "Site 9"
// and "8.10" follows "8.9"; case and accents ignored), versions newest first within their
// product, and statuses with "Ok" first.
import { UNKNOWN_VALUE } from '../../shared/sites-query'

export const textCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/**
 * Splits "nginx/1.24.0" into its product ("nginx") and its version ("1.24.0"); a value that
 * starts with a digit ("8.2.18", "10.6.17-MariaDB") is all version.
 */
function productAndVersion(value: string): [string, string] {
  const at = value.search(/\d/)
  if (at === -1) return [value, '']
  return [value.slice(0, at).replace(/[\s/_-]+$/, ''), value.slice(at)]
}

/** Products A to Z, then newest version first (numerically: 8.10 above 8.9); "Not known" last. */
export function compareVersionsDescending(a: string, b: string): number {
  if (a === UNKNOWN_VALUE || b === UNKNOWN_VALUE) return a === b ? 0 : a === UNKNOWN_VALUE ? 1 : -1
  const [productA, versionA] = productAndVersion(a)
  const [productB, versionB] = productAndVersion(b)
  return textCollator.compare(productA, productB) || textCollator.compare(versionB, versionA) || textCollator.compare(a, b)
}

/** "Ok" first, then A to Z. */
export function compareStatuses(a: string, b: string): number {
  return a === b ? 0 : a === 'Ok' ? -1 : b === 'Ok' ? 1 : textCollator.compare(a, b)
}
