import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';
import { loggerOptions } from '../logger';
import { frameworkErrors } from '../plugins/error-handler';

export const BODY_LIMIT = 1024 * 1024;

type ZodCompilers = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** The bare Fastify instance: logger, limits, proxy trust and zod's compilers. */
export function createFastify(
  config: Config,
  logStream: DestinationStream | undefined,
): FastifyInstance {
  const logger = loggerOptions(config);
  const app = Fastify({
    logger: logStream && typeof logger === 'object' ? { ...logger, stream: logStream } : logger,
    bodyLimit: BODY_LIMIT,
    // Behind nginx, request.ip (rate limits, sessions' addresses) is the browser's.
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // Every schema is zod's. Given as factories rather than set afterwards, Fastify does not
    // load its own compilers, Ajv and fast-json-stringify (a sixth of the server's start);
    // its types name those compilers' signatures only.
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as unknown as ZodCompilers['buildValidator'],
        buildSerializer: (() => serializerCompiler) as unknown as ZodCompilers['buildSerializer'],
      },
    },
  });
  // The API speaks JSON (and multipart where a route says so): plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  return app;
}
