// Bundles the server into dist/server.js: our code and @duka/domain inlined, packages external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @duka/domain is TypeScript source in the workspace: inline it rather than import it at run time.
  plugins: [
    {
      name: 'inline-workspace',
      setup(b) {
        b.onResolve({ filter: /^@duka\// }, async (args) => {
          if (args.pluginData?.inlined) return undefined;
          const result = await b.resolve(args.path, {
            kind: args.kind,
            resolveDir: args.resolveDir,
            pluginData: { inlined: true },
          });
          return { path: result.path, external: false };
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
