// The endpoints of spec section 4, one function per route, each answering a Reply.
import { newestFirst, paginate, parsePageParameter } from './paginator'
import type { PageSource } from './paginator'
import type { Reply } from './replies'
import { emptyReply, jsonReply, modelNotFound } from './replies'
import type { Input } from './request-body'
import type { RouteName } from './router'
import type { AccountState } from './model'
import type { ReferenceStore } from './store'
import { summarizeErrors, validateNewSite, validateNewTag } from './validation'
import type { FieldErrors } from './validation'
import { createdSiteToWire, eventToWire, siteToWire, tagToWire } from './wire'

export interface HandlerContext {
  store: ReferenceStore
  account: AccountState
  /** The route parameter :id as sent. */
  id: string | null
  query: URLSearchParams
  /** Absolute API root as the client addressed it (Host header), e.g. http://127.0.0.1:8787/api/v1 */
  apiRoot: string
  perPage: number
  logsLinkQuirk: boolean
  readInput: () => Promise<Input>
}

type Handler = (context: HandlerContext) => Reply | Promise<Reply>

/** Route model binding: only a whole positive number can name a row. */
function parseId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null
  return Number(raw)
}

function validationFailed(errors: FieldErrors): Reply {
  return jsonReply(422, { message: summarizeErrors(errors), errors })
}

function page(context: HandlerContext): number {
  return parsePageParameter(context.query.get('page'))
}

export const HANDLERS: Record<RouteName, Handler> = {
  'sites.index': (c) => {
    // Only the page's sites are turned into the wire format (not the whole list).
    const sites = c.store.sites(c.account)
    return jsonReply(200, paginate(sites, page(c), c.perPage, `${c.apiRoot}/sites`, (site) => siteToWire(site, c.account)))
  },

  'sites.show': (c) => {
    const id = parseId(c.id)
    const site = id === null ? undefined : c.store.site(c.account, id)
    if (!site) return modelNotFound('Site', c.id ?? '')
    return jsonReply(200, { data: siteToWire(site, c.account) })
  },

  'sites.store': async (c) => {
    const tagIds = new Set(c.account.tags.map((tag) => tag.id))
    const result = validateNewSite(await c.readInput(), tagIds)
    if (!result.ok) return validationFailed(result.errors)
    return jsonReply(200, { data: createdSiteToWire(c.store.createSite(c.account, result.value)) })
  },

  'sites.destroy': (c) => {
    const id = parseId(c.id)
    if (id === null || !c.store.deleteSite(c.account, id)) return modelNotFound('Site', c.id ?? '')
    return emptyReply()
  },

  'sites.logs': (c) => {
    const id = parseId(c.id)
    if (id === null || !c.store.site(c.account, id)) return modelNotFound('Site', c.id ?? '')
    const events = newestFirst(c.store.events(c.account, id))
    return jsonReply(200, paginate(events, page(c), c.perPage, `${c.apiRoot}/sites/${id}/logs`, eventToWire))
  },

  'tags.index': (c) => {
    return jsonReply(200, paginate(c.store.tags(c.account), page(c), c.perPage, `${c.apiRoot}/tags`, tagToWire))
  },

  'tags.store': async (c) => {
    const result = validateNewTag(await c.readInput(), c.account.tags.map((tag) => tag.name))
    if (!result.ok) return validationFailed(result.errors)
    return jsonReply(200, { data: tagToWire(c.store.createTag(c.account, result.value.name)) })
  },

  'tags.destroy': (c) => {
    const id = parseId(c.id)
    if (id === null || !c.store.deleteTag(c.account, id)) return modelNotFound('Tag', c.id ?? '')
    return emptyReply()
  },

  'logs.index': (c) => {
    const events = newestFirst(c.store.events(c.account))
    const current = page(c)
    return jsonReply(200, paginate(events, current, c.perPage, logsPath(c, events, current), eventToWire))
  },
}

/**
 * The observed quirk of GET /logs (spec 2.4 rule 4): links and meta.path name the site-scoped
 * list /sites/<site_id>/logs, with the site of the first event on the page (or of the newest
 * event when the page is out of range). With no events at all there is no site to name.
 */
function logsPath(c: HandlerContext, events: PageSource<{ site_id: number }>, current: number): string {
  if (!c.logsLinkQuirk) return `${c.apiRoot}/logs`
  const start = (current - 1) * c.perPage
  const first = events.slice(start, start + 1)[0] ?? events.slice(0, 1)[0]
  return first ? `${c.apiRoot}/sites/${first.site_id}/logs` : `${c.apiRoot}/logs`
}
