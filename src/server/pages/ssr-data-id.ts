/** The id of the data block a rendered page carries; src/client/lib/ssr-data.ts reads the same id
 * (client and server share no module but src/shared, decision 0900). */
export const SSR_DATA_ID = 'ssr-data';
