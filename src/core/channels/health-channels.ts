// health:* — what core found by checking every site itself (core/health): a scope's findings,
// one site's checks and history, and the health settings. Local reads and writes only; every
// account named must exist (not_found names the one that does not).
import type { ChannelHandlers } from '../../shared'
import { parseKey } from '../../shared/scope'
import { appError } from '../errors'
import type { HealthService } from '../health/health-service'
import { checkScope } from './check-scope'
import type { ChannelContext } from './context'
import { handle } from './handle'

type HealthChannel = 'health:scope' | 'health:site' | 'health:settings' | 'health:setSettings'

export function healthChannels(ctx: Pick<ChannelContext, 'accounts'>, health: HealthService): Pick<ChannelHandlers, HealthChannel> {
  const { accounts } = ctx
  const accountOf = (key: string): string => {
    const parsed = parseKey(key)
    // The schema let only site keys through; this keeps the type honest.
    if (parsed === null) throw appError({ code: 'invalid_input', message: 'The site key is not a site key.', fields: { site: ['must be a site key (account id:site id)'] } })
    return parsed.accountId
  }
  return {
    'health:scope': handle('health:scope', async ({ scope }) => {
      await checkScope(accounts, scope)
      return health.scope(scope)
    }),
    'health:site': handle('health:site', async ({ site }) => {
      const accountId = accountOf(site)
      const account = await accounts.requireAccount(accountId)
      return health.site(accountId, parseKey(site)?.id ?? 0, account.kind === 'demo')
    }),
    'health:settings': handle('health:settings', async () => health.settings()),
    'health:setSettings': handle('health:setSettings', async (patch) => {
      if (patch.account) await accounts.requireAccount(patch.account.accountId)
      if (patch.site) await accounts.requireAccount(accountOf(patch.site.site))
      return health.updateSettings(patch)
    }),
  }
}
