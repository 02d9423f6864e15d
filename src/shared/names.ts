// Names as stored (decision 0404): invisible characters (zero-width, bidi controls, other ignorable
// and control characters) dropped and compatibility forms folded, so look-alike names are alike in
// the database and no name can reorder or hide the text around it.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

export function cleanName(name: string): string {
  return name.replace(INVISIBLE, '').normalize('NFKC');
}
