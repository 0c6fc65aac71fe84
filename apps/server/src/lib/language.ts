// The language of an API request (issue 37): the web app sends the shop's language (`sw` under
// /sw, else `en`) as Accept-Language with every call; anything else is English.
import type { FastifyRequest } from 'fastify';
import { localeOfAcceptLanguage, type Locale } from '@duka/domain/i18n/locale';

export function languageOf(request: Pick<FastifyRequest, 'headers'>): Locale {
  return localeOfAcceptLanguage(request.headers['accept-language']);
}
