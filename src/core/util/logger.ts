// What core needs to write down what went wrong where nobody is watching (a thrown handler, a
// refused sender, a failed demo start, a corrupt settings file set aside). The shells pass a
// real logger (a rotating file in the data folder, secrets redacted by rule); tests and
// callers that do not care get the silent one. Fields must never carry a token or a private
// key: the real logger redacts known secret fields and values, but callers do not rely on it.
export type LogFields = Record<string, unknown>

export interface Logger {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
}
