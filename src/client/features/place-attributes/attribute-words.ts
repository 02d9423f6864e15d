// A place's attributes in words (decision 0803), from the `attributes` catalog: the page's
// sentences (yes and no), the card's short badges (known positive facts only) and the review
// desk's values. Unknown facts never get a word.
import type { TFunction } from 'i18next';
import { formatLanguagesText } from '../../../shared/language-names';
// Types only from the shared schema module: its values would bring zod into Discover's first load.
import type { PaymentKey, PlaceAttributes } from '../../../shared/place-attributes';

type AttributeKey = keyof PlaceAttributes;

/** The page's groups, each with its facts in order. */
const ATTRIBUTE_GROUPS = [
  { group: 'payments', keys: ['snap', 'wic', 'sfmnp', 'doubleUp', 'credit'] satisfies PaymentKey[] },
  { group: 'access', keys: ['wheelchair', 'accessibleRestroom', 'restroom', 'parking', 'bikeParking', 'busStop'] },
  { group: 'cost', keys: ['free', 'eligibility'] },
  { group: 'languages', keys: ['languages'] },
] as const satisfies readonly { group: string; keys: readonly AttributeKey[] }[];

export interface Fact {
  key: AttributeKey;
  text: string;
  /** yes: the fact holds; no: it does not; partly: limited access or a restricted eligibility. */
  tone: 'yes' | 'no' | 'partly';
}

/** One known fact as the page's sentence; null when unknown. */
function factOf(a: PlaceAttributes, key: AttributeKey, t: TFunction, locale: string): Fact | null {
  const v = a[key];
  if (v === undefined || v === null) return null;
  if (key === 'eligibilityNote') return null;
  if (typeof v === 'boolean') return { key, text: t(`facts.${key}.${v ? 'yes' : 'no'}`), tone: v ? 'yes' : 'no' };
  if (key === 'wheelchair') {
    return { key, text: t(`facts.wheelchair.${v}`), tone: v === 'yes' ? 'yes' : v === 'no' ? 'no' : 'partly' };
  }
  if (key === 'eligibility') {
    if (v === 'everyone') return { key, text: t('facts.eligibility.everyone'), tone: 'yes' };
    const note = a.eligibilityNote;
    return {
      key,
      text: note ? t('facts.eligibility.restrictedNote', { note }) : t('facts.eligibility.restricted'),
      tone: 'partly',
    };
  }
  if (key === 'languages' && Array.isArray(v) && v.length) {
    return { key, text: t('facts.languages', { list: formatLanguagesText(v, locale) }), tone: 'yes' };
  }
  return null;
}

/** Every known fact, by group (groups without one left out). */
export function factGroups(a: PlaceAttributes, t: TFunction, locale: string) {
  return ATTRIBUTE_GROUPS.map(({ group, keys }) => ({
    group,
    facts: keys.map((k) => factOf(a, k, t, locale)).filter((f): f is Fact => f !== null),
  })).filter((g) => g.facts.length > 0);
}

/** The card's badges: the known positive facts, most asked-about first (a badge key each). */
export function badgeKeys(a: PlaceAttributes): string[] {
  const out: string[] = [];
  const flag = (key: AttributeKey, badge: string = key) => a[key] === true && out.push(badge);
  flag('snap');
  flag('wic');
  flag('doubleUp');
  flag('sfmnp');
  flag('free');
  if (a.wheelchair === 'yes') out.push('wheelchairYes');
  if (a.wheelchair === 'limited') out.push('wheelchairLimited');
  flag('accessibleRestroom');
  flag('restroom');
  flag('credit');
  flag('busStop');
  flag('parking');
  flag('bikeParking');
  if (a.eligibility === 'everyone') out.push('everyone');
  return out;
}

/** A fact's value as the review desk shows it ('Yes', 'No', 'Limited', names of languages);
 * null (unknown) is 'Not known'. */
export function attributeValueWords(key: string, v: unknown, t: TFunction, locale: string): string {
  if (v === null || v === undefined || v === '') return t('choices.unknown');
  if (typeof v === 'boolean') {
    if (key === 'free') return v ? t('choices.free') : t('choices.fee');
    return v ? t('choices.yes') : t('choices.no');
  }
  if (Array.isArray(v)) return formatLanguagesText(v.map(String), locale);
  if (key === 'wheelchair' || key === 'eligibility') return t(`choices.${String(v)}`, { defaultValue: String(v) });
  return String(v);
}
