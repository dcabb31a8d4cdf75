/**
 * The layer rules of docs/architecture.md ("Layers"), checked by `npm run depcruise` inside `npm test`
 * (scripts/test.sh). tests/server/foundation/layers.test.ts proves each rule fails on a fixture tree
 * that breaks it (tests/fixtures/layers/) and that the real tree passes.
 *
 * Paths are relative to the folder the check runs in, so the same rules apply to the project and to a
 * fixture tree laid out like it.
 */
module.exports = {
  forbidden: [
    {
      name: 'services-know-no-transport',
      comment:
        'Services (server/services) are called by the procedures and the adapters, never the other way: ' +
        'they take domain types (server/services/actor.ts) and AppDeps, not a tRPC context or a request.',
      severity: 'error',
      from: { path: '^server/services/' },
      to: { path: '^server/(trpc|rest|http|edge)/' },
    },
    {
      name: 'procedures-know-no-adapters',
      comment: 'Procedures (server/trpc) are what REST and the public http routes call; they import neither.',
      severity: 'error',
      from: { path: '^server/trpc/' },
      to: { path: '^server/(rest|http)/' },
    },
    {
      name: 'edge-is-below-the-adapters',
      comment:
        'server/edge holds what every adapter shares (the call context, request info, body reading, the ' +
        'envelopes and error bodies): http, rest and the procedures import it, it imports none of them.',
      severity: 'error',
      from: { path: '^server/edge/' },
      to: { path: '^server/(trpc|rest|http)/' },
    },
    {
      name: 'adapters-do-not-cross',
      comment:
        'The public http routes (server/http) and the REST adapters (server/rest) are side by side: what ' +
        'both need is in server/edge, so neither imports the other.',
      severity: 'error',
      from: { path: '^server/(http|rest)/' },
      to: { path: '^server/(http|rest)/', pathNot: '^server/$1/' },
    },
    {
      name: 'http-runs-no-query',
      comment:
        'The http routes and the edge answer requests; the queries they need are services (which know no ' +
        'transport). Of the database layer they may only classify its errors (server/db/errors.ts).',
      severity: 'error',
      from: { path: '^server/(http|edge)/' },
      to: { path: '^server/db/', pathNot: '^server/db/errors[.]ts$' },
    },
    {
      name: 'rest-is-adapters-over-procedures',
      comment:
        'A REST path calls the tRPC procedure that does the work (createCaller), never a service or the ' +
        'database: validation, authorization and the work live once, in the procedure.',
      severity: 'error',
      from: { path: '^server/rest/' },
      to: { path: '^server/(services|db)/' },
    },
    {
      name: 'server-takes-only-the-first-view-from-client',
      comment:
        'The server renders the first view of a public page (server/http/first-view.ts) and writes its share ' +
        'tags (server/http/share-tags.ts) with the client code that draws the same page and names its paths ' +
        'and titles; nothing else of the client is server code.',
      severity: 'error',
      from: { path: '^server/' },
      to: {
        path: '^client/',
        pathNot: '^client/src/(first-view/|features/public/(paths|page-titles)[.]ts$|features/lots/paths[.]ts$)',
      },
    },
    {
      name: 'database-is-the-bottom',
      comment:
        'The database layer (server/db) holds the schema, the connection and its threads: it imports no ' +
        'service, procedure or adapter (seeding, which uses services, lives in server/seed).',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/(services|trpc|rest|http|edge|seed)/' },
    },
    {
      name: 'shared-is-a-leaf',
      comment: 'shared/ is imported by the server and the client alike: it imports neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'client-takes-only-types-from-server',
      comment:
        'The client is built for the browser: from server/ it may only import types (the tRPC router ' +
        'type), which vanish when compiled.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-cycles',
      comment:
        'A cycle of imports that run (not type-only) makes the load order decide what a module sees at ' +
        'start-up, and ties layers together.',
      severity: 'error',
      from: { path: '^(server|shared|client)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '[?](url|raw|inline)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
  },
};
