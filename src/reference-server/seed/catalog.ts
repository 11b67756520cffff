// Realistic raw material for demo data: site names, server software, extensions. Addresses
// use reserved documentation IP ranges (RFC 5737), so nothing here points at a real host.

export const NAME_PREFIXES = [
  'Alpine', 'Harbor', 'Maple', 'Northwind', 'Bluebird', 'Cedar', 'Riverside', 'Summit', 'Golden',
  'Oakwood', 'Silverline', 'Lakeside', 'Sunrise', 'Willow', 'Granite', 'Meadow', 'Pinecrest',
  'Coastal', 'Old Town', 'Brightwater',
] as const

export const NAME_BUSINESSES = [
  'Bakery', 'Dental Care', 'Law Firm', 'Yoga Studio', 'Hotel', 'Bike Shop', 'Architects',
  'Veterinary Clinic', 'Bookstore', 'Coffee Roasters', 'Photography', 'Plumbing', 'Fitness Club',
  'Winery', 'Garden Center', 'Music School', 'Real Estate', 'Pharmacy', 'Auto Repair', 'Florist',
] as const

export const TOP_LEVEL_DOMAINS = ['com', 'com', 'com', 'net', 'org', 'de', 'co.uk', 'nl', 'fr'] as const

export const TAG_NAMES = [
  'Clients', 'Production', 'Staging', 'Joomla', 'WordPress', 'Maintenance plan', 'VIP',
  'E-commerce', 'Needs attention', 'Agency', 'Hosting A', 'Hosting B', 'Legacy', 'Nonprofit',
  'Retainer',
] as const

export const NOTES = [
  'Client pays yearly; hosting renews in March.',
  'Staging copy lives at /staging.',
  'Contact: Maria (office manager), prefers email.',
  'Multilingual site (EN/DE).',
  'Do not update the template without asking the client.',
  'Backups go to the offsite bucket every night.',
] as const

export const WEB_SERVERS = ['Apache', 'Apache/2.4.58 (Debian)', 'nginx/1.24.0', 'nginx/1.26.1', 'LiteSpeed'] as const
export const PHP_VERSIONS = ['7.4.33', '8.1.27', '8.1.29', '8.2.18', '8.2.20', '8.3.6', '8.3.9'] as const
export const MYSQL_VERSIONS = ['5.7.44', '8.0.36', '8.0.37', '10.6.17-MariaDB', '10.11.7-MariaDB'] as const
export const IP_PREFIXES = ['192.0.2', '198.51.100', '203.0.113'] as const

/** The CMS kinds the demo uses for cms_id; the spec does not list valid values. */
export const CMS = {
  joomla: { id: 1, adminPath: '/administrator/' },
  wordpress: { id: 2, adminPath: '/wp-admin/' },
} as const

export interface CatalogExtension {
  name: string
  /** A version to start from; later versions are bumps of it. */
  version: string
}

export const JOOMLA_EXTENSIONS: readonly CatalogExtension[] = [
  { name: 'Akeeba Backup', version: '9.8.1' },
  { name: 'Admin Tools', version: '7.4.2' },
  { name: 'JCE Editor', version: '2.9.80' },
  { name: 'RSForm! Pro', version: '3.3.9' },
  { name: 'Regular Labs Extension Manager', version: '9.0.3' },
  { name: 'Advanced Module Manager', version: '10.1.2' },
  { name: 'sh404SEF', version: '4.24.1' },
  { name: 'Phoca Gallery', version: '5.0.2' },
  { name: 'Kunena Forum', version: '6.2.6' },
  { name: 'HikaShop', version: '5.0.4' },
  { name: 'Joomla! Core', version: '5.1.1' },
]

export const WORDPRESS_EXTENSIONS: readonly CatalogExtension[] = [
  { name: 'Yoast SEO', version: '22.9' },
  { name: 'WooCommerce', version: '9.0.2' },
  { name: 'Contact Form 7', version: '5.9.6' },
  { name: 'Elementor', version: '3.22.3' },
  { name: 'Wordfence Security', version: '7.11.6' },
  { name: 'UpdraftPlus', version: '1.24.4' },
  { name: 'Akismet Anti-spam', version: '5.3.2' },
  { name: 'WP Rocket', version: '3.16.1' },
  { name: 'Advanced Custom Fields', version: '6.3.2' },
  { name: 'Redirection', version: '5.4.2' },
  { name: 'WordPress Core', version: '6.5.4' },
]

export function extensionsFor(cmsId: number | null): readonly CatalogExtension[] {
  return cmsId === CMS.wordpress.id ? WORDPRESS_EXTENSIONS : JOOMLA_EXTENSIONS
}
