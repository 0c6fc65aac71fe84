// Image uploads for the catalogue: admins only; checked by content, re-encoded to WebP, stored
// under DATA_DIR/uploads with an unguessable name and served from /uploads.
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { apiErrorSchema } from '@duka/domain';
import { HttpError } from '../lib/http-error.ts';
import { processUpload, UploadError } from './image.ts';
import { storeUpload } from './store.ts';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  const dir = path.resolve(app.config.DATA_DIR, 'uploads');
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });

  app.post(
    '/uploads',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags: ['catalogue admin'],
        summary: 'Upload one product image (multipart field "file"); answers {secure_url}',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({
            secure_url: z.string(),
            width: z.number().int(),
            height: z.number().int(),
          }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await request.file().catch(() => undefined);
      if (!file) throw new HttpError(400, 'NO_FILE', 'Choose an image to upload.');
      const buffer = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'TOO_LARGE', `The image is larger than ${megabytes(maxBytes)}.`);
        }
        throw err;
      });
      try {
        const image = await processUpload(buffer, { maxBytes });
        const { fileName } = await storeUpload(dir, image.webp);
        return reply
          .code(201)
          .send({ secure_url: `/uploads/${fileName}`, width: image.width, height: image.height });
      } catch (err) {
        if (err instanceof UploadError) {
          throw err.code === 'TOO_LARGE'
            ? new HttpError(413, 'TOO_LARGE', err.message)
            : new HttpError(415, 'NOT_AN_IMAGE', err.message);
        }
        throw err;
      }
    },
  );
};

export default uploadsRoutes;
