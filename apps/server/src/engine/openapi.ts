import { audienceTitles } from '@app/contract/audiences';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiDocsPolicy } from '../services/security-headers';
import type { RegisteredCall } from './register-call';

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  properties: {
    code: { type: 'integer' },
    success: { type: 'boolean' },
    message: { type: 'string' },
    data,
  },
  required: ['code', 'success', 'message', 'data'],
});

/** A schema's JSON Schema: what a call takes (`input`) or answers (`output`). */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'input') => {
  try {
    const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    return json;
  } catch {
    return { type: 'object' };
  }
};

const whoText = (call: RegisteredCall) => {
  const { who } = call;
  if (who.includes('public')) return 'No sign-in needed: any visitor.';
  if (who.includes('code-holder')) {
    return `For the holder of a checked one-time code for one ${call.holds} (its check-otp call's token as \`Authorization: Bearer <token>\`): that record only, for a short time.`;
  }
  return who.includes('signed-in') ? 'Any signed-in user.' : `For: ${who.join(', ')}.`;
};

/**
 * What a call answers: one schema, or, for a resource that declares its audiences, one per audience
 * that can make the call (`oneOf`, each titled and described by its audience).
 */
const answerSchema = (call: RegisteredCall) => {
  const outputs = Object.entries(call.outputs ?? {}) as [keyof typeof audienceTitles, z.ZodType][];
  if (outputs.length <= 1 && !outputs.some(([audience]) => audience !== 'staff')) return jsonSchemaOf(call.output, 'output');
  return {
    oneOf: outputs.map(([audience, schema]) => ({
      title: audience,
      description: `Answered to: ${audienceTitles[audience]}.`,
      ...jsonSchemaOf(schema, 'output'),
    })),
  };
};

/** OpenAPI 3.1 built from the same zod schemas the calls validate with. */
export const openApiDocument = (calls: RegisteredCall[]) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of calls) {
    const path = `/api${call.path}`;
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      tags: [call.tag],
      operationId: call.name,
      summary: call.summary ?? call.name,
      description: whoText(call),
      ...(call.who.includes('public') ? { security: [] } : call.who.includes('code-holder') ? { security: [{ codeHolder: [] }] } : {}),
      responses: {
        200: { description: 'Success', content: { 'application/json': { schema: envelope(answerSchema(call)) } } },
        400: { description: 'Invalid input: `message` is the first failing rule, `data.errors` all of them' },
        401: { description: 'Not signed in' },
        403: { description: 'Not allowed for this user' },
        404: { description: 'No such record (or another organisation’s)' },
      },
    };
    if (call.inputFrom === 'multipart') {
      operation.requestBody = {
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
          },
        },
      };
    } else if (call.input && call.inputFrom === 'body') {
      operation.requestBody = { content: { 'application/json': { schema: jsonSchemaOf(call.input) } } };
    } else if (call.input && call.inputFrom === 'query') {
      const json = jsonSchemaOf(call.input) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(json.properties ?? {})) {
        if (parameters.some((p) => p.name === name)) continue;
        parameters.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema: schema as never });
      }
    }
    if (parameters.length > 0) operation.parameters = parameters;
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Recruitment platform API',
      version: '1.0.0',
      description:
        'Job board, CRM and client portal. Every answer is an envelope `{ code, success, message, data }`. Sign in with `POST /api/auth/login` and send the token as `Authorization: Bearer <token>`.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        codeHolder: { type: 'http', scheme: 'bearer', description: 'The token a check-otp call answers: one record, for a short time' },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
};

export const registerOpenApi = async (app: FastifyInstance) => {
  const document = openApiDocument(app.calls);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: apiDocsPolicy });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document);
};
