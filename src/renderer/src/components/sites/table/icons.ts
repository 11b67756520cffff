// Stroke icons (24×24, as common/Icon.vue draws them) that only the sites table uses. The
// rows draw their icons as plain <svg> elements with these paths rather than an Icon
// component each: a row mounts no child component (see SitesTable.vue).
export const COPY_PATH = 'M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1Zm-4 6H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1'
/** A gear-less "admin" mark: a shield, for the site's admin page. */
export const ADMIN_PATH = 'M12 3 5 6v5c0 4.4 3 8.3 7 10 4-1.7 7-5.6 7-10V6l-7-3Zm-3 9 2 2 4-4'
export const COLUMNS_PATH = 'M4 4h16v16H4V4Zm6 0v16m5-16v16'
