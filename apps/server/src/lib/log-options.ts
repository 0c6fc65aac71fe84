// What the server's log looks like. JSON lines, one object each, for log collectors; on a person's
// terminal outside production the same records drawn as readable lines (pino-pretty, in this
// thread, so they keep their order with the start message). Requests are logged at debug only
// (RequestsAtDebug): at the default level the log holds what went wrong, not every page view.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { redactUrl } from './redact-url.ts';

export type LogOptions = {
  level: Config['LOG_LEVEL'];
  serializers: { req: (request: FastifyRequest) => Record<string, unknown> };
  stream?: { write(line: string): void };
};

export function logOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: { write(line: string): void },
): LogOptions {
  return {
    level: config.LOG_LEVEL,
    // As Fastify logs a request, with any reset-link token taken out of the URL.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** Readable lines on a terminal; JSON when the output is a file or a pipe, and in production. */
export function wantsPrettyLog(
  config: Pick<Config, 'NODE_ENV'>,
  stdout: { isTTY?: boolean } = process.stdout,
): boolean {
  return config.NODE_ENV !== 'production' && stdout.isTTY === true;
}

/** pino-pretty writing to stdout as each line comes (loaded only when wanted). */
export async function prettyStream(): Promise<{ write(line: string): void }> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}

/** Fastify's line per request (received, completed, not found) at debug; failures as before. */
export class RequestsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}
