/**
 * The server's module layering, checked by `npm run lint` (dependency-cruiser). Biome's rules
 * keep files from importing in a circle and modules from reading another's schema; these keep
 * the modules themselves in layers (docs/architecture/server-modules.md#imports-between-modules):
 * - no two modules' code reaches the other, directly or through others (type imports counted);
 * - the shared folders under the modules (`http`, `lib`, `db`) import no module.
 * Schemas are left out: a schema may import another's for a foreign key, and the tables' order
 * is not the code's (stock's holds name the catalogue's slots, whose availability places stock's
 * subqueries). Tests are left out, and so are the composition roots (`app.ts`, `main.ts`, the seed).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      comment:
        'Two server modules reach each other. Move what causes it to the module that owns the concept, or give one of them a port (server-modules.md).',
      scope: 'folder',
      severity: 'error',
      from: { path: '^apps/server/src/modules/[^/]+' },
      to: { path: '^apps/server/src/modules/[^/]+', circular: true },
    },
    {
      name: 'shared-code-imports-no-module',
      comment: 'http/, lib/ and db/ sit below every module; what needs a module belongs in one.',
      severity: 'error',
      from: { path: '^apps/server/src/(http|lib|db)/' },
      to: { path: '^apps/server/src/modules/' },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser yet; SWC reads the sources, and it
    // reports type-only imports as well (so `tsPreCompilationDeps`, which asks for tsc, stays off).
    parser: 'swc',
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['node_modules', '\\.test\\.ts$', '\\.schema\\.ts$', '^apps/server/src/(app|main)\\.ts$', '^apps/server/src/db/seed'],
    },
  },
};
