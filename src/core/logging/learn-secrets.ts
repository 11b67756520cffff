// Where core meets a secret, the logger learns it, so that it can replace the value wherever
// it would be written (a thrown error's message, a server's echo, a stack): every token an API
// client is made with (remote accounts, the demo, a token being verified before it is saved),
// every token the keychain answers or is given, every private_key sent with a new site.
// Decorators over core's own interfaces, so the accounts and API code stay as they are.
import type { CreateSiteApi } from '../accounts'
import type { SecretStore } from '../secrets'
import type { NewSite } from '../../shared'

export type LearnSecret = (value: string | null | undefined) => void

/** The same object with some methods replaced; every other one still runs on the original. */
function intercept<T extends object>(target: T, methods: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.prototype.hasOwnProperty.call(methods, property)) return methods[property as keyof T]
      const value: unknown = Reflect.get(object, property, object)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value
    },
  })
}

/** API clients whose token, and whose new sites' private keys, the logger learns first. */
export function clientsLearningSecrets(createClient: CreateSiteApi, learn: LearnSecret): CreateSiteApi {
  return (options) => {
    learn(options.token)
    const client = createClient(options)
    return intercept(client, {
      createSite: (input: NewSite, signal?: AbortSignal) => {
        learn(input?.private_key)
        return client.createSite(input, signal)
      },
    })
  }
}

/** A secret store whose tokens, read or written, the logger learns. */
export function secretStoreLearningSecrets<S extends SecretStore>(store: S, learn: LearnSecret): S {
  return intercept(store, {
    get: async (accountId: string) => {
      const token = await store.get(accountId)
      learn(token)
      return token
    },
    set: (accountId: string, token: string) => {
      learn(token)
      return store.set(accountId, token)
    },
  } as Partial<S>)
}
