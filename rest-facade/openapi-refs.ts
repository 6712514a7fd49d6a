import { graphqlTypeOf } from './response-schema';

type JsonSchema = Record<string, any>;

/** Where a body schema sits in the document (a media type object): its `schema` is replaced. */
export interface SchemaHolder {
  schema: unknown;
}

interface Variant {
  type: string;
  schema: JsonSchema;
  size: number;
  order: number;
  name?: string;
}

const ANNOTATIONS = ['description', 'deprecated'];

/**
 * Names the resources of the 200 bodies: every object schema that shows a GraphQL object type becomes a
 * component named after that type (`Affiliate`, `Sale`…), referenced where it appears, so generated clients
 * get one type per resource. Where the REST bodies show a type with different fields (an affiliate as a
 * promotional code's owner), the largest variant takes the type's name and the others `<Type>Summary`,
 * `<Type>Summary2`… Field descriptions stay where the field is; the component carries the type's.
 * Returns the components; the holders' schemas are replaced by plain JSON Schema with `$ref`s.
 */
export function componentize(holders: SchemaHolder[], describeType: (type: string) => string | undefined): Record<string, JsonSchema> {
  const variants = new Map<string, Variant>();
  const placeholders: Array<{ at: JsonSchema; key: string }> = [];

  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    const type = graphqlTypeOf.get(node);
    if (!type || !out.properties) return out;
    // The object itself (without the annotations of the field that holds it, nor its nullability) is the component.
    const schema: JsonSchema = { ...out, type: 'object' };
    for (const a of ANNOTATIONS) delete schema[a];
    const key = `${type}\n${JSON.stringify(schema)}`;
    if (!variants.has(key)) variants.set(key, { type, schema, size: Object.keys(schema.properties).length, order: variants.size });
    const use: JsonSchema = {};
    for (const a of ANNOTATIONS) if (out[a] !== undefined) use[a] = out[a];
    if (Array.isArray(out.type) && out.type.includes('null')) {
      const ref: JsonSchema = { $ref: '' };
      placeholders.push({ at: ref, key });
      use.anyOf = [ref, { type: 'null' }];
    } else {
      use.$ref = '';
      placeholders.push({ at: use, key });
    }
    return use;
  };
  for (const h of holders) h.schema = walk(h.schema);

  const byType = new Map<string, Variant[]>();
  for (const v of variants.values()) byType.set(v.type, [...(byType.get(v.type) ?? []), v]);
  const components: Record<string, JsonSchema> = {};
  for (const [type, list] of byType) {
    list.sort((a, b) => b.size - a.size || a.order - b.order);
    list.forEach((v, i) => {
      v.name = i === 0 ? type : `${type}Summary${i === 1 ? '' : i}`;
      const description = describeType(type);
      components[v.name] = description ? { description, ...v.schema } : v.schema;
    });
  }
  for (const p of placeholders) {
    // Components hold the same reference objects, so their inner references are named here too.
    p.at.$ref = `#/components/schemas/${variants.get(p.key)!.name}`;
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}
