// The pieces every server-rendered <head> shares: the site's name, HTML escaping, the public origin
// of canonical URLs and the rendering of one head. Apart from plugins/pages.ts, so that the location
// head, the sitemap, feeds and HSDS use them without importing the plugin that registers pages.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';

export const SITE_NAME = 'KC Green Directory';

export interface PageHead {
  title: string;
  description: string;
  /** Extra tags (Open Graph, JSON-LD…), already escaped. */
  extra?: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The public origin for canonical links: PUBLIC_URL, else the request's own host. */
export function publicOrigin(ctx: AppContext, request: FastifyRequest): string {
  if (ctx.env.PUBLIC_URL) return ctx.env.PUBLIC_URL.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}

export function renderHead(head: PageHead, canonical: string | null): string {
  const parts = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (canonical) parts.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  if (head.extra) parts.push(head.extra);
  return parts.join('\n    ');
}
