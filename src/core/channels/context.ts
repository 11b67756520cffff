// What the channel handlers need from core, passed in by createCore.
import type { AccountClients, AccountStore } from '../accounts'
import type { DemoWorkspace } from '../demo'
import type { PushEmitter } from '../util/push-emitter'

export interface ChannelContext {
  store: AccountStore
  clients: AccountClients
  demo: DemoWorkspace
  events: PushEmitter
  /** Settles when start-up work (opening the demo with --demo) is done, failed or not. */
  ready: Promise<void>
}
