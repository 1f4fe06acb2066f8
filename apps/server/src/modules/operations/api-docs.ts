import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ERROR_CODES,
  HEADER_API_KEY,
  HEADER_DEVICE_ID,
  HEADER_DEVICE_SECRET,
  HEADER_SESSION,
  type ApiContract,
  type ErrorCode,
} from '@truck-queue/shared/contracts/api';
import { reportContracts } from '@truck-queue/shared/contracts/report.contract';
import { ROLE_PERMISSIONS, type Permission } from '@truck-queue/shared/roles';
import { AppError } from '../../lib/app-error.ts';
import { SERVER_DIR } from '../../paths.ts';
import { contractsByPath } from './api-contracts.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The parts of an OpenAPI document this module writes (it is plain JSON). */
type Security = Record<string, string[]>[];
interface Response {
  description: string;
  content?: Record<string, { schema: object }>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Security;
  responses?: Record<string, Response>;
  'x-access'?: string;
}
interface Document {
  paths?: Record<string, Record<string, Operation | undefined> | undefined>;
  components?: { schemas?: Record<string, object>; securitySchemes?: Record<string, object> };
}

const VERSION = (
  JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }
).version;

/** The download of an export is the one GET of the API; everything else under /api/ is a contract. */
const DESCRIBED_GETS = new Set(['/api/report/download/:token']);

const httpStatus = (code: ErrorCode) => new AppError(code, '').httpStatus;

const ERROR_MEANING: Record<ErrorCode, string> = {
  VALIDATION_FAILED: "the body does not match the call's schema (`issues` says where), or unreadable JSON",
  BAD_API_KEY: `\`${HEADER_API_KEY}\` is missing or is not this server's API key`,
  UNAUTHENTICATED: 'the session is missing, expired or ended',
  INVALID_CREDENTIALS: 'wrong e-mail or password (sign-in)',
  TOO_MANY_ATTEMPTS:
    'sign-in (or checking the current password) throttled: too many failures for this account or address',
  FORBIDDEN: "the officer's roles do not grant the call's permission",
  DEVICE_NOT_REGISTERED: 'device credentials that match no registered display or kiosk',
  NOT_FOUND: 'the thing the call names does not exist (or is in another branch)',
  CONFLICT: 'the call does not fit the current state; `reason` says why',
  PAYLOAD_TOO_LARGE: 'the body is over 1 MiB (8 KiB on the calls made without a session)',
  BODY_TOO_DEEP: 'the JSON body nests arrays or objects more than 32 deep (refused before it is parsed)',
  RATE_LIMITED: 'too many calls or events from this address, socket or session; wait `Retry-After` seconds',
  EXPORT_BUSY: 'an export is already being made for this session, or the server is making as many as it may',
  INTERNAL: 'a failure on the server; nothing was changed',
  DATABASE_UNAVAILABLE:
    'the database did not answer in time or refused the connection; retry after `Retry-After` seconds',
  PASSWORD_IS_EMAIL: "a new password that is the officer's e-mail or the part before its @",
  PASSWORD_TOO_COMMON:
    'a new password on the list of the commonest passwords (the web also wants at least 8 characters)',
  PRINTER_HOST_REQUIRED: "a kiosk set to print on a network printer without the printer's address",
  PRINTER_ADDRESS_NOT_LOCAL:
    "a network printer's address outside the plant's own network (private, loopback or link-local)",
};

const DESCRIPTION = `Every call is \`POST /api/<path>\` with a JSON body and answers JSON.

**Headers.** Every call carries the server's API key in \`${HEADER_API_KEY}\` (the web app reads it
from its page; it identifies the client, not a person). Calls for signed-in officers add the
session token from \`authen/signin\` in \`${HEADER_SESSION}\`. Registered displays and kiosks send
\`${HEADER_DEVICE_ID}\` and \`${HEADER_DEVICE_SECRET}\` instead of a session on the calls they may make.
In this page: *Authorize*, then *Try it out*.

**Success** is \`{"status": 1, ...}\` with HTTP 200. **A refusal** is \`{"status": 0, "code", "message"}\`
(schema \`ApiError\`) with a stable \`code\`; \`message\` is English, clients translate the code.
A refused call changes nothing.

| code | HTTP | when |
| --- | --- | --- |
${ERROR_CODES.map((code) => `| \`${code}\` | ${httpStatus(code)} | ${ERROR_MEANING[code]} |`).join('\n')}

Live changes come over Socket.IO on the same port (namespaces \`/\` staff, \`/public\` drivers,
\`/device\` screens), described in \`packages/shared/src/contracts/socket-events.ts\`.`;

const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: HEADER_API_KEY,
    description: "The server's API key (API_KEY), on every call but the integrations'.",
  },
  integrationKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An integration key an admin made (`tqk_…`), on the `integration/…` calls only.',
  },
  session: {
    type: 'apiKey',
    in: 'header',
    name: HEADER_SESSION,
    description: 'The session token that authen/signin answers.',
  },
  deviceId: {
    type: 'apiKey',
    in: 'header',
    name: HEADER_DEVICE_ID,
    description: "A registered display's or kiosk's short Device ID.",
  },
  deviceSecret: {
    type: 'apiKey',
    in: 'header',
    name: HEADER_DEVICE_SECRET,
    description: 'The secret only that device knows.',
  },
};

