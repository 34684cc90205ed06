import { z } from 'zod';
import { isBinary, noData, type Auth, type EndpointDef } from '#api/endpoint.ts';
import { allEndpoints } from '#api/endpoints/index.ts';

const envelope = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
    message: { type: 'string' },
    data: {},
    description: { type: 'object', properties: { code: {}, message: { type: 'string' } } },
  },
};

/** A zod schema as JSON Schema: the JSON it accepts (its input side), without the dialect line. */
function jsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** The envelope of a success answer, its `data` as declared; an answer without data has none. */
function successEnvelope(endpoint: EndpointDef, response: z.ZodType) {
  const codes = [endpoint.success, ...(endpoint.codes ?? [])];
  const { data: _data, ...properties } = envelope.properties;
  return {
    ...envelope,
    properties: {
      ...properties,
      code: { enum: codes },
      ...(response === noData ? {} : { data: jsonSchema(response) }),
    },
  };
}

const security = (auth: Auth) =>
  auth === 'member' || auth === 'staff'
    ? [{ bearer: [] }]
    : auth === 'optional'
      ? [{}, { bearer: [] }]
      : auth === 'none'
        ? []
        : [{ [auth]: [] }];

/** One operation of the document, generated from its declaration. */
function operationOf(endpoint: EndpointDef) {
  const requestBody = endpoint.body
    ? { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body) } } }
    : endpoint.multipart
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: Object.fromEntries([
                  ...(endpoint.multipart.fields ?? []).map((name) => [name, { type: 'string' }]),
                  ...endpoint.multipart.files.map((name) => [name, { type: 'string', format: 'binary' }]),
                ]),
              },
            },
          },
        }
      : undefined;
  const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string', ...(endpoint.params?.[name] ? { pattern: `^${endpoint.params[name]}$` } : {}) },
  }));
  const query = endpoint.query ? (jsonSchema(endpoint.query) as { properties?: object; required?: string[] }) : {};
  const queryParameters = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  const parameters = [...pathParameters, ...queryParameters];
  const { response } = endpoint;
  return {
    summary: endpoint.summary,
    security: security(endpoint.auth),
    ...(parameters.length ? { parameters } : {}),
    requestBody,
    responses: {
      200: isBinary(response)
        ? {
            description: 'the file',
            content: Object.fromEntries(
              response.binary.split(',').map((type) => [type.trim(), { schema: { type: 'string', format: 'binary' } }]),
            ),
          }
        : {
            description: `code ${[endpoint.success, ...(endpoint.codes ?? [])].join(', ')}`,
            content: {
              'application/json': {
                schema: endpoint.bare ? jsonSchema(response) : successEnvelope(endpoint, response),
              },
            },
          },
      default: { description: 'failure with a §8 code', content: { 'application/json': { schema: envelope } } },
    },
  };
}

/** The OpenAPI 3.1 document of every declared operation, with its request and response shapes. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints)
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint);
  return {
    openapi: '3.1.0',
    info: { title: 'Gym member gateway', version: '1' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cassoSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Casso-Signature',
          description: 't=<ms>,v1=<hex HMAC-SHA512(secret, t + "." + body JSON with sorted keys)>',
        },
        sepayApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'Apikey <BANK_WEBHOOK_SECRET>',
        },
      },
    },
    paths,
  };
}
