/**
 * Write tags, derived where data changes: the Prisma client of a Database is wrapped so that every
 * mutating call (create, createMany, createManyAndReturn, update, updateMany, updateManyAndReturn,
 * upsert, delete, deleteMany on any model, and raw SQL that writes) records the cache tags of what it
 * changed into the Database's process-wide `PendingChanges`. No domain write path can forget: the
 * tags come from the rows themselves (see tags.ts for the vocabulary).
 *
 * - Tags of the OLD state (ids an updateMany/deleteMany matches, the old type or event span, what a
 *   delete cascades to in the database) are read BEFORE the mutation, through the operation's own
 *   client: inside an interactive transaction that is the transaction (a lookup through the global
 *   client would deadlock on SQLite's single connection).
 * - Inside `$transaction(fn)` tags are kept aside and join the pending set only once the transaction
 *   has settled, so a concurrent flush can never publish them before the commit (a read in between
 *   would otherwise cache the old state under a version past the invalidation).
 * - Where a where/data cannot be turned into rows (nested writes, computed updates of tag fields, raw
 *   SQL that writes an unknown set of rows) the change records EVERYTHING: `settings` is carried by
 *   every cached answer (ReadTags.list), so publishing it drops them all.
 * - Reads pay nothing but two property look-ups: only the mutating methods are wrapped.
 */
import { isRecord, isScalarValue, pinnedValues } from '../db/args';
import { Prisma } from '../generated/prisma-sqlite/client';
import { eventSpanTags, isConstant, MODEL_TAGS, rowTags, taggedFields } from './model-tags';
import { ANY, SETTINGS } from './tags';

/** Tags that drop every cached answer (all of them carry `settings`, untracked ones `*`). */
export const EVERYTHING: readonly string[] = [SETTINGS, ANY];

/** Beyond this many distinct pending tags, the set collapses to EVERYTHING (bounded memory, e.g. with the cache off). */
const MAX_PENDING = 10_000;

/**
 * The tags changed by this process and not yet published, plus the ordered flush that publishes
 * them. A flush publishes what is pending when its publish starts (always with `*`, so untracked
 * answers go too) and resolves only when every publish started before it has resolved; flushes
 * that arrive while one publish is in flight share the next one. A failed publish puts its tags
 * back, so a later flush publishes them.
 */
export class PendingChanges {
  private tags = new Set<string>();
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  record(tags: Iterable<string>): void {
    for (const tag of tags) this.tags.add(tag);
    if (this.tags.size > MAX_PENDING) this.tags = new Set(EVERYTHING);
  }

  get size(): number {
    return this.tags.size;
  }

  /** Takes (and empties) the pending set. */
  take(): string[] {
    const out = [...this.tags];
    this.tags = new Set();
    return out;
  }

  /** Publishes everything pending, ordered after every publish already started (see the class comment). */
  flush(publish: (tags: readonly string[]) => Promise<void>): Promise<void> {
    if (!this.inFlight) return this.start(publish);
    this.queued ??= this.inFlight
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.queued = undefined;
        return this.start(publish);
      });
    return this.queued;
  }

  private start(publish: (tags: readonly string[]) => Promise<void>): Promise<void> {
    const taken = this.take();
    const run: Promise<void> = publish([...taken, ANY])
      .catch((error: unknown) => {
        this.record(taken);
        throw error;
      })
      .finally(() => {
        if (this.inFlight === run) this.inFlight = undefined;
      });
    this.inFlight = run;
    return run;
  }
}

type Row = Record<string, unknown>;
type Sink = Set<string>;
type Delegate = Record<string, (args?: unknown) => Promise<unknown>>;
type Client = Record<string | symbol, unknown>;

interface Cascade {
  /** The delegate of the child model and its columns pointing at the deleted rows' `id` (any of them). */
  delegate: string;
  by: readonly string[];
  /** Read the children first (their tags name other records); otherwise only their list tag is added. */
  read: boolean;
}

