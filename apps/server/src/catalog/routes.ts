import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  optionFacetSchema,
  optionFacetsQuerySchema,
  apiErrorSchema,
  brandFacetSchema,
  brandsQuerySchema,
  categoryFacetSchema,
  categorySlugSchema,
  homeSchema,
  idParamSchema,
  pagingQuery,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  productSearchQuerySchema,
  relatedQuerySchema,
  reviewPageSchema,
} from '@duka/domain';
import { httpCaching } from './http-cache.ts';
import { compiledSerializer } from './serializer.ts';
import { SearchCache } from './query/result-cache.ts';
import { FlashSales } from './flash-sales.ts';
import * as catalog from './service.ts';
import { optionFacets } from './counts.ts';

const tags = ['catalogue'];
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const searchCache = new SearchCache(app.config.SEARCH_CACHE_SECONDS * 1000);
  // Cards and pages show the flash sales on now, read once per interval (flash-sales.ts).
  const sales = new FlashSales(db, app.config.FLASH_SALES_REFRESH_SECONDS * 1000);
  app.setSerializerCompiler(compiledSerializer);
  // Public answers: Cache-Control and an ETag, 304 for a matching If-None-Match.
  app.addHook('onSend', httpCaching);

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Search, filter, sort and page the catalogue',
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => catalog.searchProducts(db, request.query, searchCache, sales),
  );

  app.get(
    '/products/categories',
    {
      schema: {
        tags,
        summary: 'Every category with its number of products',
        response: { 200: z.array(categoryFacetSchema) },
      },
    },
    async () => catalog.categoryList(db),
  );

  app.get(
    '/products/options',
    {
      schema: {
        tags,
        summary:
          'The option facets (Size, Colour…) of one category, or of the catalogue: each value with how many products have it in stock',
        querystring: optionFacetsQuerySchema,
        response: { 200: z.array(optionFacetSchema), ...errors },
      },
    },
    async (request) => optionFacets(db, request.query.category),
  );

  app.get(
    '/products/brands',
    {
      schema: {
        tags,
        summary: 'Every brand (of one category, if given) with its number of products',
        querystring: brandsQuerySchema,
        response: { 200: z.array(brandFacetSchema), ...errors },
      },
    },
    async (request) => catalog.brandList(db, request.query.category),
  );

  app.get(
    '/products/home',
    {
      schema: {
        tags,
        summary: 'What the home page shows: category tiles, Weekly Offers and Top Picks',
        response: { 200: homeSchema },
      },
    },
    async () => catalog.home(db, sales),
  );

  app.get(
    '/products/top-picks',
    {
      schema: {
        tags,
        summary: 'Products rated above 4.8',
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => catalog.topPicks(db, request.query, sales),
  );

  app.get(
    '/products/weekly-offers',
    {
      schema: {
        tags,
        summary: 'What is on sale now, then the first product of each category',
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) => catalog.weeklyOffers(db, request.query, sales),
  );

  app.get(
    '/products/category/:category',
    {
      schema: {
        tags,
        summary: 'Products of one category (used for "You May Also Like This")',
        params: z.object({ category: categorySlugSchema }),
        querystring: relatedQuerySchema,
        response: { 200: productPageSchema, ...errors },
      },
    },
    async (request) =>
      catalog.productsOfCategory(db, request.params.category, request.query, sales),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'One product with every detail',
        params: idParamSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => catalog.getProduct(db, request.params.id, sales),
  );

  app.get(
    '/reviews/:id',
    {
      schema: {
        tags,
        summary: "A product's reviews, newest first",
        params: idParamSchema,
        querystring: z.object(pagingQuery(50)).strict(),
        response: { 200: reviewPageSchema, ...errors },
      },
    },
    async (request) => catalog.reviewsOf(db, request.params.id, request.query),
  );
};

export default catalogRoutes;
