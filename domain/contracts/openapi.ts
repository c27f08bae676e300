import type * as t from 'io-ts';
import type { AnyEndpoint } from './endpoint';

/**
 * An OpenAPI 3.1 description of the API, written from the same io-ts contracts both sides
 * decode with, so it cannot drift from what the server accepts. OpenAPI 3.1 schemas are JSON
 * Schema (2020-12), which every io-ts combinator the contracts use maps onto.
 */

export type JsonSchema = { readonly [key: string]: unknown };

interface CodecNode {
  readonly _tag?: string;
  readonly name?: string;
  readonly props?: Readonly<Record<string, t.Mixed>>;
  readonly type?: t.Mixed;
  readonly types?: readonly t.Mixed[];
  readonly value?: unknown;
  readonly keys?: Readonly<Record<string, unknown>>;
  readonly codomain?: t.Mixed;
}

const node = (codec: t.Mixed): CodecNode => codec as unknown as CodecNode;

/** A property that may be absent: its codec accepts undefined. */
const isOptional = (codec: t.Mixed): boolean => codec.is(undefined);

const objectSchema = (props: Readonly<Record<string, t.Mixed>>, requireAll: boolean): JsonSchema => {
  const entries = Object.entries(props);
  const required = requireAll ? entries.filter(([, child]) => !isOptional(child)).map(([key]) => key) : [];
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([key, child]) => [key, toJsonSchema(child)])),
    ...(required.length === 0 ? {} : { required }),
  };
};

/** The JSON Schema of what a codec accepts; a custom codec is described by its name only. */
export const toJsonSchema = (codec: t.Mixed): JsonSchema => {
  const n = node(codec);
  switch (n._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'UndefinedType':
    case 'VoidType':
    case 'UnknownType':
    case 'AnyType':
      return {};
    case 'LiteralType':
      return { const: n.value };
    case 'KeyofType':
      return { type: 'string', enum: Object.keys(n.keys ?? {}) };
    case 'UnionType': {
      const members = (n.types ?? []).filter((member) => !['UndefinedType', 'VoidType'].includes(node(member)._tag ?? ''));
      return members.length === 1 ? toJsonSchema(members[0]!) : { anyOf: members.map(toJsonSchema) };
    }
    case 'IntersectionType':
      return { allOf: (n.types ?? []).map(toJsonSchema) };
    case 'InterfaceType':
    case 'StrictType':
      return objectSchema(n.props ?? {}, true);
    case 'PartialType':
      return objectSchema(n.props ?? {}, false);
    case 'ExactType':
    case 'ReadonlyType':
      return n.type === undefined ? {} : toJsonSchema(n.type);
    case 'RefinementType':
      return n.name === 'Int' ? { type: 'integer' } : n.type === undefined ? {} : { ...toJsonSchema(n.type), description: n.name };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: n.type === undefined ? {} : toJsonSchema(n.type) };
    case 'DictionaryType':
      return { type: 'object', additionalProperties: n.codomain === undefined ? {} : toJsonSchema(n.codomain) };
    case 'TupleType':
      return { type: 'array', prefixItems: (n.types ?? []).map(toJsonSchema), minItems: n.types?.length ?? 0, maxItems: n.types?.length ?? 0 };
    default:
      return { description: codec.name };
  }
};

/** The top-level properties of an object codec (through exact, intersection and partial). */
const propertiesOf = (codec: t.Mixed): { name: string; codec: t.Mixed; required: boolean }[] => {
  const n = node(codec);
  switch (n._tag) {
    case 'InterfaceType':
    case 'StrictType':
      return Object.entries(n.props ?? {}).map(([name, child]) => ({ name, codec: child, required: !isOptional(child) }));
    case 'PartialType':
      return Object.entries(n.props ?? {}).map(([name, child]) => ({ name, codec: child, required: false }));
    case 'ExactType':
    case 'ReadonlyType':
    case 'RefinementType':
      return n.type === undefined ? [] : propertiesOf(n.type);
    case 'IntersectionType':
      return (n.types ?? []).flatMap(propertiesOf);
    default:
      return [];
  }
};

const hasProperties = (codec: t.Mixed): boolean => propertiesOf(codec).length > 0 || !['ExactType', 'InterfaceType', 'StrictType', 'PartialType'].includes(node(codec)._tag ?? '');

/** `/organization/{id}` in the contract is the path `/api/organization/{id}`, which OpenAPI writes the same way. */
export const openApiPath = (contractPath: string): string => `/api/${contractPath.replace(/^\/+/, '')}`;

const operationId = (endpoint: AnyEndpoint): string =>
  `${endpoint.method.toLowerCase()}${endpoint.path
    .replace(/[{}]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

const errorResponse = (description: string): JsonSchema => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } });

const operation = (endpoint: AnyEndpoint): JsonSchema => {
  const pathParameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  const queryParameters = propertiesOf(endpoint.query).map((property) => {
    const schema = toJsonSchema(property.codec);
    // Objects and lists go as filter[key][0]=value (domain/filters/encoding.ts): deepObject style.
    const deep = schema.type === 'object' || schema.type === 'array';
    return { name: property.name, in: 'query', required: property.required, schema, ...(deep ? { style: 'deepObject', explode: true } : {}) };
  });
  const parameters = [...pathParameters, ...queryParameters];
  const sendsBody = endpoint.method !== 'GET' && hasProperties(endpoint.body);
  return {
    operationId: operationId(endpoint),
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(sendsBody ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(endpoint.body) } } } } : {}),
    responses: {
      '200': {
        description: 'The envelope: status 200 with data, or status 204 with a sentence when there is nothing to show',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { status: { type: 'integer' }, data: toJsonSchema(endpoint.data), message: { type: 'string' }, token: { type: 'string' } },
              required: ['status'],
            },
          },
        },
      },
      '401': errorResponse('Not signed in, or the session ended'),
      '403': errorResponse('Not allowed, or the package ended'),
      '422': errorResponse('The given data was invalid (errors by field)'),
      '429': errorResponse('Too many requests: try again after Retry-After'),
    },
  };
};

export interface ApiInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
}

/** The whole document: one operation per endpoint, in path order. */
export const openApiDocument = (endpoints: readonly AnyEndpoint[], info: ApiInfo): JsonSchema => {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of [...endpoints].sort((a, b) => openApiPath(a.path).localeCompare(openApiPath(b.path)))) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          properties: {
            status: { type: 'integer' },
            message: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          },
          required: ['status'],
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The access token answered by POST /api/login' } },
    },
    security: [{}, { bearer: [] }],
  };
};
