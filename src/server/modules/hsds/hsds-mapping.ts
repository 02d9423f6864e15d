// A public place in Open Referral's HSDS 3.0 (decision 1003): one organization offering one service
// at one location, its category and tags as attributes of our taxonomy, its hours as schedules, its
// last confirmation as assured_date. HSDS never types a field null: an unknown value is left out.
import { LOCATION_CATEGORIES, TAG_CATEGORIES } from '../../../shared/constants.js';
import { plainText } from '../../pages/location-head.js';
import { placeUrl } from '../feeds/calendar.js';
import type { FeedPlace, FeedTag } from '../feeds/feed-places.js';
import { locationAccess, paymentAttributes, paymentTerms, serviceFacts, serviceLanguages } from './hsds-attributes.js';
import { hsdsChildId, hsdsId, TAXONOMY_ID_NUMBER } from './hsds-ids.js';
import { compact, type Json } from './hsds-json.js';
import { hsdsSchedules } from './hsds-schedules.js';

/** The HSDS version these answers follow (the compiled schemas in vendor/hsds). */
export const HSDS_VERSION = '3.0';

/** 'www.example.org' -> 'https://www.example.org/'; anything but an http(s) URL is left out. */
function absoluteUrl(url: string | null): string | undefined {
  const v = (url ?? '').trim();
  if (!v) return undefined;
  const withScheme = /^https?:\/\//i.test(v) ? v : /^[a-z][a-z0-9+.-]*:/i.test(v) ? '' : `https://${v}`;
  try {
    return withScheme ? new URL(withScheme).toString() : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- the taxonomy

const CATEGORY_NAMES: Record<string, string> = {
  'farmers-market': 'Farmers Market',
  'local-farmer': 'Local Farmer',
  'community-garden': 'Community Garden',
  park: 'Park',
  resource: 'Resource',
};
const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  'farmers-market': 'Markets where growers sell produce and other goods directly to the public.',
  'local-farmer': 'Farms in the Kansas City area that sell to the public.',
  'community-garden': 'Gardens where neighbours grow food and flowers together.',
  park: 'Public parks, trails and green spaces.',
  resource: 'Programs, events, grants and other green resources, some with a deadline.',
};
const TAG_GROUP_NAMES: Record<string, string> = {
  product: 'Products',
  amenity: 'Amenities and food access programs',
  accessibility: 'Accessibility',
  community: 'Community',
  sustainability: 'Sustainability',
  other: 'Other',
};

export const TAXONOMY_ID = hsdsId('taxonomy', TAXONOMY_ID_NUMBER);

export function hsdsTaxonomy(origin: string): Json {
  return {
    id: TAXONOMY_ID,
    name: 'KC Green Directory categories and tags',
    description:
      'The categories of the Kansas City green directory, the tags people give its places (products, amenities, accessibility, community, sustainability) grouped by tag category, and the payments a place takes (SNAP/EBT, WIC, senior coupons, Double Up Food Bucks, credit cards).',
    uri: `${origin}/hsds/taxonomies/${TAXONOMY_ID}`,
    version: '1',
  };
}

export interface Term {
  id: string;
  code: string;
  name: string;
  description: string;
  parent_id?: string;
  taxonomy: string;
  taxonomy_id: string;
  language: string;
  term_uri: string;
}

function term(origin: string, id: string, code: string, name: string, description: string, parent?: string): Term {
  return compact({
    id,
    code,
    name,
    description,
    parent_id: parent,
    taxonomy: 'KC Green Directory',
    taxonomy_id: TAXONOMY_ID,
    language: 'en',
    term_uri: `${origin}/hsds/taxonomy_terms/${id}`,
  }) as Term;
}

export function categoryTerm(origin: string, category: string): Term | null {
  const i = (LOCATION_CATEGORIES as readonly string[]).indexOf(category);
  if (i < 0) return null;
  return term(
    origin,
    hsdsId('category_term', i + 1),
    `category:${category}`,
    CATEGORY_NAMES[category]!,
    CATEGORY_DESCRIPTIONS[category]!,
  );
}

export function tagGroupTerm(origin: string, group: string): Term | null {
  const i = (TAG_CATEGORIES as readonly string[]).indexOf(group);
  if (i < 0) return null;
  return term(
    origin,
    hsdsId('tag_group_term', i + 1),
    `tag-category:${group}`,
    TAG_GROUP_NAMES[group]!,
    `Tags of the category ${TAG_GROUP_NAMES[group]!.toLowerCase()}.`,
  );
}

export function tagTerm(origin: string, tag: FeedTag): Term {
  const parent = tag.category ? tagGroupTerm(origin, tag.category)?.id : undefined;
  return term(origin, hsdsId('tag_term', tag.id), `tag:${tag.name}`, tag.name, `Places tagged “${tag.name}”.`, parent);
}

/** Every term of the taxonomy: the categories, the tag categories, the tags by name, the payments. */
export function allTerms(origin: string, tags: FeedTag[]): Term[] {
  return [
    ...LOCATION_CATEGORIES.map((c) => categoryTerm(origin, c)!),
    ...TAG_CATEGORIES.map((g) => tagGroupTerm(origin, g)!),
    ...tags.map((t) => tagTerm(origin, t)),
    ...paymentTerms(origin),
  ];
}

// ---------------------------------------------------------------- one place

export interface MapContext {
  origin: string;
  now: Date;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** '20 E 5th St, Kansas City, MO 64106' in HSDS's parts; what cannot be told apart stays in
 * address_1 (the required parts are then empty rather than guessed). */
function addressParts(address: string): Json {
  const m = address
    .trim()
    .match(
      /^(.*?),\s*([^,]+?),\s*(MO|KS|Missouri|Kansas)\.?(?:\s+(\d{5})(?:-\d{4})?)?(?:,\s*(?:USA?|United States))?$/i,
    );
  if (!m) {
    const zip = address.match(/\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/)?.[1] ?? '';
    const state = address.match(/\b(MO|KS)\b/i)?.[1]?.toUpperCase() ?? '';
    return { address_1: address.trim(), city: '', state_province: state, postal_code: zip, country: 'US' };
  }
  const state = m[3]!.length === 2 ? m[3]!.toUpperCase() : m[3]!.toLowerCase() === 'missouri' ? 'MO' : 'KS';
  return { address_1: m[1]!.trim(), city: m[2]!.trim(), state_province: state, postal_code: m[4] ?? '', country: 'US' };
}

const ORGANIZATION_DESCRIPTION_MAX = 5000;
const SERVICE_DESCRIPTION_MAX = 10_000;

/** The organization; `serviceText`, the service's description when the caller made it already. */
export function hsdsOrganization(p: FeedPlace, ctx: MapContext, serviceText?: string): Json {
  const text =
    serviceText !== undefined && serviceText.length <= ORGANIZATION_DESCRIPTION_MAX
      ? serviceText
      : plainText(p.description, ORGANIZATION_DESCRIPTION_MAX);
  return compact({
    id: hsdsId('organization', p.id),
    name: p.name,
    description: text || `${CATEGORY_NAMES[p.category] ?? p.category} in the Kansas City area.`,
    website: absoluteUrl(p.website),
    uri: placeUrl(ctx.origin, p.slug),
  });
}

/** Whether the place has a location in HSDS's sense: an address or a point. */
export const hasLocation = (p: FeedPlace) => !!p.address || (p.latitude !== null && p.longitude !== null);

function hsdsLocation(p: FeedPlace, ctx: MapContext, nested: boolean): Json {
  const id = hsdsId('location', p.id);
  const out: Json = compact({
    id,
    location_type: 'physical',
    url: placeUrl(ctx.origin, p.slug),
    organization_id: hsdsId('organization', p.id),
    name: p.name,
    latitude: p.latitude ?? undefined,
    longitude: p.longitude ?? undefined,
    external_identifier: p.slug,
    external_identifier_type: 'kc-green-directory-slug',
    ...locationAccess(p.attributes, p.id, id),
  });
  if (nested && p.address) {
    out.addresses = [
      { id: hsdsChildId('address', p.id), location_id: id, ...addressParts(p.address), address_type: 'physical' },
    ];
  }
  return out;
}

function phones(p: FeedPlace): Json[] {
  if (!p.phone) return [];
  return [{ id: hsdsChildId('phone', p.id), service_id: hsdsId('service', p.id), number: p.phone, type: 'voice' }];
}

/** The service's attributes: its category, each tag and each payment it takes, linked to their terms. */
function attributes(p: FeedPlace, ctx: MapContext): Json[] {
  const service = hsdsId('service', p.id);
  const terms = [categoryTerm(ctx.origin, p.category), ...p.tags.map((t) => tagTerm(ctx.origin, t))].filter(
    (t): t is Term => t !== null,
  );
  const linked: Json[] = terms.map((t) => ({
    id: hsdsChildId('attribute', p.id, t.id),
    link_id: service,
    taxonomy_term_id: t.id,
    link_type: t.code.startsWith('category:') ? 'category' : 'tag',
    link_entity: 'service',
    taxonomy_term: t,
  }));
  return [...linked, ...paymentAttributes(p, ctx.origin)];
}

/** The service's one-to-one fields (a list's item, service_list.json), with its organization. */
export function hsdsServiceSummary(p: FeedPlace, ctx: MapContext): Json {
  const deadline = p.deadline ? isoDate(p.deadline) : undefined;
  const description = plainText(p.description, SERVICE_DESCRIPTION_MAX);
  const facts = serviceFacts(p.attributes);
  return compact({
    id: hsdsId('service', p.id),
    organization_id: hsdsId('organization', p.id),
    name: p.name,
    description: description || undefined,
    url: absoluteUrl(p.website) ?? placeUrl(ctx.origin, p.slug),
    status: p.status === 'active' ? 'active' : 'inactive',
    application_process: p.registrationLink
      ? `Register at ${absoluteUrl(p.registrationLink) ?? p.registrationLink}${deadline ? ` by ${deadline}` : ''}.`
      : deadline
        ? `Apply by ${deadline}.`
        : undefined,
    alert: deadline && p.deadline!.getTime() >= ctx.now.getTime() - 86_400_000 ? `Deadline: ${deadline}.` : undefined,
    assured_date: p.lastVerifiedAt ? isoDate(p.lastVerifiedAt) : undefined,
    last_modified: p.updatedAt.toISOString(),
    fees_description: facts.fees_description,
    eligibility_description: facts.eligibility_description,
    organization: hsdsOrganization(p, ctx, description),
  });
}

export function hsdsServiceAtLocationSummary(p: FeedPlace, ctx: MapContext): Json {
  return {
    id: hsdsId('service_at_location', p.id),
    service_id: hsdsId('service', p.id),
    location_id: hsdsId('location', p.id),
    location: hsdsLocation(p, ctx, false),
    service: hsdsServiceSummary(p, ctx),
  };
}

/** A fully nested service (service.json): phones, schedules, its place as a service at a location,
 * attributes and organization. */
export function hsdsService(p: FeedPlace, ctx: MapContext): Json {
  const service: Json = {
    ...hsdsServiceSummary(p, ctx),
    phones: phones(p),
    schedules: hsdsSchedules(p, ctx.now),
    service_at_locations: hasLocation(p)
      ? [
          {
            id: hsdsId('service_at_location', p.id),
            service_id: hsdsId('service', p.id),
            location_id: hsdsId('location', p.id),
            location: hsdsLocation(p, ctx, true),
          },
        ]
      : [],
    attributes: attributes(p, ctx),
    languages: serviceLanguages(p),
  };
  return service;
}

/** A fully nested service at a location (service_at_location.json). */
export function hsdsServiceAtLocation(p: FeedPlace, ctx: MapContext): Json {
  const { service_at_locations: _s, ...service } = hsdsService(p, ctx);
  return {
    id: hsdsId('service_at_location', p.id),
    service_id: hsdsId('service', p.id),
    location_id: hsdsId('location', p.id),
    location: hsdsLocation(p, ctx, true),
    phones: phones(p),
    schedules: service.schedules,
    attributes: attributes(p, ctx),
    service,
  };
}

/** A fully nested organization (organization.json): its one location and its one service. */
export function hsdsOrganizationFull(p: FeedPlace, ctx: MapContext): Json {
  return {
    ...hsdsOrganization(p, ctx),
    phones: phones(p).map(({ service_id: _s, ...ph }) => ({ ...ph, organization_id: hsdsId('organization', p.id) })),
    locations: hasLocation(p) ? [hsdsLocation(p, ctx, true)] : [],
    services: [hsdsService(p, ctx)],
  };
}
