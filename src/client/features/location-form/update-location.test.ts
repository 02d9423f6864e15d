// Someone else saved first (HTTP 412): the notice names what they changed, payments and access
// included, however the server ordered the attributes' keys.
import { describe, expect, it } from 'vitest';
import type { Location } from '../../../shared/schemas/location';
import { changedFields } from './update-location';

const place = (attributes: Location['attributes']) => ({ name: 'Market', tags: [], attributes }) as unknown as Location;

describe('changedFields', () => {
  it('names the attributes when a fact changed, not when only the key order differs', () => {
    expect(changedFields(place({ snap: true, wic: true }), place({ wic: true, snap: true }))).toEqual([]);
    expect(changedFields(place({ snap: true }), place({ snap: false }))).toEqual(['attributes']);
    expect(changedFields(place({ snap: true }), place({}))).toEqual(['attributes']);
  });
});
