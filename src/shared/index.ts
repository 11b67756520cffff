export * from './domain'
export * from './errors'
export * from './channels'
export * from './content-security-policy'
