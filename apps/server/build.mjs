// Bundles the server into dist/server.js: our code and @duka/domain inlined, packages external.
// Then makes dist/embedded-template.tar.gz, the migrated empty database a first start unpacks
// (src/db/embedded-template.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const domainSrc = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/domain/src',
);

await build({
  entryPoints: {
    server: 'src/server.ts',
    'embedded-template': 'src/db/embedded-template-cli.ts',
  },
  outdir: 'dist',
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

execFileSync(process.execPath, ['dist/embedded-template.js'], { stdio: 'inherit' });
