// What the HSDS records (decision 1003) share: their JSON shape, and leaving out what is unknown.

export type Json = Record<string, unknown>;

/** The keys whose value is not null, undefined or '' (HSDS fields are never null), as a new object:
 * deleting keys would turn each record into a slow dictionary for its JSON text. */
export function compact<T extends Json>(o: T): T {
  const out: Json = {};
  for (const k in o) {
    const v = o[k];
    if (v !== null && v !== undefined && v !== '') out[k] = v;
  }
  return out as T;
}