interface Rule {
  /** Columns the tags derive from. Empty: the tags are constant. */
  fields: readonly string[];
  tags(row: Row, out: Sink): void;
  /** Before an update of these rows (old state read): extra tags that need another lookup. */
  beforeUpdate?(client: Client, rows: Row[], data: Row, out: Sink): Promise<void>;
  /** What deleting these rows deletes with them in the database (onDelete: Cascade). */
  cascades?: readonly Cascade[];
  /** An update whose data only touches these columns changes nothing a cached answer shows: it publishes nothing. */
  unobserved?: readonly string[];
}

const num = (value: unknown): number => Number(value);

/** What writes need beyond the tags of their rows (model-tags.ts), by model name. */
const WRITE_BEHAVIOUR: Record<string, Pick<Rule, 'beforeUpdate' | 'cascades' | 'unobserved'>> = {
  Content: {
    // An event's title or status shows in the month lists it spans: read that span.
    async beforeUpdate(client, rows, data, out) {
      const ids = rows.filter((row) => row.type === 'tribe_events' || data.type === 'tribe_events').map((row) => num(row.id));
      if (ids.length === 0) return;
      const details = await (client.eventDetail as Delegate).findMany({ where: { contentId: { in: ids } }, select: { startUtc: true, endUtc: true } });
      for (const detail of details as Row[]) eventSpanTags(detail, out);
    },
    cascades: [
      { delegate: 'eventDetail', by: ['contentId'], read: true },
      { delegate: 'eventVenue', by: ['eventId', 'venueId'], read: true },
      { delegate: 'eventOrganizer', by: ['eventId', 'organizerId'], read: true },
      { delegate: 'termRelationship', by: ['contentId'], read: true },
      { delegate: 'contentMeta', by: ['contentId'], read: false },
      { delegate: 'menuItemDetail', by: ['contentId'], read: false },
      { delegate: 'venueDetail', by: ['contentId'], read: false },
      { delegate: 'organizerDetail', by: ['contentId'], read: false },
    ],
  },
  Term: {
    cascades: [
      { delegate: 'termRelationship', by: ['termId'], read: true },
      { delegate: 'termMeta', by: ['termId'], read: false },
    ],
  },
  User: { cascades: [{ delegate: 'applicationPassword', by: ['userId'], read: false }] },
  // Every authenticated request may stamp its last use: nothing anonymous answers show.
  ApplicationPassword: { unobserved: ['lastUsedAt', 'lastIp'] },
  // The site counts every redirect hit (in batches): no rule changes, and no answer anyone caches shows the counts.
  Redirect: { unobserved: ['hits', 'lastAccess'] },
};

/** Each model's write rule, keyed by its Prisma delegate name (`contentMeta` for ContentMeta). */
const RULES: Record<string, Rule> = Object.fromEntries(
  Object.entries(MODEL_TAGS).map(([model, tagging]): [string, Rule] => {
    const rule: Rule = isConstant(tagging)
      ? { fields: [], tags: (_row, out) => tagging.constant.forEach((tag) => out.add(tag)) }
      : { fields: taggedFields(tagging), tags: (row, out) => rowTags(model, tagging, row, out) };
    return [model[0].toLowerCase() + model.slice(1), { ...rule, ...WRITE_BEHAVIOUR[model] }];
  }),
);

/**
 * The log of invalidations itself, persisted GraphQL documents (registering one changes no answer),
 * the redirect and 404 logs (no cached answer reads them; they are written on every hit), and the
 * security log and used nonces (read only by administrators and the pairing, never cached), and
 * the security scanner's state and findings (answered to administrators and the dashboard only,
 * never cached; a scan writes them at every step).
 */
const SKIPPED = new Set(['cacheInvalidation', 'persistedQuery', 'redirectLog', 'notFoundLog', 'securityLogEntry', 'securityNonce', 'securityScanState', 'securityFinding', 'securityCounter']);

/** Every model's delegate name (`contentMeta` for ContentMeta), but the log's. */
const DELEGATES = new Set(Object.values(Prisma.ModelName).map((model) => model[0].toLowerCase() + model.slice(1)).filter((name) => !SKIPPED.has(name)));

const MUTATIONS = new Set(['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany']);
const NESTED_WRITE = new Set(['create', 'createMany', 'connect', 'connectOrCreate', 'disconnect', 'delete', 'deleteMany', 'update', 'updateMany', 'upsert']);
const MAX_DERIVED_ROWS = 1_000;

