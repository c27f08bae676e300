import fc from 'fast-check';
import type * as t from 'io-ts';
import { MAX_BODY_DEPTH } from '../../../server/http/jsonBody';

/**
 * Values for fuzzing request bodies: strings PostgreSQL cannot store (lone surrogates, NUL),
 * ten thousand levels of nesting, megabyte strings, `__proto__` and `constructor` keys, and
 * bodies shaped by a contract's codec so that they decode and reach the handlers.
 */

/** Stands for a part of the body that JSON.stringify cannot write, or that is too big to generate. */
export class Raw {
  constructor(readonly label: string, readonly json: string) {}
}

export const deep = (levels: number) => new Raw(`${levels} levels`, `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
export const deepArray = (levels: number) => new Raw(`${levels} array levels`, `${'['.repeat(levels)}${']'.repeat(levels)}`);
export const RAW_VALUES = [
  deep(10_000),
  deepArray(10_000),
  deep(MAX_BODY_DEPTH + 1),
  new Raw('1 MB string', JSON.stringify('x'.repeat(1_000_000))),
  new Raw('lone high surrogate escape', '"a\\ud800b"'),
  new Raw('lone low surrogate escape', '"\\udc00"'),
  new Raw('NUL escape', '"a\\u0000b"'),
  new Raw('__proto__ key', '{"__proto__":{"isAdmin":true}}'),
  new Raw('constructor.prototype key', '{"constructor":{"prototype":{"isAdmin":true}}}'),
];

export const text = fc.oneof(
  fc.constantFrom('a\ud800b', '\udfff', 'x\ud83d', '\ud83d\ude00', 'a\u0000b', '', ' ', 'Ünïcødé', '=1+1', '<script>'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
/** Values a form would send, so that some bodies decode and reach the handlers' queries with one bad field beside them. */
export const plausible = fc.constantFrom('North', 'Sales team', 'ada@example.org', 'Sturdy-Pass-42', '2026-01-01', 'since', 'AU', 'en', 2, 1, 0, true, false, null, []);
export const scalar = fc.oneof(text, fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, 2 ** 53 + 1, -0));
export const nasty: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: plausible },
    { weight: 3, arbitrary: scalar },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_VALUES) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(text, fc.constantFrom('name', 'level', 'label', 'type', 'value', 'id')), tie('value'), { maxKeys: 3 }) },
  ),
})).value;

/** Writes a body whose Raw parts go in as they are. */
export const toJson = (value: unknown): string => {
  if (value instanceof Raw) return value.json;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, child]) => `${JSON.stringify(key)}:${toJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** The field names a body codec knows, so that generated bodies reach the handlers' fields. */
export const fieldsOf = (codec: t.Mixed): string[] => {
  const node = codec as unknown as { _tag?: string; props?: Record<string, unknown>; type?: t.Mixed; types?: t.Mixed[] };
  switch (node._tag) {
    case 'InterfaceType':
    case 'PartialType':
    case 'StrictType':
      return Object.keys(node.props ?? {});
    case 'ExactType':
    case 'RefinementType':
    case 'ReadonlyType':
      return node.type === undefined ? [] : fieldsOf(node.type);
    case 'IntersectionType':
    case 'UnionType':
      return (node.types ?? []).flatMap(fieldsOf);
    default:
      return [];
  }
};

/** Unstorable strings, and strings a form would send. */
export const UNSTORABLE = ['a\ud800b', '\udc00', 'x\ud83d', 'a\u0000b'];
export const formText = fc.constantFrom('North', 'Sales team', 'ada@example.org', 'Sturdy-Pass-42', '2026-01-01', '2026-01-01..2026-03-31', 'AU', 'en', 'since', 'x');
export const fieldText = fc.oneof({ weight: 3, arbitrary: formText }, { weight: 1, arbitrary: fc.constantFrom(...UNSTORABLE) });

export type Node = { _tag?: string; props?: Record<string, t.Mixed>; type?: t.Mixed; types?: t.Mixed[]; value?: unknown; keys?: Record<string, unknown>; codomain?: t.Mixed };

/**
 * Bodies of the shape a codec accepts (so they decode and reach the handler), with each string
 * drawn from form-like texts and, now and then, one PostgreSQL cannot store.
 */
export const shapedBy = (codec: t.Mixed, depth = 0): fc.Arbitrary<unknown> => {
  const node = codec as unknown as Node;
  const inner = (child: t.Mixed | undefined) => (child === undefined || depth > 6 ? fc.constant(null) : shapedBy(child, depth + 1));
  switch (node._tag) {
    case 'StringType':
      return fieldText;
    case 'NumberType':
      return fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom(1.5, 1e9));
    case 'BooleanType':
      return fc.boolean();
    case 'NullType':
      return fc.constant(null);
    case 'UndefinedType':
    case 'VoidType':
      return fc.constant(undefined);
    case 'LiteralType':
      return fc.constant(node.value);
    case 'KeyofType':
      return fc.constantFrom(...Object.keys(node.keys ?? { x: 1 }));
    case 'UnionType':
      return fc.oneof(...(node.types ?? []).map((member) => inner(member)));
    case 'IntersectionType':
      return fc.tuple(...(node.types ?? []).map((member) => inner(member))).map((parts) => Object.assign({}, ...parts.filter((part) => typeof part === 'object' && part !== null)));
    case 'InterfaceType':
    case 'StrictType':
      return fc.record(Object.fromEntries(Object.entries(node.props ?? {}).map(([key, child]) => [key, inner(child)])));
    case 'PartialType':
      return fc.record(Object.fromEntries(Object.entries(node.props ?? {}).map(([key, child]) => [key, inner(child)])), { requiredKeys: [] });
    case 'ExactType':
    case 'RefinementType':
    case 'ReadonlyType':
      return inner(node.type);
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return fc.array(inner(node.type), { maxLength: 3 });
    case 'DictionaryType':
      return fc.dictionary(fieldText, inner(node.codomain), { maxKeys: 3 });
    default:
      return fc.oneof(fieldText, fc.constant(null));
  }
};

export const hasUnstorable = (value: unknown): boolean =>
  typeof value === 'string'
    ? UNSTORABLE.includes(value)
    : typeof value === 'object' && value !== null && Object.entries(value).some(([key, child]) => UNSTORABLE.includes(key) || hasUnstorable(child));
