// A place's known attributes in its schema.org JSON-LD (decision 0803): each known fact an
// amenityFeature (LocationFeatureSpecification, name and value), isAccessibleForFree when the cost
// is known, and paymentAccepted naming the payments known to be taken. Unknown facts say nothing.
import type { PlaceAttributes } from '../../shared/place-attributes.js';

/** The yes/no facts as schema.org feature names, in the page's order. */
const FEATURE_NAMES = {
  snap: 'Accepts SNAP/EBT',
  wic: 'Accepts WIC',
  sfmnp: 'Accepts Senior Farmers Market Nutrition Program coupons',
  doubleUp: 'Accepts Double Up Food Bucks',
  credit: 'Accepts credit cards',
  accessibleRestroom: 'Wheelchair-accessible restroom',
  restroom: 'Restroom',
  parking: 'Parking',
  bikeParking: 'Bicycle parking',
  busStop: 'Bus stop within a short walk',
} as const satisfies Partial<Record<keyof PlaceAttributes, string>>;

/** paymentAccepted's words for each payment. */
const PAYMENT_NAMES = {
  snap: 'SNAP/EBT',
  wic: 'WIC',
  sfmnp: 'SFMNP coupons',
  doubleUp: 'Double Up Food Bucks',
  credit: 'Credit card',
} as const satisfies Partial<Record<keyof PlaceAttributes, string>>;

const feature = (name: string, value: boolean) => ({ '@type': 'LocationFeatureSpecification', name, value });

/** The JSON-LD properties a place's attributes give it (none when nothing is known). */
export function attributesJsonLd(a: PlaceAttributes | null | undefined): Record<string, unknown> {
  if (!a) return {};
  const out: Record<string, unknown> = {};
  const features: ReturnType<typeof feature>[] = [];
  for (const [key, name] of Object.entries(FEATURE_NAMES)) {
    const v = a[key as keyof typeof FEATURE_NAMES];
    if (typeof v === 'boolean') features.push(feature(name, v));
  }
  // OpenStreetMap's "limited" is partly accessible: claimed as that, never as accessible.
  if (a.wheelchair === 'limited') features.push(feature('Partly wheelchair accessible', true));
  else if (a.wheelchair) features.push(feature('Wheelchair accessible', a.wheelchair === 'yes'));
  if (a.eligibility) features.push(feature('Open to everyone', a.eligibility === 'everyone'));
  if (features.length) out.amenityFeature = features;
  if (typeof a.free === 'boolean') out.isAccessibleForFree = a.free;
  const payments = Object.entries(PAYMENT_NAMES)
    .filter(([key]) => a[key as keyof typeof PAYMENT_NAMES] === true)
    .map(([, name]) => name);
  if (payments.length) out.paymentAccepted = payments.join(', ');
  return out;
}
