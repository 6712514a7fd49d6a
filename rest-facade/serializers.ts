import fastJson from 'fast-json-stringify';
import type { TSchema } from '@sinclair/typebox';
import type { AnswerMode } from './responses';

type Serialize = (value: unknown) => string;

/** The compiled writers of one route's 200 bodies, by operation: the schema the document shows, compiled once. */
export interface RouteSerializers {
  /** A single body (record, null, confirmation). */
  single(operation: string): Serialize;
  /** A list of nodes as one JSON array (one compiled loop: faster than a writer per node joined). */
  list(operation: string): Serialize;
}

/** The schema as fast-json-stringify reads it: TypeBox's symbols left out. */
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/**
 * fast-json-stringify writers built from the route's answer schemas (rest-facade/responses.ts): faster than
 * JSON.stringify, and a body can only carry what the document says (unknown keys are left out; a missing
 * required field fails loudly instead of answering a body the document does not describe).
 */
export function compileSerializers(modes: AnswerMode[]): RouteSerializers {
  const single = new Map<string, Serialize>();
  const list = new Map<string, Serialize>();
  for (const m of modes) {
    if (m.kind === 'single') single.set(m.operation, fastJson(plain(m.body)) as Serialize);
    else list.set(m.operation, fastJson({ type: 'array', items: plain(m.node) }) as Serialize);
  }
  const get = (map: Map<string, Serialize>, op: string) => {
    const s = map.get(op);
    if (!s) throw new Error(`no serializer for operation ${op}`);
    return s;
  };
  return { single: (op) => get(single, op), list: (op) => get(list, op) };
}
