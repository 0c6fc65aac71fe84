// Bundles the server into dist/server.js: our code and @duka/domain inlined, packages external.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const domainSrc = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/domain/src',
);

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  plugins: [
    {
      // @duka/domain is TypeScript source in the workspace: inline it rather than import it at run time.
      name: 'inline-domain',
      setup(b) {
        b.onResolve({ filter: /^@duka\/domain(\/.*)?$/ }, (args) => {
          const sub = args.path.slice('@duka/domain'.length).replace(/^\//, '') || 'index';
          return { path: path.join(domainSrc, `${sub}.ts`) };
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