/** A where with compound unique keys (`contentId_termId: {...}`) flattened; top-level keys are ANDed, so they pin every match. */
function flatWhere(where: unknown): Row {
  if (!isRecord(where)) return {};
  const out: Row = { ...where };
  for (const [key, value] of Object.entries(where)) {
    if (key.includes('_') && isRecord(value) && Object.values(value).every(isScalarValue)) Object.assign(out, value);
  }
  return out;
}

/** The rows a where/data pins down completely on the rule's fields, or undefined. */
function derive(source: Row, fields: readonly string[]): Row[] | undefined {
  let rows: Row[] = [{}];
  for (const field of fields) {
    const values = pinnedValues(source, field);
    if (!values) return undefined;
    const next: Row[] = [];
    for (const row of rows) for (const value of values) next.push({ ...row, [field]: value });
    if (next.length > MAX_DERIVED_ROWS) return undefined;
    rows = next;
  }
  return rows;
}

function selectOf(fields: readonly string[]): Row {
  return Object.fromEntries(fields.map((field) => [field, true]));
}

/** Makes sure the result carries `fields` (a select may leave them out); returns what to strip afterwards. */
function withFields(args: Row, fields: readonly string[]): { args: Row; added: string[] } {
  const added: string[] = [];
  let out = args;
  if (isRecord(args.select)) {
    const select = { ...args.select };
    for (const field of fields) {
      if (!select[field]) {
        select[field] = true;
        added.push(field);
      }
    }
    out = { ...args, select };
  } else if (isRecord(args.omit)) {
    const omit = { ...args.omit };
    for (const field of fields) {
      if (omit[field]) {
        delete omit[field];
        added.push(field);
      }
    }
    out = { ...args, omit };
  }
  return { args: out, added };
}

function strip<T>(result: T, added: string[]): T {
  if (added.length === 0) return result;
  for (const row of Array.isArray(result) ? result : [result]) if (isRecord(row)) for (const field of added) delete row[field];
  return result;
}

function touches(data: unknown, fields: readonly string[]): boolean {
  return isRecord(data) && fields.some((field) => field in data);
}

function hasNestedWrite(data: unknown): boolean {
  for (const item of Array.isArray(data) ? data : [data]) {
    if (!isRecord(item)) continue;
    for (const value of Object.values(item)) if (isRecord(value) && Object.keys(value).some((key) => NESTED_WRITE.has(key))) return true;
  }
  return false;
}

