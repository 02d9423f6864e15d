// A name's confusable skeleton (UTS #39, decision 0404): the cleaned name (names.ts) in NFD, each
// character replaced by its confusables.txt prototype (`unhomoglyph`), NFD again, lower-cased,
// spaces collapsed: 'Lоose Park' (Cyrillic о), 'Ｌｏｏｓｅ Park', 'LOOSE  PARK' all match 'Loose Park'.
import unhomoglyph from 'unhomoglyph';
import { cleanName } from '../../shared/names.js';

export function nameSkeleton(name: string): string {
  return unhomoglyph(cleanName(name).normalize('NFD')).normalize('NFD').toLowerCase().replace(/\s+/g, ' ').trim();
}
