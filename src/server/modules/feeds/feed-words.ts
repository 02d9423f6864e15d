// The words the feeds and the widget write themselves, in English and Spanish (decision 1000): the
// interface's own texts live in the client's catalogs, these are the server's. Names, addresses
// and descriptions stay as people wrote them.
import type { FeedFilters, FeedLanguage } from '../../../shared/discover-params.js';
import { formatClock, OPEN_WHEN_DAYS, type OpenWhenDay, WHOLE_DAY } from '../../../shared/open-when.js';
import type { AccessFilter, PayFilter } from '../../../shared/place-attributes.js';

const CATEGORY: Record<FeedLanguage, Record<string, [one: string, many: string]>> = {
  en: {
    'farmers-market': ['Farmers Market', 'Farmers markets'],
    'local-farmer': ['Local Farmer', 'Local farmers'],
    'community-garden': ['Community Garden', 'Community gardens'],
    park: ['Park', 'Parks'],
    resource: ['Resource', 'Resources'],
  },
  es: {
    'farmers-market': ['Mercado de agricultores', 'Mercados de agricultores'],
    'local-farmer': ['Agricultor local', 'Agricultores locales'],
    'community-garden': ['Huerto comunitario', 'Huertos comunitarios'],
    park: ['Parque', 'Parques'],
    resource: ['Recurso', 'Recursos'],
  },
};

/** Field names as a change entry lists them (the snapshot's keys, decision 1002). */
const FIELD: Record<FeedLanguage, Record<string, string>> = {
  en: {
    name: 'name',
    category: 'category',
    description: 'description',
    address: 'address',
    latitude: 'map position',
    longitude: 'map position',
    website: 'website',
    phone: 'phone',
    operatingHours: 'hours note',
    openingHours: 'opening hours',
    status: 'status',
    deadline: 'deadline',
    registrationLink: 'registration link',
    faqLink: 'FAQ link',
    tagIds: 'tags',
    tags: 'tags',
  },
  es: {
    name: 'nombre',
    category: 'categoría',
    description: 'descripción',
    address: 'dirección',
    latitude: 'posición en el mapa',
    longitude: 'posición en el mapa',
    website: 'sitio web',
    phone: 'teléfono',
    operatingHours: 'nota de horario',
    openingHours: 'horario',
    status: 'estado',
    deadline: 'fecha límite',
    registrationLink: 'enlace de inscripción',
    faqLink: 'enlace de preguntas frecuentes',
    tagIds: 'etiquetas',
    tags: 'etiquetas',
  },
};

/** The facets (decision 0803) as a search's title says them. */
const FACET: Record<FeedLanguage, Record<PayFilter | AccessFilter, string>> = {
  en: {
    snap: 'accepting SNAP/EBT',
    wic: 'accepting WIC',
    sfmnp: 'accepting senior coupons (SFMNP)',
    'double-up': 'with Double Up Food Bucks',
    credit: 'accepting credit cards',
    wheelchair: 'wheelchair accessible',
    'accessible-restroom': 'with an accessible restroom',
    restroom: 'with a restroom',
    parking: 'with parking',
    'bike-parking': 'with bike parking',
    'bus-stop': 'near a bus stop',
    free: 'free',
    everyone: 'open to everyone',
  },
  es: {
    snap: 'que aceptan SNAP/EBT',
    wic: 'que aceptan WIC',
    sfmnp: 'que aceptan cupones para personas mayores (SFMNP)',
    'double-up': 'con Double Up Food Bucks',
    credit: 'que aceptan tarjetas de crédito',
    wheelchair: 'accesibles en silla de ruedas',
    'accessible-restroom': 'con baño accesible',
    restroom: 'con baño',
    parking: 'con estacionamiento',
    'bike-parking': 'con estacionamiento para bicicletas',
    'bus-stop': 'cerca de una parada de autobús',
    free: 'gratis',
    everyone: 'abiertos a todos',
  },
};

