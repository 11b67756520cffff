export * from './domain'
export * from './errors'
export * from './channels'
export * from './content-security-policy'
export * from './workspace'
export * from './channel-names'
export * from './create-api'
export * from './json-depth'
export * from './web-address'
// Not re-exported here: new-site.ts and api-shapes.ts (zod schemas). Import them by
// path; through this index zod would land in the renderer's first bundle (about 26 KB gzipped).
export * from './scope'
export * from './site-fields'
export * from './sites-query'
