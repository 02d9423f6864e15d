// GET /api/tags (docs/product.md section 7): one cached list for every tag control; after a tag is
// created, renamed or deleted the list and the listings (which show tag names) are refreshed.
import { useQuery } from '@tanstack/react-query';
import type { Tag } from '../../../shared/schemas/tag';
import { getJson } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const TAGS_QUERY_KEY = ['/api/tags'] as const;
const FETCH_TAGS_FAILED = 'Failed to fetch tags';

async function fetchTags(): Promise<Tag[]> {
  try {
    return await getJson<Tag[]>('/api/tags');
  } catch {
    throw new Error(FETCH_TAGS_FAILED);
  }
}

/** Form controls ask again when they appear, so tags made elsewhere since the page loaded show. */
export function useTags(opts: { fresh?: boolean } = {}) {
  return useQuery<Tag[]>({
    queryKey: TAGS_QUERY_KEY,
    queryFn: fetchTags,
    refetchOnMount: opts.fresh ? 'always' : undefined,
  });
}

export async function refreshAfterTagChange(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TAGS_QUERY_KEY }),
    queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/locations'),
    }),
  ]);
}

/** Tags sorted by name, case-insensitively. */
export function sortTags(tags: Tag[]): Tag[] {
  return [...tags].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
