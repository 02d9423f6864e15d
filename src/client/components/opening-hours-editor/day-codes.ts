// The weekdays as opening_hours writes them, Monday first. A module of its own because the cards'
// status line (status-text.ts) needs only these: importing them from hours-model.ts put the whole
// editor model into Discover's first load (docs/benchmarks.md, Discover page bundle).
export const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
