// The official HSDS 3.0 JSON schemas (vendor/hsds, from the openreferral/specification repository)
// as validators, with Ajv: every answer of the HSDS API is checked against the schema the API
// reference names for it (decision 1003).
import fs from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { fromRoot } from '../paths.js';

const read = (file: string) => JSON.parse(fs.readFileSync(fromRoot('vendor', 'hsds', 'schema', file), 'utf8'));

let ajv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv {
  if (ajv) return ajv;
  // The schemas carry Frictionless keywords of their own (constraints, core, datapackage_*…),
  // which Ajv's strict mode would refuse; the formats (uuid, uri, email, date-time) are checked.
  ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(read('metadata.json'), 'metadata.json');
  ajv.addSchema(read('taxonomy.json'), 'taxonomy.json');
  return ajv;
}

export type HsdsSchema =
  | 'compiled/service.json'
  | 'compiled/service_list.json'
  | 'compiled/organization.json'
  | 'compiled/organization_list.json'
  | 'compiled/service_at_location.json'
  | 'compiled/service_at_location_list.json'
  | 'compiled/service_package.json'
  | 'taxonomy.json'
  | 'taxonomy_term.json';

function validator(key: string, make: () => object): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    v = instance().compile(make());
    compiled.set(key, v);
  }
  return v;
}

const openapi = () => read('openapi.json');

/** The validator of one record's schema. */
export function recordValidator(schema: HsdsSchema): ValidateFunction {
  if (schema === 'taxonomy.json') return instance().getSchema('taxonomy.json')!;
  return validator(schema, () => read(schema));
}

/** The validator of a list answer: the API reference's Page object with every one of its fields,
 * and `contents` of the given item schema. */
export function pageValidator(items: HsdsSchema): ValidateFunction {
  return validator(`page:${items}`, () => {
    const pageSchema = openapi().components.schemas.Page;
    return {
      ...pageSchema,
      required: [...Object.keys(pageSchema.properties), 'contents'],
      properties: { ...pageSchema.properties, contents: { type: 'array', items: read(items) } },
    };
  });
}

/** The validator of GET / (the API reference's inline schema, with its three fields required). */
export function rootValidator(): ValidateFunction {
  return validator('root', () => {
    const s = openapi().paths['/'].get.responses['200'].content['application/json'].schema;
    return { ...s, required: Object.keys(s.properties) };
  });
}

/** Errors of a validation in a readable line each (for an assertion's message). */
export function errorsOf(v: ValidateFunction): string {
  return (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('\n');
}
