// Names as stored (decision 0404): characters nobody sees (zero-width spaces and joiners, bidi
// controls, other default-ignorable and control characters) are dropped, and compatibility forms
// (full-width letters, ligatures) become their plain letters, so two names that look alike are
// alike in the database too, and no name can reorder or hide the text around it.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

export function cleanName(name: string): string {
  return name.replace(INVISIBLE, '').normalize('NFKC');
}