export const WORDS = {
  en: {
    site: 'KC Green Directory',
    open: (name: string) => `${name}: open`,
    deadline: (name: string) => `Deadline: ${name}`,
    deadlineReminder: (name: string) => `The deadline of ${name} is tomorrow.`,
    hoursAre: (hours: string) => `Opening hours (Kansas City time): ${hours}`,
    details: 'Details',
    everything: 'All places',
    near: (address: string, miles: number) => `within ${miles} mi of ${address}`,
    matching: (words: string) => `matching “${words}”`,
    tagged: (n: number) => (n === 1 ? 'with 1 tag' : `with ${n} tags`),
    openNow: 'open now',
    inSeason: 'in season',
    openWhen: (days: string, window: string) => `open ${days}${window ? ` ${window}` : ''}`,
    dayNames: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    calendarOf: (what: string) => `${what} | KC Green Directory`,
    changesOf: (what: string) => `Changes: ${what} | KC Green Directory`,
    added: (name: string) => `Added: ${name}`,
    addedText: (category: string) => `A new ${category.toLowerCase()} is in the directory.`,
    changed: (name: string) => `Changed: ${name}`,
    changedText: (fields: string[]) =>
      fields.length ? `Changed: ${fields.join(', ')}.` : 'Its details were saved again without a visible change.',
    reverted: (name: string) => `Restored: ${name}`,
    revertedText: (fields: string[]) =>
      fields.length ? `An earlier version was restored: ${fields.join(', ')}.` : 'An earlier version was restored.',
    verified: (name: string) => `Checked: ${name}`,
    verifiedText: 'An administrator confirmed these details are still correct.',
    shownAgain: (name: string) => `Back in the directory: ${name}`,
    shownAgainText: 'This place is shown in the directory again.',
    removed: (category: string) => `A ${category.toLowerCase()} was removed`,
    removedText: 'A place that matched this search is no longer in the directory.',
    embedHeading: (what: string) => `${what} in the KC Green Directory`,
    embedAll: (n: number) => `See all ${n} in the KC Green Directory`,
    embedNone: 'No places match this search right now.',
    embedOpenNow: 'Open now',
    embedClosedNow: 'Closed now',
    embedMap: 'Map of these places',
    newTab: '(opens in a new tab)',
  },
  es: {
    site: 'Directorio Verde de KC',
    open: (name: string) => `${name}: abierto`,
    deadline: (name: string) => `Fecha límite: ${name}`,
    deadlineReminder: (name: string) => `La fecha límite de ${name} es mañana.`,
    hoursAre: (hours: string) => `Horario (hora de Kansas City): ${hours}`,
    details: 'Detalles',
    everything: 'Todos los lugares',
    near: (address: string, miles: number) => `a menos de ${miles} mi de ${address}`,
    matching: (words: string) => `que coinciden con «${words}»`,
    tagged: (n: number) => (n === 1 ? 'con 1 etiqueta' : `con ${n} etiquetas`),
    openNow: 'abiertos ahora',
    inSeason: 'en temporada',
    openWhen: (days: string, window: string) => `abiertos ${days}${window ? ` ${window}` : ''}`,
    dayNames: ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom'],
    calendarOf: (what: string) => `${what} | Directorio Verde de KC`,
    changesOf: (what: string) => `Cambios: ${what} | Directorio Verde de KC`,
    added: (name: string) => `Nuevo: ${name}`,
    addedText: (category: string) => `Un nuevo lugar (${category.toLowerCase()}) está en el directorio.`,
    changed: (name: string) => `Cambios en ${name}`,
    changedText: (fields: string[]) =>
      fields.length ? `Cambió: ${fields.join(', ')}.` : 'Sus datos se guardaron de nuevo sin cambios visibles.',
    reverted: (name: string) => `Restaurado: ${name}`,
    revertedText: (fields: string[]) =>
      fields.length ? `Se restauró una versión anterior: ${fields.join(', ')}.` : 'Se restauró una versión anterior.',
    verified: (name: string) => `Verificado: ${name}`,
    verifiedText: 'Un administrador confirmó que estos datos siguen siendo correctos.',
    shownAgain: (name: string) => `De nuevo en el directorio: ${name}`,
    shownAgainText: 'Este lugar se muestra de nuevo en el directorio.',
    removed: (category: string) => `Se retiró un lugar (${category.toLowerCase()})`,
    removedText: 'Un lugar que coincidía con esta búsqueda ya no está en el directorio.',
    embedHeading: (what: string) => `${what} en el Directorio Verde de KC`,
    embedAll: (n: number) => `Ver los ${n} en el Directorio Verde de KC`,
    embedNone: 'Ningún lugar coincide con esta búsqueda por ahora.',
    embedOpenNow: 'Abierto ahora',
    embedClosedNow: 'Cerrado ahora',
    embedMap: 'Mapa de estos lugares',
    newTab: '(se abre en una pestaña nueva)',
  },
} satisfies Record<FeedLanguage, unknown>;

export function categoryName(lang: FeedLanguage, category: string, many = false): string {
  const names = CATEGORY[lang][category];
  return names ? names[many ? 1 : 0] : category;
}

/** The changed fields' names, each once, in the snapshot's order. */
export function fieldNames(lang: FeedLanguage, keys: string[]): string[] {
  return [...new Set(keys.map((k) => FIELD[lang][k]).filter((n): n is string => !!n))];
}

/** A search in words: 'Farmers markets matching “honey” within 5 mi of 64110, open now'. */
export function describeSearch(lang: FeedLanguage, f: FeedFilters): string {
  const w = WORDS[lang];
  const parts = [f.category === 'all' ? w.everything : categoryName(lang, f.category, true)];
  if (f.search) parts.push(w.matching(f.search));
  if (f.tagIds.length) parts.push(w.tagged(f.tagIds.length));
  if (f.address) parts.push(w.near(f.address, f.radius));
  const days = f.days.map((d) => w.dayNames[OPEN_WHEN_DAYS.indexOf(d as OpenWhenDay)] ?? d).join(', ');
  const wholeDay = f.from === WHOLE_DAY.from && f.to === WHOLE_DAY.to;
  const window = wholeDay ? '' : `${formatClock(f.from)}–${formatClock(f.to)}`;
  const flags = [
    f.openNow ? w.openNow : '',
    f.inSeason ? w.inSeason : '',
    f.days.length ? w.openWhen(days, window) : '',
    ...[...f.pay, ...f.access].map((facet) => FACET[lang][facet as PayFilter | AccessFilter] ?? facet),
  ].filter(Boolean);
  return [parts.join(' '), ...flags].join(', ');
}