/** Runs one mutating model call and adds the tags it changed to `out`. `client` runs the look-ups (the transaction, inside one). */
async function tracked(client: Client, name: string, rule: Rule, op: string, delegate: Delegate, args: Row, out: Sink): Promise<unknown> {
  const call = (method: string, callArgs: Row) => delegate[method](callArgs);
  const data = args.data;
  if (hasNestedWrite(data) || hasNestedWrite(args.create) || hasNestedWrite(args.update)) {
    EVERYTHING.forEach((tag) => out.add(tag));
    return call(op, args);
  }
  const addRows = (rows: Iterable<Row>) => {
    for (const row of rows) rule.tags(row, out);
  };
  const isDelete = op === 'delete' || op === 'deleteMany';
  // Before the constant-tag shortcut: a model whose tags are constant may have unobserved columns too.
  if (op.startsWith('update') && rule.unobserved && isRecord(data) && Object.keys(data).every((key) => rule.unobserved?.includes(key))) return call(op, args);
  if (rule.fields.length === 0) {
    const result = await call(op, args);
    rule.tags({}, out);
    return result;
  }

  if (op === 'create' || op === 'createMany' || op === 'createManyAndReturn') {
    const items = (Array.isArray(data) ? data : [data]).filter(isRecord);
    const derived = items.map((item) => derive(item, rule.fields));
    if (derived.every((rows) => rows !== undefined)) {
      const result = await call(op, args);
      for (const rows of derived) addRows(rows as Row[]);
      return result;
    }
    if (op === 'createMany') {
      // The ids of new rows are not in the data: have them returned (a read of the id before it existed may be cached).
      const rows = (await call('createManyAndReturn', { ...args, select: selectOf(rule.fields) })) as Row[];
      addRows(rows);
      return { count: rows.length };
    }
    const { args: full, added } = withFields(args, rule.fields);
    const result = await call(op, full);
    addRows((Array.isArray(result) ? result : [result]).filter(isRecord));
    return strip(result, added);
  }

  const where = flatWhere(args.where);
  const single = op === 'update' || op === 'upsert' || op === 'delete';

  // The old state, before the mutation.
  let old = derive(where, rule.fields);
  const needRead = old === undefined || (isDelete && rule.cascades !== undefined) || (!isDelete && rule.beforeUpdate !== undefined);
  if (needRead) {
    const finder = (client[name] as Delegate)[single ? 'findUnique' : 'findMany'];
    const found = await finder({ where: args.where, select: selectOf(rule.fields) });
    old = single ? (found ? [found as Row] : []) : (found as Row[]);
  }
  const oldRows = old ?? [];
  addRows(oldRows);
  if (isDelete && rule.cascades) await cascadeTags(client, rule.cascades, oldRows.map((row) => num(row.id)), out);
  if (!isDelete && rule.beforeUpdate) await rule.beforeUpdate(client, oldRows, isRecord(data) ? data : {}, out);

  if (isDelete) return call(op, args);
  const changesFields = op === 'upsert' ? true : touches(data, rule.fields);
  if (!changesFields) return call(op, args);
  if (op === 'updateMany') {
    // New values of tag columns: plain ones are known; computed ones ({ increment }...) are not.
    const result = await call(op, args);
    const next: Row = {};
    for (const field of rule.fields) {
      if (!isRecord(data) || !(field in data)) continue;
      if (!isScalarValue(data[field])) {
        EVERYTHING.forEach((tag) => out.add(tag));
        return result;
      }
      next[field] = data[field];
    }
    addRows(oldRows.map((row) => ({ ...row, ...next })));
    return result;
  }
  const { args: full, added } = withFields(args, rule.fields);
  const result = await call(op, full);
  addRows((Array.isArray(result) ? result : [result]).filter(isRecord));
  return strip(result, added);
}

/** Tags of the rows a database-level cascade deletes with the parents `ids`. */
async function cascadeTags(client: Client, cascades: readonly Cascade[], ids: number[], out: Sink): Promise<void> {
  if (ids.length === 0) return;
  for (const cascade of cascades) {
    const rule = RULES[cascade.delegate];
    if (!cascade.read) {
      // Keyed by the parent's id (already tagged): only the child model's lists change.
      const probe = new Set<string>();
      rule.tags({ [cascade.by[0]]: ids[0] }, probe);
      for (const tag of probe) if (tag.startsWith('list:')) out.add(tag);
      continue;
    }
    const matches = cascade.by.map((column) => ({ [column]: { in: ids } }));
    const where = matches.length === 1 ? matches[0] : { OR: matches };
    const rows = (await (client[cascade.delegate] as Delegate).findMany({ where, select: selectOf(rule.fields) })) as Row[];
    for (const row of rows) rule.tags(row, out);
  }
}

/** The SQL text of a raw call's arguments (tagged template, Prisma.sql object, or text). */
function sqlText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (Array.isArray(first)) return first.join('?');
  if (isRecord(first)) {
    if (typeof first.sql === 'string') return first.sql;
    if (Array.isArray(first.strings)) return first.strings.join('?');
  }
  return '';
}

const TABLE_MODELS: Record<string, string> = Object.fromEntries(Object.keys(RULES).map((name) => [name[0].toUpperCase() + name.slice(1), name]));

/**
 * What raw SQL changes: nothing for reads, transaction control, row locks (`SET "id" = "id"`),
 * planner statistics (ANALYZE) and the log table; a table's constant tags when it has them;
 * otherwise EVERYTHING (which rows a raw statement touched cannot be known here).
 */
