import type { EntityClass, RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { execute } from './sql';

/**
 * Lean reads for hot paths. MikroORM's find() builds every query through its criteria tree and knex, then
 * registers each result in the identity map with a change-tracking snapshot: measured on this machine at about
 * 500 µs of CPU per findOne against about 65 µs for the same SQL sent as text. Hot paths therefore
 * send hand-written SQL through db/sql's execute (the request's connection, inside its transaction when there is one)
 * and turn rows into entities here:
 * - `detachedRows` / `toDetached`: plain objects shaped like the entity for read-only use (views, DataLoaders, lists), mapped
 *   from the ORM's own metadata so a column added to an entity is mapped here too.
 */

type Row = Record<string, unknown>;
type Convert = (value: unknown) => unknown;
interface Column {
  prop: string;
  field: string;
  convert?: Convert;
}

const mappers = new WeakMap<object, Column[]>();

function columnsOf(em: EntityManager, entity: EntityClass<object>): Column[] {
  let columns = mappers.get(entity);
  if (columns) return columns;
  const platform = em.getPlatform();
  const meta = em.getMetadata().get(entity.name);
  columns = meta.props
    .filter((p) => p.fieldNames?.length === 1 && p.persist !== false)
    .map((p) => {
      const column: Column = { prop: p.name, field: p.fieldNames[0] };
      if (p.customType) {
        const type = p.customType;
        column.convert = (v) => (v == null ? v : type.convertToJSValue(v, platform));
      } else if (p.runtimeType === 'Date') {
        // PostgreSQL's text form ("2026-11-21 03:49:41.885+00") is what MikroORM's connection returns.
        column.convert = (v) => (v == null || v instanceof Date ? v : new Date(v as string));
      }
      return column;
    });
  mappers.set(entity, columns);
  return columns;
}

/**
 * Read-only entity data from raw rows: plain objects with the entity's property names and JS types. Not instances
 * of the class: MikroORM puts change-tracking setters on entity prototypes, and a plain object is several times
 * cheaper to build and to read. Nothing may pass these to an EntityManager.
 */
export function toDetached<T extends object>(em: EntityManager, entity: EntityClass<T>, rows: Row[], prefix = ''): T[] {
  if (!rows.length) return [];
  const columns = columnsOf(em, entity);
  // Rows of one statement have the same columns: with all of the entity's, one compiled mapper builds each
  // object in one go (one shape, no per-column key building); otherwise only the columns present are mapped.
  const complete = columns.every((c) => prefix + c.field in rows[0]);
  const map = complete ? compiledMapper(entity, columns, prefix) : (row: Row) => partialObject(columns, row, prefix);
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = map(rows[i]) as T;
  return out;
}

function partialObject(columns: Column[], row: Row, prefix: string): Row {
  const o: Row = {};
  for (const c of columns) {
    const v = row[prefix + c.field];
    if (v !== undefined) o[c.prop] = c.convert ? c.convert(v) : v;
  }
  return o;
}

const compiledMappers = new WeakMap<object, Map<string, (row: Row) => Row>>();

/** `row => ({ prop: row["prefix_field"], … })`, generated once per entity and prefix from the ORM's metadata. */
function compiledMapper(entity: object, columns: Column[], prefix: string): (row: Row) => Row {
  let byPrefix = compiledMappers.get(entity);
  if (!byPrefix) compiledMappers.set(entity, (byPrefix = new Map()));
  let map = byPrefix.get(prefix);
  if (map) return map;
  const converts = columns.map((c) => c.convert);
  const fields = columns.map((c, i) => {
    const read = `r[${JSON.stringify(prefix + c.field)}]`;
    return `${JSON.stringify(c.prop)}: ${c.convert ? `c[${i}](${read})` : read}`;
  });
  // Property names and column names come from the entity metadata (code), never from data.
  const make = new Function('c', 'r', `return { ${fields.join(', ')} };`) as (c: Array<Convert | undefined>, r: Row) => Row;
  map = (row: Row) => make(converts, row);
  byPrefix.set(prefix, map);
  return map;
}

/**
 * The select list for a joined entity, each column renamed `<prefix><column>` (read back with
 * `toDetached(em, Entity, rows, prefix)`): one statement for a list and the records it shows beside each row.
 */
export function joinedColumns(em: EntityManager, entity: EntityClass<object>, alias: string, prefix: string): string {
  const key = `${entity.name} ${alias} ${prefix}`;
  let list = selectLists.get(key);
  if (list === undefined)
    selectLists.set(
      key,
      (list = columnsOf(em, entity)
        .map((c) => `${alias}.${c.field} as ${prefix}${c.field}`)
        .join(', ')),
    );
  return list;
}

/** Built once per entity, alias and prefix: they are fixed in the code that asks. */
const selectLists = new Map<string, string>();

/** Hand-written SQL (`?` placeholders) to read-only entity data. */
export async function detachedRows<T extends object>(em: EntityManager, entity: EntityClass<T>, sql: string, params: unknown[]): Promise<T[]> {
  return toDetached(em, entity, await execute<Row[]>(em, sql, params));
}

/** Inserts one new entity with one statement (nothing else of the unit of work is flushed) and returns it. */
export async function insertEntity<T extends object>(em: EntityManager, entity: EntityClass<T>, data: RequiredEntityData<T>): Promise<T> {
  const row = em.create(entity, data);
  await em.insert(row);
  return row;
}
