import { fromRoot } from './paths.js';

/** Folder of the real Kansas City sample data (copied from shared/data, credited in README). */
export const SEED_DIR = fromRoot('data/seed');