export function rawSqlTags(sql: string): readonly string[] {
  const text = sql.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)+/, '');
  const keyword = (/^\w+/.exec(text)?.[0] ?? '').toLowerCase();
  if (['select', 'savepoint', 'release', 'rollback', 'begin', 'commit', 'show', 'explain', 'values', 'analyze'].includes(keyword)) return [];
  if (keyword === 'with' && !/\b(insert|update|delete)\b/i.test(text)) return [];
  const table = /^(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?(\w+)"?/i.exec(text)?.[1];
  if (table && SKIPPED.has(table[0].toLowerCase() + table.slice(1))) return [];
  if (table === 'Content' && /^update\s+"?Content"?\s+set\s+"?id"?\s*=\s*"?id"?\s+where/i.test(text)) return [];
  const rule = table ? RULES[TABLE_MODELS[table] ?? ''] : undefined;
  if (rule && rule.fields.length === 0) {
    const out = new Set<string>();
    rule.tags({}, out);
    return [...out];
  }
  return EVERYTHING;
}

function wrapRaw(method: string, original: (...args: unknown[]) => Promise<unknown>, record: (tags: Iterable<string>) => void) {
  return async (...args: unknown[]): Promise<unknown> => {
    const tags = rawSqlTags(sqlText(args));
    const result = await original(...args);
    // $executeRaw answers the rows it affected: none, nothing changed.
    if (tags.length && !(method.startsWith('$execute') && result === 0)) record(tags);
    return result;
  };
}

const RAW = new Set(['$executeRaw', '$executeRawUnsafe', '$queryRaw', '$queryRawUnsafe']);

/** Wraps the mutating methods of `client` (the global client or a transaction); reads go straight through. */
function wrapClient<C extends object>(client: C, record: (tags: Iterable<string>) => void, changes: PendingChanges, inTransaction: boolean): C {
  const target = client as unknown as Client;
  const delegates = new Map<string, Delegate>();
  const delegateFor = (name: string): Delegate | undefined => {
    let wrapped = delegates.get(name);
    if (wrapped) return wrapped;
    const rule = RULES[name];
    const original = target[name] as Delegate | undefined;
    if (!original || typeof original !== 'object') return undefined;
    wrapped = new Proxy(original, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver);
        if (typeof key !== 'string' || !MUTATIONS.has(key)) return value;
        return async (args: Row = {}) => {
          const out: Sink = new Set();
          if (!rule) {
            // A model without rules: be safe.
            const result = await obj[key](args);
            EVERYTHING.forEach((tag) => out.add(tag));
            record(out);
            return result;
          }
          try {
            const result = await tracked(target, name, rule, key, obj, args, out);
            record(out);
            return result;
          } catch (error) {
            // Inside a transaction the attempt may be retried or rolled back: keep what was derived (harmless).
            if (inTransaction) record(out);
            throw error;
          }
        };
      },
    });
    delegates.set(name, wrapped);
    return wrapped;
  };
  return new Proxy(target, {
    get(obj, key) {
      if (typeof key === 'string') {
        if (DELEGATES.has(key)) return delegateFor(key) ?? obj[key];
        if (RAW.has(key)) return wrapRaw(key, (obj[key] as (...args: unknown[]) => Promise<unknown>).bind(obj), record);
        if (key === '$transaction' && !inTransaction) return transaction(obj, changes);
      }
      const value = obj[key];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(obj) : value;
    },
  }) as unknown as C;
}

function transaction(client: Client, changes: PendingChanges) {
  const original = client.$transaction as (arg: unknown, options?: unknown) => Promise<unknown>;
  return async (arg: unknown, options?: unknown): Promise<unknown> => {
    // The wrapped calls are ordinary promises that have already started, not Prisma's lazy ones a batch needs.
    if (typeof arg !== 'function') throw new Error('write tags: use an interactive $transaction(async (tx) => ...), not an array of queries');
    const local = new Set<string>();
    try {
      return await original.call(client, (tx: object) => (arg as (tx: object) => unknown)(wrapClient(tx, (tags) => addAll(local, tags), changes, true)), options);
    } finally {
      // Committed (or rolled back): only now may a flush publish them.
      changes.record(local);
    }
  };
}

function addAll(set: Set<string>, tags: Iterable<string>): void {
  for (const tag of tags) set.add(tag);
}

/** The client that records write tags into `changes`. */
export function withWriteTags<C extends object>(client: C, changes: PendingChanges): C {
  return wrapClient(client, (tags) => changes.record(tags), changes, false);
}
