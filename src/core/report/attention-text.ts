// Health causes as a report's reader understands them (a client, not the person at the desk).
import type { HealthCause } from '../../shared/health'

export const HEALTH_CAUSE_TEXT: Readonly<Record<HealthCause, string>> = {
  down: 'not answering',
  slow: 'answering slowly',
  keywordMissing: 'expected text missing from the page',
  badAddress: 'the address does not work',
  certificateInvalid: 'security certificate not valid',
  certificateExpiring: 'security certificate expiring soon',
  domainExpired: 'domain registration expired',
  domainExpiring: 'domain registration expiring soon',
  dnsElsewhere: 'the domain points to another server',
  endOfLife: 'software past its end of life',
  endOfActiveSupport: 'software past its end of active support',
}
