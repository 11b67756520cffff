// Bearer tokens, read the way Laravel's Request::bearerToken does (the scheme name is not
// case-sensitive). Each token is one account; anything else is 401 Unauthenticated.

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}
