import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the real Kansas City sample data (copied from shared/data, credited in README). */
export const SEED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/seed');
