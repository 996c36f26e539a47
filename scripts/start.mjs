// `npm start`: runs the server bundled from src/ into build/ (build/server.js and its chunks), rebuilt here
// whenever a file under src/ is newer (esbuild, about 0.5 s; most dependencies stay in node_modules). Loading the
// service's hundred-odd TypeScript modules through tsx's loader hooks slowed the loading of every module,
// dependencies included, to about twice the time: the start to the first answer was over a second for
// that alone. Tests and the CLI still run the sources through tsx; the bundle is the same code.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bundle = join(root, 'build', 'server.js')

function newestSource() {
  let newest = statSync(join(root, 'package-lock.json')).mtimeMs
  for (const file of readdirSync(join(root, 'src'), { recursive: true })) {
    newest = Math.max(newest, statSync(join(root, 'src', String(file))).mtimeMs)
  }
  return newest
}

function builtAt() {
  try {
    return statSync(bundle).mtimeMs
  } catch {
    return 0
  }
}

// Bundled too, being plain ES modules of many small files: TypeBox took about 200 ms to load file by file
// and Kysely 100 ms; one parse of the bundle takes a fraction of that. The other dependencies stay in
// node_modules: native addons, and packages that find files of their own at run time (pino's transports).
const BUNDLED = new Set(['typebox', 'kysely'])

function externalPackages() {
  const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return Object.keys(dependencies)
    .filter((name) => !BUNDLED.has(name))
    .flatMap((name) => [name, `${name}/*`])
}

if (builtAt() < newestSource()) {
  const { build } = await import('esbuild')
  mkdirSync(dirname(bundle), { recursive: true })
  await build({
    // The SQLite writer's thread is loaded by its file name (src/db/sqlite-writer.ts), beside the server's.
    entryPoints: {
      server: join(root, 'src', 'server.ts'),
      'sqlite-writer-thread': join(root, 'src', 'db', 'sqlite-writer-thread.js'),
    },
    outdir: dirname(bundle),
    bundle: true,
    // What is imported only when needed (the PostgreSQL store, and with it pg) goes to a chunk of its own,
    // so a SQLite server never loads it. Chunks are named by their content: a rebuild beside a running
    // server never changes a file it may still load.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: externalPackages(),
    jsx: 'automatic',
    jsxImportSource: '@kitajs/html',
    sourcemap: 'inline',
    logLevel: 'warning',
  })
}
if (process.argv[2] !== '--build-only') await import(pathToFileURL(bundle).href)