function rolesGranting(permission: Permission): string[] {
  return Object.entries(ROLE_PERMISSIONS)
    .filter(([, granted]) => (granted as readonly string[]).includes(permission))
    .map(([role]) => role);
}

/** Who may make a call, as OpenAPI security alternatives and a sentence. */
function accessOf(contract: ApiContract): { security: Security; text: string } {
  const device = { apiKey: [], deviceId: [], deviceSecret: [] };
  const officer = { apiKey: [], session: [] };
  const deviceText = contract.device ? ` or a registered ${contract.device} with its device headers` : '';
  if (contract.access === 'public') {
    return {
      security: [{ apiKey: [] }, officer],
      text: 'Public: the API key only (a session, when sent, is read).',
    };
  }
  if (contract.access === 'device') {
    return { security: [device], text: `Only a registered ${contract.device ?? 'device'}.` };
  }
  if (contract.access === 'integration') {
    return {
      security: [{ integrationKey: [] }],
      text:
        `Only an integration key whose scopes hold \`${contract.scope}\` (never an officer's session), ` +
        'within its rate. Others get UNAUTHENTICATED (401), FORBIDDEN (403) or RATE_LIMITED (429).',
    };
  }
  const security = contract.device ? [officer, device] : [officer];
  if (contract.access === 'session') return { security, text: `Any signed-in officer${deviceText}.` };
  return {
    security,
    text:
      `Officers whose roles grant \`${contract.access}\` (roles ${rolesGranting(contract.access).join(', ')})` +
      `${deviceText}. Others get FORBIDDEN (403).`,
  };
}

const errorResponse = (description: string): Response => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** Adds to each contract's operation what the route schema cannot say: who may call it, and its refusals. */
function describeContracts(document: Document): Document {
  const contracts = contractsByPath();
  for (const [url, item] of Object.entries(document.paths ?? {})) {
    const contract = contracts.get(url.replace(/^\/api\//, ''));
    const operation = item?.post;
    if (!contract || !operation) continue;
    const access = accessOf(contract);
    operation.operationId = contract.path.replaceAll(/[^A-Za-z0-9]+/g, '_');
    operation.tags = [contract.path.split('/')[0]!];
    operation.description = access.text;
    operation.security = access.security;
    operation['x-access'] = contract.access;
    operation.responses = {
      '200': { ...operation.responses?.['200'], description: 'Done: `status` is 1.' },
      '400': errorResponse('VALIDATION_FAILED: the body does not match the schema.'),
      '401': errorResponse('BAD_API_KEY, UNAUTHENTICATED, INVALID_CREDENTIALS or DEVICE_NOT_REGISTERED.'),
      ...(contract.access === 'public' || contract.access === 'session' || contract.access === 'device'
        ? {}
        : { '403': errorResponse('FORBIDDEN: the roles do not grant this call.') }),
      '4XX': errorResponse('NOT_FOUND, CONFLICT (with `reason`), PAYLOAD_TOO_LARGE, TOO_MANY_ATTEMPTS.'),
      '500': errorResponse('INTERNAL: a failure on the server; nothing was changed.'),
    };
  }
  const download = document.paths?.['/api/report/download/{token}']?.get;
  if (download) {
    download.tags = ['report'];
    download.summary = 'Download a report export';
    download.description = `The Excel file that \`${reportContracts.inOutTransactionExport.path}\` or \`${reportContracts.summaryReportExport.path}\` prepared, for the same session, while it lasts.`;
    download.security = [{ apiKey: [], session: [] }];
    download.responses = {
      '200': {
        description: 'The workbook.',
        content: {
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
            schema: {
              type: 'string',
              contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            },
          },
        },
      },
      '401': errorResponse('BAD_API_KEY or UNAUTHENTICATED.'),
      '404': errorResponse('NOT_FOUND: expired, or asked for by another session.'),
    };
  }
  document.components = {
    ...document.components,
    securitySchemes: SECURITY_SCHEMES,
    schemas: {
      ...document.components?.schemas,
      ApiError: z.toJSONSchema(ApiErrorSchema, { target: 'draft-2020-12' }),
    },
  };
  return document;
}

/**
 * The OpenAPI 3.1 document at `GET /api/openapi.json`, generated from the routes the contracts
 * registered (their zod schemas, through fastify-type-provider-zod), and Swagger UI at
 * `/api/docs`, served from the installed package (no CDN; its script is a file, so a CSP with
 * script-src 'self' holds). Must be registered before the routes: @fastify/swagger collects
 * them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Truck queue back office API', version: VERSION, description: DESCRIPTION },
    },
    // Only the API: the web app's pages and files, /healthz and /metrics are described in the README.
    transform: (document) => {
      const apiRoute =
        document.url.startsWith('/api/') &&
        (document.route.method === 'POST' || DESCRIBED_GETS.has(document.url));
      if (!apiRoute) return { schema: { hide: true }, url: document.url };
      return jsonSchemaTransform(document);
    },
    transformObject: (document) =>
      describeContracts(('openapiObject' in document ? document.openapiObject : {}) as Document) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
    // Swagger UI would otherwise ask validator.swagger.io about the document (false: no validator).
    validatorUrl: false,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
