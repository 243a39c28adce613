import { DEF_PREFIX, type JsonSchema } from './docs-schema.ts';

/**
 * JSON Schema in words: a type as a table cell reads it (`int ≥ 0`, `[Seed](#seed) or null`),
 * and a schema as a table of field, type and meaning. Named shapes are links, never inlined.
 */

/** A markdown link to the section of a named shape. */
export type Linker = (name: string) => string;

const SAFE = Number.MAX_SAFE_INTEGER;
const NUMBER = new Intl.NumberFormat('en-US');

/** A table cell holds one line, and `|` would end it. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

export function refName(node: JsonSchema): string | undefined {
  return node.$ref?.startsWith(DEF_PREFIX) ? node.$ref.slice(DEF_PREFIX.length) : undefined;
}

/** The pattern of a base64url string (the WebAuthn fields), said in one word. */
const BASE64URL = '^[A-Za-z0-9_-]*$';

const literal = (value: unknown) => `\`${JSON.stringify(value)}\``;

/** `"a"`, `"b"` or `"c"`; with `null` last when the field may be null. */
function choices(values: readonly unknown[], nullable = false): string {
  const shown = [...values.map(literal), ...(nullable ? ['null'] : [])];
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
}

function bounds(min: number | undefined, max: number | undefined, unit = ''): string {
  const lo = min === undefined || min <= -SAFE ? undefined : NUMBER.format(min);
  const hi = max === undefined || max >= SAFE ? undefined : NUMBER.format(max);
  if (lo !== undefined && hi !== undefined) return lo === hi ? ` of exactly ${lo}${unit}` : ` ${lo}–${hi}${unit}`;
  if (lo !== undefined) return lo === '0' && unit === '' ? ' ≥ 0' : ` ≥ ${lo}${unit}`;
  if (hi !== undefined) return ` ≤ ${hi}${unit}`;
  return '';
}

function variantsOf(node: JsonSchema): JsonSchema[] | undefined {
  return node.oneOf ?? node.anyOf;
}

const isNull = (node: JsonSchema) => node.type === 'null';

/** Whether a field of this type gets rows of its own below it: an object without a name of its own. */
function inlineObject(node: JsonSchema): JsonSchema | undefined {
  if (node.type === 'object' && node.properties) return node;
  if (node.type === 'array' && node.items) return inlineObject(node.items);
  const variants = variantsOf(node);
  if (variants?.length === 2 && variants.some(isNull)) return inlineObject(variants.find((v) => !isNull(v))!);
  return undefined;
}

export function typeText(node: JsonSchema, link: Linker): string {
  const text = baseType(node, link);
  return node.default === undefined ? text : `${text}, default ${literal(node.default)}`;
}

function baseType(node: JsonSchema, link: Linker): string {
  const name = refName(node);
  if (name !== undefined) return link(name);
  if (node.const !== undefined) return literal(node.const);
  if (node.enum) return choices(node.enum);
  if (Array.isArray(node.type)) {
    return node.type.map((type) => (type === 'null' ? 'null' : baseType({ ...node, type }, link))).join(' or ');
  }
  const variants = variantsOf(node);
  if (variants) {
    const others = variants.filter((v) => !isNull(v));
    const nullable = others.length < variants.length;
    const consts = others.every((v) => v.const !== undefined) ? others.map((v) => v.const) : undefined;
    const values = consts ?? (others.length === 1 ? others[0]!.enum : undefined);
    if (values) return choices(values, nullable);
    return [...others.map((v) => typeText(v, link)), ...(nullable ? ['null'] : [])].join(' or ');
  }
  switch (node.type) {
    case 'string':
      if (node.format === 'date') return 'date `YYYY-MM-DD`';
      if (node.pattern === BASE64URL) return 'base64url string';
      if (node.pattern) return `string matching \`${node.pattern}\``;
      return `string${bounds(node.minLength, node.maxLength, ' characters')}`;
    case 'integer':
      return `int${bounds(node.minimum, node.maximum)}`;
    case 'number':
      return `number${bounds(node.minimum, node.maximum)}`;
    case 'boolean':
      return 'boolean';
    case 'array': {
      const items = !node.items ? 'anything' : inlineObject(node.items) ? 'objects' : typeText(node.items, link);
      const count = bounds(node.minItems, node.maxItems);
      return `list of ${items}${count && `, length${count}`}`;
    }
    case 'object':
      if (!node.properties || Object.keys(node.properties).length === 0) return 'object, any keys';
      return node.additionalProperties === false ? 'object' : 'object, more keys allowed';
    default:
      return 'any JSON';
  }
}

