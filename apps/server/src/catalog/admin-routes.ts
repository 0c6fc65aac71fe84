// Editing and adding products: each route names its permission; each change is audited.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditOf } from '../audit/trail.ts';
import {
  adminListQuerySchema,
  adminReviewPageSchema,
  apiErrorSchema,
  idParamSchema,
  messageSchema,
  productCreateSchema,
  productPatchSchema,
  productSchema,
  productUpdateSchema,
  productTaxSchema,
  productTaxViewSchema,
  categoryTaxSchema,
  categorySlugParamSchema,
  variantParamsSchema,
  lowStockQuerySchema,
  lowStockPageSchema,
  variantPatchSchema,
  variantInputSchema,
  variantStockSchema,
  productOptionsReplaceSchema,
} from '@duka/domain';
import { createProduct, patchProduct, patchVariant, updateProduct } from './admin-service.ts';
import { shopifyCsv } from './csv-export.ts';
import { lowStock } from './low-stock.ts';
import { addVariant, removeVariant, replaceOptions, setVariantStock } from './variant-edits.ts';
import { productTax, setCategoryClass, setProductTax } from './tax-admin.ts';
import { getProduct, listAllReviews } from './service.ts';

const tags = ['catalogue admin'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.patch(
    '/products/:id',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary:
          'Change exactly one of price (cents), discount_percentage (0–100) or stock (whole, ≥ 0)',
        security,
        params: idParamSchema,
        body: productPatchSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      await patchProduct(db, request.params.id, request.body, auditOf(request));
      return getProduct(db, request.params.id);
    },
  );

  app.put(
    '/admin/products/:id',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: 'Save every field of a product at once (the product editor); price in cents',
        description:
          'Images must be uploaded first (POST /api/uploads), the main image first. A SKU another product has is refused with 409 and `fields.sku`.',
        security,
        params: idParamSchema,
        body: productUpdateSchema,
        response: { 200: productSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      await updateProduct(db, request.params.id, request.body, auditOf(request));
      return getProduct(db, request.params.id);
    },
  );

  app.post(
    '/products',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: 'Add a product; images must be uploaded first (POST /api/uploads)',
        description:
          'With `options` (up to three, e.g. Size and Colour) give one entry of `variants` per combination on sale, each with its own stock and, if it differs, SKU, price, discount, barcode, weight and image. A SKU already on sale is refused with 409 at its field.',
        security,
        body: productCreateSchema,
        response: {
          201: messageSchema.extend({ product: productSchema }),
          ...errors,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const id = await createProduct(db, request.body, auditOf(request));
      return reply
        .code(201)
        .send({ message: 'Product added successfully', product: await getProduct(db, id) });
    },
  );

  app.patch(
    '/admin/products/:id/variants/:variantId',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: "Change one variant's price (cents), discount, stock or SKU",
        description:
          "The product's card price and stock follow (the cheapest variant's price, the sum of the stock). A SKU another variant has is refused with 409 at `fields.sku`.",
        security,
        params: variantParamsSchema,
        body: variantPatchSchema,
        response: { 200: productSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { id, variantId } = request.params;
      await patchVariant(db, id, variantId, request.body, auditOf(request));
      return getProduct(db, id);
    },
  );

  app.patch(
    '/admin/products/:id/variants',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: 'Set the stock of several of a product’s variants at once (All Products’ Stock)',
        description:
          'All or nothing, recorded in the audit log as one stock change. A variant that is not the product’s on-sale variant is refused at `fields["variants.N.id"]`.',
        security,
        params: idParamSchema,
        body: variantStockSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => {
      await setVariantStock(db, request.params.id, request.body, auditOf(request));
      return getProduct(db, request.params.id);
    },
  );

  app.post(
    '/admin/products/:id/variants',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: "Add a combination of the product's options, with its own stock, SKU and price",
        description:
          "A new value joins its option after the others. Price and discount default to the product's. The same combination twice, or a SKU already on sale, is refused with 409.",
        security,
        params: idParamSchema,
        body: variantInputSchema,
        response: { 201: productSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await addVariant(db, request.params.id, request.body, auditOf(request));
      return reply.code(201).send(await getProduct(db, request.params.id));
    },
  );

  app.delete(
    '/admin/products/:id/variants/:variantId',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: 'Take a variant off sale: archived when orders name it, deleted otherwise',
        description:
          'Orders keep the variant as sold. Carts lose it; a wishlist keeps the product. A product keeps at least one variant (422).',
        security,
        params: variantParamsSchema,
        response: { 200: productSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const { id, variantId } = request.params;
      await removeVariant(db, id, variantId, auditOf(request));
      return getProduct(db, id);
    },
  );

  app.put(
    '/admin/products/:id/options',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: "Replace the product's options and variants (a product without sizes given some)",
        description:
          'The variants it was sold in leave sale (archived when orders name them, deleted otherwise); the new ones go on sale.',
        security,
        params: idParamSchema,
        body: productOptionsReplaceSchema,
        response: { 200: productSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      await replaceOptions(db, request.params.id, request.body, auditOf(request));
      return getProduct(db, request.params.id);
    },
  );

  app.get(
    '/admin/products/export.csv',
    {
      onRequest: app.requirePermission('products.read'),
      schema: {
        tags,
        summary: "Every product in Shopify's product CSV format, one row per variant",
        description:
          'Streamed a batch of products at a time. Prices in shillings: Variant Price is what shoppers pay, Variant Compare At Price the price before a discount. Cells that start like a formula are led by a quote mark.',
        security,
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => {
      // Image addresses from PUBLIC_URL, never from a Host header a request can forge.
      const origin = app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="duka-products.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(shopifyCsv(db, origin)));
    },
  );

  app.get(
    '/admin/low-stock',
    {
      onRequest: app.requirePermission('products.read'),
      schema: {
        tags,
        summary: 'Variants on sale with `threshold` units or fewer (default 5), the fewest first',
        security,
        querystring: lowStockQuerySchema,
        response: { 200: lowStockPageSchema, ...errors },
      },
    },
    async (request) => lowStock(db, request.query),
  );

  app.get(
    '/admin/reviews',
    {
      onRequest: app.requirePermission('reviews.moderate'),
      schema: {
        tags: ['admin'],
        summary: 'Every review with the reviewer’s e-mail, newest first',
        security,
        querystring: adminListQuerySchema(6),
        response: { 200: adminReviewPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listAllReviews(db, request.query),
  );

  app.get(
    '/admin/products/:id/tax',
    {
      onRequest: app.requirePermission('products.read'),
      schema: {
        tags,
        summary: "A product's tax type and KRA item classification",
        security,
        params: idParamSchema,
        response: { 200: productTaxViewSchema, ...errors },
      },
    },
    async (request) => productTax(db, request.params.id),
  );

  app.patch(
    '/admin/products/:id/tax',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: "Set a product's tax type (A–E) or KRA item classification (null: its category's)",
        security,
        params: idParamSchema,
        body: productTaxSchema,
        response: { 200: productTaxViewSchema, ...errors },
      },
    },
    async (request) => setProductTax(db, request.params.id, request.body, auditOf(request)),
  );

  app.patch(
    '/admin/categories/:slug/tax',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        summary: "Set a category's KRA item classification, for its products without their own",
        security,
        params: categorySlugParamSchema,
        body: categoryTaxSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await setCategoryClass(
        db,
        request.params.slug,
        request.body.item_class_code,
        auditOf(request),
      );
      return { message: 'Category saved' };
    },
  );
};

export default catalogAdminRoutes;
