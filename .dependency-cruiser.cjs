// The import rules `npm run check` enforces (dependency-cruiser, `npx depcruise src`). See
// docs/ARCHITECTURE.md ("Folders and the rules between them") for the layering they keep.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'The folders of src/ import each other in one direction only: a cycle between two folders (or more) means a module sits in the wrong one.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'migration-imports-only-kysely-and-schema',
      comment:
        'A migration is frozen at its date: it changes the schema with kysely and nothing else. Filling an index is asked of the migrate step (src/db/migrations/index-rebuilds.ts), never done with application code.',
      severity: 'error',
      from: { path: '^src/db/migrations/' },
      to: { pathNot: ['^src/db/migrations/', '^src/db/schema[.]ts$', '(^|/)node_modules/kysely/'] },
    },
    {
      name: 'nothing-outside-the-repository',
      comment:
        'A clone has nothing beside it: an import that resolves outside the repository works only on the machine it was written on (tsc refuses one that resolves nowhere).',
      severity: 'error',
      from: {},
      to: { path: '^[.][.]/' },
    },
    {
      name: 'domain-does-not-import-web',
      comment:
        'The website (src/web/) sits on top of the services; a domain folder never imports it (only the composition root, src/app.ts, registers it).',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: '^src/web/' },
      to: { path: '^src/web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
}
