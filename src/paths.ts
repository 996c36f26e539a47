// Where the repository's files are. This module sits one folder below the root, as does the bundle
// `npm start` runs (build/server.js, see scripts/start.mjs), so the same line finds the root from both.
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

export const fromRoot = (...parts: string[]): string => join(ROOT, ...parts)
