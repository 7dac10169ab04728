// Where the shared material sits: ../shared beside the repository (also in CI's fresh clone).
import { fileURLToPath } from 'node:url';

export const SHARED = fileURLToPath(new URL('../../../shared/', import.meta.url));
export const REAL_FIXTURES = process.env.CONFORM_REAL_FIXTURES ?? `${SHARED}fixtures/real/`;
export const SPEC_DIR = `${SHARED}spec/`;
/** the repository's root */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
