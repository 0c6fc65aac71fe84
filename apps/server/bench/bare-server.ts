// The floor: a bare node:http server over the same database and driver, doing the least work that
// can answer a page — one query, rows as they come, JSON.stringify, no framework, no count, no
// validation. Duka is measured against it in the same run. It serves a category's page of 8 (the
// floor of every list page) and a product with its images. It has no search: a bare search is
// either a trap (an index walk in id order, endless when words are common alone and rare
// together) or Duka's own plan, so searches are compared with the floor.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** Runs one query: named (prepared once per connection) on PostgreSQL; PGlite has no names. */
export type RunQuery = (
  name: string | undefined,
  text: string,
  values: unknown[],
) => Promise<unknown[]>;

export function pgRunner(pool: pg.Pool): RunQuery {
  return async (name, text, values) => (await pool.query({ name, text, values })).rows;
}

export function pgliteRunner(client: PGlite): RunQuery {
  return async (_name, text, values) => (await client.query(text, values)).rows;
}

const CARD = `p.id, p.title, c.slug as category, p.brand, p.price_cents, p.discount_bp, p.rating,
  p.stock, p.thumbnail, p.created_at`;

const CATEGORY_PAGE = `select ${CARD} from products p join categories c on c.id = p.category_id
  where p.category_id = (select id from categories where slug = $1) order by p.id limit 8`;

const PRODUCT = `select p.*, c.slug as category, c.name as category_name,
  array(select url from product_images i where i.product_id = p.id order by i.position) as images
  from products p join categories c on c.id = p.category_id where p.id = $1`;

export async function startBareServer(
  run: RunQuery,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    const answer = async (): Promise<unknown> => {
      if (url.pathname === '/category') {
        return {
          products: await run('bare_category', CATEGORY_PAGE, [url.searchParams.get('slug')]),
        };
      }
      if (url.pathname === '/product') {
        const [row] = await run('bare_product', PRODUCT, [Number(url.searchParams.get('id'))]);
        return row;
      }
      return undefined;
    };
    answer().then(
      (body) => {
        res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body ?? { error: 'not found' }));
      },
      (err: Error) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: err.message }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
