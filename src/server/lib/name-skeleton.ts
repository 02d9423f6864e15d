// A name's confusable skeleton (UTS #39, decision 0404): the text in NFD, each character replaced
// by its prototype from Unicode's confusables.txt (the `unhomoglyph` library), NFD again, of the
// cleaned name (names.ts drops invisible characters and folds compatibility forms), lower-cased
// with its spaces collapsed: 'Lоose Park' with a Cyrillic о, 'Ｌｏｏｓｅ Park' and 'LOOSE  PARK' all
// have the skeleton of 'Loose Park'.
import unhomoglyph from 'unhomoglyph';
import { cleanName } from '../../shared/names.js';

export function nameSkeleton(name: string): string {
  return unhomoglyph(cleanName(name).normalize('NFD')).normalize('NFD').toLowerCase().replace(/\s+/g, ' ').trim();
}
