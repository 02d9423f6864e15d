// The HSDS API's answers (decision 1003) as the OpenAPI document describes them: HSDS 3.0's page
// object and the root. Records are objects with their UUID, other fields kept as they are (the
// official schemas in vendor/hsds, which the tests validate every answer against).
import { z } from 'zod';

export const hsdsRecordSchema = z
  .looseObject({ id: z.string() })
  .describe('An HSDS 3.0 record: its fields as the compiled schemas of the specification name them.');

export const hsdsPageSchema = z.object({
  total_items: z.number().int(),
  total_pages: z.number().int(),
  page_number: z.number().int(),
  size: z.number().int(),
  first_page: z.boolean(),
  last_page: z.boolean(),
  empty: z.boolean(),
  contents: z.array(hsdsRecordSchema),
});

export const hsdsRootSchema = z.object({
  version: z.string(),
  profile: z.string(),
  openapi_url: z.string(),
});
