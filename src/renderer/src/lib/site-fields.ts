// The site fields are defined once in shared/site-fields.ts (core sorts and exports by them,
// the renderer shows them); here only the renderer's reading of the Account field, whose
// label comes from the row.
import { SITE_FIELDS, ACCOUNT_FIELD_LABEL, type SiteField, type TableFieldKey } from '../../../shared/site-fields'
import { accountLabelOf } from './account-rows'

export * from '../../../shared/site-fields'

export const ACCOUNT_FIELD: SiteField = {
  label: ACCOUNT_FIELD_LABEL,
  text: (s) => accountLabelOf(s),
  sort: (s) => accountLabelOf(s) || null,
}

export function tableField(key: TableFieldKey): SiteField {
  return key === 'account' ? ACCOUNT_FIELD : SITE_FIELDS[key]
}
