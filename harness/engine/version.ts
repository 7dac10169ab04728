// The harness's version, as package.json gives it (written into every report).
import { readFileSync } from 'node:fs';

export const HARNESS_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