type Row = readonly [field: string, type: string, meaning: string];

function fieldRows(node: JsonSchema, prefix: string, link: Linker): Row[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([field, child]): Row[] => {
    const optional = !required.has(field) && child.default === undefined;
    const type = typeText(child, link) + (optional ? ', optional' : '');
    const row: Row = [`\`${prefix}${field}\``, type, child.description ?? ''];
    const nested = inlineObject(child);
    if (!nested) return [row];
    const list = child.type === 'array' || variantsOf(child)?.some((v) => v.type === 'array');
    return [row, ...fieldRows(nested, `${prefix}${field}${list ? '[]' : ''}.`, link)];
  });
}

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (row: readonly string[]) => `| ${row.map(cell).join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** The field every object of a union carries as a constant: `kind` of a move, `type` of an event. */
function discriminator(variants: readonly JsonSchema[]): string | undefined {
  const objects = variants.filter((v) => v.properties);
  const first = objects[0]?.properties ?? {};
  return Object.keys(first).find((field) =>
    objects.every((v) => {
      const property = v.properties?.[field];
      return property !== undefined && (property.const !== undefined || property.enum !== undefined);
    }),
  );
}

function unionTable(variants: readonly JsonSchema[], link: Linker): string {
  const tag = discriminator(variants) ?? 'variant';
  const rows = variants.map((variant) => {
    const name = refName(variant);
    if (name !== undefined) return [`any ${link(name)}`, 'as that shape says'];
    const tagNode = variant.properties?.[tag];
    const fields = fieldRows(variant, '', link)
      .filter(([field]) => field !== `\`${tag}\``)
      .map(([field, type, meaning]) => `${field} ${type}${meaning ? ` (${meaning})` : ''}`);
    return [tagNode ? typeText(tagNode, link) : typeText(variant, link), fields.join('; ') || '—'];
  });
  return table([`\`${tag}\``, 'other fields'], rows);
}

type ValueMeaning = (value: string) => string | undefined;

/** The words for a shape that needs no table of its own (`Seed`, `VariantId`); undefined for one that does. */
export function simpleType(node: JsonSchema, link: Linker, valueMeaning?: ValueMeaning): string | undefined {
  if (node.properties && Object.keys(node.properties).length > 0) return undefined;
  const variants = variantsOf(node)?.filter((v) => !isNull(v));
  if (variants && variants.length > 1 && variants.some((v) => v.properties)) return undefined;
  if (node.enum && valueMeaning && node.enum.some((v) => valueMeaning(String(v)))) return undefined;
  return typeText(node, link);
}

/**
 * The body of a schema's section: a table of its fields, of its variants for a union, of its
 * values for an enum whose values are explained, or a line saying what it is.
 */
export function schemaBody(node: JsonSchema, link: Linker, valueMeaning?: ValueMeaning): string {
  const simple = simpleType(node, link, valueMeaning);
  if (simple !== undefined) return `${simple[0]!.toUpperCase()}${simple.slice(1)}.`;
  if (node.properties) {
    const open = node.additionalProperties === false ? '' : '\n\nMore keys than these are allowed and passed on.';
    return `${table(['field', 'type', 'meaning'], fieldRows(node, '', link))}${open}`;
  }
  if (node.enum) {
    const rows = node.enum.map((value) => [literal(value), valueMeaning?.(String(value)) ?? '']);
    return table(['value', 'meaning'], rows);
  }
  const variants = variantsOf(node)!.filter((v) => !isNull(v));
  return unionTable(variants, link);
}
