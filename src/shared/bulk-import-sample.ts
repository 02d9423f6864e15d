// The sample file the bulk import dialog offers (docs/product.md section 2, decision 0402): the
// required columns, tags, and the optional attribute columns as the export writes them (decision
// 0803). Shared so that a server test checks the importer reads it without a row error.
import { ATTRIBUTE_CSV_COLUMNS } from './place-attributes-csv.js';

/** The sample's attribute cells (decision 0803): yes, no or empty for unknown, as the export writes them. */
const SAMPLE_ATTRIBUTES: Record<string, Partial<Record<(typeof ATTRIBUTE_CSV_COLUMNS)[number], string>>> = {
  market: {
    snap: 'yes',
    wic: 'yes',
    sfmnp: 'yes',
    doubleUp: 'yes',
    credit: 'yes',
    wheelchair: 'yes',
    restroom: 'yes',
    busStop: 'yes',
    free: 'yes',
    eligibility: 'everyone',
    languages: 'en es',
  },
  park: { wheelchair: 'limited', restroom: 'yes', parking: 'yes', free: 'yes', eligibility: 'everyone' },
};
const sampleCells = (kind: string) => ATTRIBUTE_CSV_COLUMNS.map((c) => SAMPLE_ATTRIBUTES[kind]?.[c] ?? '').join(',');
export const BULK_IMPORT_SAMPLE_CSV = [
  `name,category,description,address,website,tags,${ATTRIBUTE_CSV_COLUMNS.join(',')}`,
  `"City Market Farmers Market",farmers-market,"Year-round market in the River Market with local produce, meats, bread and flowers.","20 E 5th St, Kansas City, MO 64106",https://thecitymarketkc.org,"Local Produce, Organic",${sampleCells('market')}`,
  `"Loose Park",park,"75-acre park with a rose garden, walking trail and pond.","5200 Wornall Rd, Kansas City, MO 64112",https://kcparks.org,"Walking Trails",${sampleCells('park')}`,
].join('\r\n');
