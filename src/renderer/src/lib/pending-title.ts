// The web shell's tab title with the pending updates in front, as mail apps show unread mail:
// "(12) Site Manager". The count is the same one core puts on the desktop's dock badge: every
// pending update of every account.
export function pendingTitle(appName: string, pending: number): string {
  return pending > 0 ? `(${pending}) ${appName}` : appName
}

