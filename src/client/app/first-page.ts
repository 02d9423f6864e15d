// In the browser, before hydrating: the phone's first page from the server's answer (decision 0900).
// Apart from app/prefetch.ts, which reaches every feature, so that the browser's entry chunk holds
// only Discover (docs/benchmarks.md, Discover page bundle).
export { seedNarrowFirstPage } from '../features/discover';
