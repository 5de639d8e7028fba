/**
 * The import-cycle check of `npm run lint` (docs/architecture.md, "Arrows"): no cycle in src,
 * type-only imports included (tsPreCompilationDeps), so a module's parts stay layered and any
 * file can be read, tested or moved without dragging its importers along. The other arrows are
 * eslint's (eslint.config.js, boundaries).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a file both import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-edge)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    extraExtensionsToScan: ['.astro'],
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
