// The form's attributes (decision 0803): the whole set is sent, null for every unknown answer, the
// note only beside a restricted eligibility; "anything known" drives the disclosure and the add
// dialog's no-lost-work check.
import { describe, expect, it } from 'vitest';
import { attributesPayload, hasKnownAttributes, knownAttributeCount } from './attributes-values';

describe('attribute form values', () => {
  it('sends every key, null when unknown, false kept apart from unknown', () => {
    const payload = attributesPayload({ snap: false, wic: true, languages: [], eligibilityNote: 'x' });
    expect(Object.keys(payload)).toHaveLength(15);
    expect(payload).toMatchObject({ snap: false, wic: true, credit: null, languages: null, eligibilityNote: null });
    expect(attributesPayload({ eligibility: 'restricted', eligibilityNote: 'Members' }).eligibilityNote).toBe(
      'Members',
    );
    expect(Object.values(attributesPayload(undefined)).every((v) => v === null)).toBe(true);
  });

  it('counts known answers: false is known, null and empty are not', () => {
    expect(hasKnownAttributes({})).toBe(false);
    expect(hasKnownAttributes({ snap: null, languages: [] })).toBe(false);
    expect(hasKnownAttributes({ snap: false })).toBe(true);
    expect(knownAttributeCount({ snap: false, eligibility: 'restricted', eligibilityNote: 'x' })).toBe(2);
  });
});
