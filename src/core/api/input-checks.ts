// Inputs are checked before anything is sent: a bad id must not turn into a request for
// /sites/NaN, and a create must only carry the fields of spec 4.1.
import { z } from 'zod'
import type { NewSite } from '../../shared'
import { AppErrorException } from '../errors'
import { NEW_SITE_FIELDS, newSiteSchema } from '../../shared/new-site'
import { parseInput } from '../util/parse-input'

function invalid(message: string): AppErrorException {
  return new AppErrorException({ code: 'invalid_input', message })
}

export function checkId(id: unknown, what: string): number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw invalid(`The ${what} id must be a whole number of 1 or more (got ${String(id)}).`)
  }
  return id
}

export function checkPageNumber(page: unknown): number {
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 1) {
    throw invalid(`The page must be a whole number of 1 or more (got ${String(page)}).`)
  }
  return page
}

const text = z.string().trim().min(1, 'must not be empty')

/**
 * The body of POST /sites, with absent fields left out. A refusal names its fields as a
 * channel input's does (parseInput), so the form places it the same way.
 */
export function checkNewSite(input: unknown): NewSite {
  const data = parseInput(newSiteSchema, input)
  const site: NewSite = { name: data.name, url: data.url }
  for (const key of NEW_SITE_FIELDS) {
    if (data[key] !== undefined) Object.assign(site, { [key]: data[key] })
  }
  return site
}

export function checkTagName(name: unknown): string {
  const result = text.safeParse(name)
  if (!result.success) throw invalid('The tag needs a name.')
  return result.data
}
