import type { EntityManager } from '@mikro-orm/postgresql';
import { createLoaders, type Loaders } from './loaders';
import type { Program } from './programs/program.entity';

/**
 * One description per public body. A presenter names, for one resource, the fields the entity carries as they
 * are (`same`), the fields computed from it (`computed`, at once or once loaded) and the related resources
 * (`relations`, each shown through its own presenter). The GraphQL type resolves its fields from it
 * (src/graphql/presenters.ts, which also refuses to start when the type and the presenter differ), and
 * `present` builds the same body for event payloads: a webhook carries what the API returns.
 */

/** What a computed field may need: the program's batched lookups and the program itself. */
export interface PresentDeps {
  loaders: Loaders;
  /** `fn` of the program, at once when it is known (no promise per field), else once read. */
  program<R>(fn: (program: Program) => R): R | Promise<R>;
}

type Value<R> = R | Promise<R>;
type Computed<S> = Record<string, (source: S, deps: PresentDeps) => unknown>;

export interface Relation<S, T> {
  /** The related entity (null when there is none). */
  load(source: S, deps: PresentDeps): Value<T | null>;
  presenter: Presenter<T>;
  /** The related resource's fields the body carries (all of its presenter's when absent). */
  pick?: readonly string[];
  /** Several related entities. */
  many?: false;
}

export interface ManyRelation<S, T> extends Omit<Relation<S, T>, 'load' | 'many'> {
  load(source: S, deps: PresentDeps): Value<T[]>;
  many: true;
}

export interface Presenter<S, Same extends keyof S = keyof S, C extends Computed<S> = Computed<S>> {
  /** The GraphQL object type this presenter describes. */
  typeName: string;
  same: readonly Same[];
  computed: C;
  relations: Record<string, Relation<S, any> | ManyRelation<S, any>>;
  /** Fields of the GraphQL type that are not part of the body (connections, GraphQL-only relations). */
  graphqlOnly?: readonly string[];
  /** A relation shown only when present (the body omits the key when it loads null). */
  omitWhenNull?: readonly string[];
}

/** Declares a presenter with its field types inferred. */
export function definePresenter<S>() {
  return <Same extends keyof S, C extends Computed<S>>(p: Presenter<S, Same, C>): Presenter<S, Same, C> => p;
}

/** Chains `fn` after a value that may be a promise, staying synchronous when it is not. */
export function then<T, R>(value: Value<T>, fn: (v: T) => R): Value<R> {
  return value instanceof Promise ? value.then(fn) : fn(value as T);
}

/** The public body of `source`, as the GraphQL type answers it (JSON turns Dates into the same ISO strings). */
export async function present<S>(presenter: Presenter<S, any, any>, source: S, deps: PresentDeps, pick?: readonly string[]): Promise<Record<string, unknown>> {
  const keep = pick ? new Set(pick) : null;
  const body: Record<string, unknown> = {};
  const pending: Array<Promise<void>> = [];
  const put = (key: string, value: unknown) => {
    body[key] = undefined; // the key's place in the body follows the presenter's order
    if (value instanceof Promise) pending.push(value.then((v) => void (body[key] = v)));
    else body[key] = value;
  };
  for (const key of presenter.same) if (!keep || keep.has(key as string)) put(key as string, source[key as keyof S]);
  for (const [key, fn] of Object.entries(presenter.computed as Computed<S>)) if (!keep || keep.has(key)) put(key, fn(source, deps));
  for (const [key, rel] of Object.entries(presenter.relations)) {
    if (keep && !keep.has(key)) continue;
    put(
      key,
      Promise.resolve(rel.load(source, deps)).then((loaded): unknown =>
        rel.many
          ? Promise.all((loaded as unknown[]).map((t) => present(rel.presenter, t, deps, rel.pick)))
          : loaded == null
            ? null
            : present(rel.presenter, loaded, deps, rel.pick),
      ),
    );
  }
  await Promise.all(pending);
  for (const key of presenter.omitWhenNull ?? []) if (body[key] == null) delete body[key];
  return body;
}

/**
 * What a presenter needs outside GraphQL (an event payload in a service's transaction). The loaders are made
 * when a field first needs one, and may be handed in primed with what the caller holds; the program may be
 * given as its id alone when the body needs nothing of it.
 */
export function depsFor(em: EntityManager, program: Program | string, loaders?: Loaders): PresentDeps {
  let made = loaders;
  return {
    get loaders() {
      return (made ??= createLoaders(em, typeof program === 'string' ? program : program.id));
    },
    program: (fn) => {
      if (typeof program === 'string') throw new Error('This body needs its program: pass the Program to depsFor');
      return fn(program);
    },
  };
}
