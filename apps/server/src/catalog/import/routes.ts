// POST /api/admin/products/import: a Shopify product CSV, sent as text/csv or as a multipart
// `file`; GET /api/admin/products/imports/{id}: its progress and outcome. Administrators only.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  importIdParamSchema,
  productImportQuerySchema,
  productImportSchema,
} from '@duka/domain';
import { currentUser } from '../../auth/plugin.ts';
import { HttpError, found } from '../../lib/http-error.ts';
import { publicHttpsPolicy } from '../../uploads/remote-image.ts';
import { fetchImportImages } from './images.ts';
import { importStatus, runImport } from './service.ts';
import { auditOf } from '../../audit/trail.ts';

const JOB = 'import-images';
const tags = ['catalogue admin'];
const security = [{ bearerAuth: [] }];
/**
 * An outcome lists every refused row: checked against its schema, 100,000 of them held the event
 * loop for about 200 ms in one stretch. service.ts builds it in the schema's shape (plain JSON,
 * no codecs), so it is written as it is: 25 ms for those 8 MB.
 */
const asJson = () => (data: unknown) => JSON.stringify(data);

const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const db = app.database.db;
  const maxBytes = config.IMPORT_MAX_BYTES;
  const tooLarge = () =>
    new HttpError(
      413,
      'TOO_LARGE',
      `The file is larger than ${Math.round(maxBytes / 1048576)} MB.`,
    );
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_r, body, done) => done(null, body),
  );

  const fetchImages = () =>
    app.jobs.runOnce(JOB, async () => {
      const deps = {
        db,
        uploadDir: path.resolve(config.DATA_DIR, 'uploads'),
        policy: publicHttpsPolicy(config.UPLOAD_MAX_BYTES),
      };
      while ((await fetchImportImages(deps)) > 0);
    });
  app.jobs.every(JOB, 10_000, fetchImages);

  app.post(
    '/admin/products/import',
    {
      onRequest: app.requirePermission('products.write'),
      bodyLimit: maxBytes,
      serializerCompiler: asJson,
      schema: {
        tags,
        summary: "Import products from Shopify's product CSV (text/csv body or multipart `file`)",
        description:
          'Rows are matched by Handle and Variant SKU, so the same file twice changes nothing. A row with an error is reported with its line and column and left out; the others are applied. Image Src addresses are fetched afterwards, from public https addresses only.',
        security,
        consumes: ['text/csv', 'multipart/form-data'],
        querystring: productImportQuerySchema,
        response: {
          200: productImportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request) => {
      let csv: Buffer;
      if (request.isMultipart()) {
        const file = await request.file().catch(() => undefined);
        if (!file) throw new HttpError(400, 'NO_FILE', 'Choose a CSV file to import.');
        csv = await file.toBuffer().catch((err: { code?: string }) => {
          throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
        });
      } else if (Buffer.isBuffer(request.body)) {
        csv = request.body;
      } else {
        throw new HttpError(415, 'NOT_CSV', 'Send the file as text/csv or as a multipart file.');
      }
      const outcome = await runImport(db, {
        id: request.query.import_id ?? randomUUID(),
        userId: currentUser(request).id,
        dryRun: request.query.dry_run,
        // Own picture addresses are recognised by PUBLIC_URL, never by a Host header.
        origin: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        csv,
        audit: auditOf(request),
        log: request.log,
        requestId: request.id,
      });
      if (outcome.images_pending > 0 && app.jobs.enabled) {
        void fetchImages().catch((err: unknown) =>
          app.log.error({ err }, 'imported images could not be fetched'),
        );
      }
      return outcome;
    },
  );

  app.get(
    '/admin/products/imports/:id',
    {
      onRequest: app.requirePermission('products.write'),
      serializerCompiler: asJson,
      schema: {
        tags,
        summary: 'An import: its progress while it runs, then its outcome',
        security,
        params: importIdParamSchema,
        response: {
          200: productImportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => found(await importStatus(db, request.params.id), 'The import'),
  );
};

export default importRoutes;
