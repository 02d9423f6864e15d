/** URL slug from a name: lower-case ASCII words joined by '-', at most 80 characters. The caller
 * makes it unique (adding -2, -3 …). Accents are dropped ('Café' -> 'cafe'). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'location';
}
