// Where outside services post (the providers' callbacks): any body is taken as text, so that a
// malformed one is recorded for the admin and answered without a 5xx. For a plugin's own scope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export function takeBodiesAsText(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  return app.withTypeProvider<ZodTypeProvider>();
}
