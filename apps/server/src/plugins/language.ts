// The shop's language switch (issue 37): GET /lang/sw?next=/products/42 remembers the choice in a
// cookie and opens the same page in that language. A plain link, so it works before any script
// has run. The choice is only ever the shopper's: nothing is guessed from Accept-Language, and
// only the home page (the address people type) follows the cookie; a shared link opens in the
// language it was shared in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, LOCALE_COOKIE, pathInLocale, type Locale } from '@duka/domain/i18n/locale';

const YEAR_SECONDS = 31_536_000;

/** A page of this shop to go back to: a path, never another site ('//evil', '/\\evil'). */
function localPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || /^\/[/\\]|[\r\n]/.test(next)) return '/';
  return next;
}

const REMEMBERED = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]+)`);

/** The language the cookie remembers, if any. */
export function rememberedLocale(request: FastifyRequest): Locale | null {
  const match = REMEMBERED.exec(request.headers.cookie ?? '');
  return isLocale(match?.[1]) ? match[1] : null;
}

/** The home page for someone who chose Kiswahili: redirects there (and says the answer varies). */
export function homeInRememberedLocale(request: FastifyRequest, reply: FastifyReply): boolean {
  const [pathname, query] = request.url.split('?');
  if (pathname !== '/') return false;
  void reply.header('Vary', 'Cookie');
  const locale = rememberedLocale(request);
  if (!locale || locale === 'en') return false;
  void reply.redirect(pathInLocale('/', locale) + (query ? `?${query}` : ''), 302);
  return true;
}

export function languageSwitch(app: FastifyInstance) {
  app.get<{ Params: { locale: string }; Querystring: { next?: string } }>(
    '/lang/:locale',
    { schema: { hide: true } },
    async (request, reply) => {
      const { locale } = request.params;
      if (!isLocale(locale)) return reply.callNotFound();
      const [path = '/', query] = localPath(request.query.next).split('?');
      void reply.header(
        'Set-Cookie',
        `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`,
      );
      void reply.header('Cache-Control', 'no-store');
      return reply.redirect(pathInLocale(path, locale) + (query ? `?${query}` : ''), 302);
    },
  );
}
