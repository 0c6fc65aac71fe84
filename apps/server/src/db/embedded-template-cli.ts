// Run by the server's build (build.mjs): writes dist/embedded-template.tar.gz (embedded-template.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_TEMPLATE, writeEmbeddedTemplate } from './embedded-template.ts';

await writeEmbeddedTemplate(
  path.join(path.dirname(fileURLToPath(import.meta.url)), EMBEDDED_TEMPLATE),
);
