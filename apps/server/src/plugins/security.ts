// Security headers. The Content-Security-Policy allows only our own scripts, styles and images:
// the web app is built to need nothing inline and nothing from another origin (a rendered page's
// inline stylesheet and head script are allowed by their hashes: plugins/web.ts).
import fp from 'fastify-plugin';
import helmet from 'helmet';

export default fp(
  async (app) => {
    // Helmet's middleware is built once: @fastify/helmet built it anew for every request, about
    // a twentieth of the server's time on a catalogue page (docs/benchmarks.md, issue 38).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The shop is served over plain HTTP on a laptop: HSTS is sent only for HTTPS (below).
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    // Behind our own TLS-terminating proxy (TRUST_PROXY), a request that came over https is told
    // to keep to https.
    if (app.config.TRUST_PROXY) {
      app.addHook('onSend', async (request, reply) => {
        if (request.protocol === 'https') {
          reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
        }
      });
    }
  },
  { name: 'security' },
);
