// The site fields are defined once in shared/site-fields.ts (core sorts, searches and exports
// by them, the renderer shows them); the renderer's modules import them from here.
export * from '../../../shared/site-fields'
