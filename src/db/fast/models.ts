/**
 * What the fast read path knows of the data model: each model's scalar columns and their types,
 * and how its relations join. Taken from the generated Prisma client's runtime data model, so the
 * schema stays written once (prisma/models.prisma).
 */

export type ScalarType = 'Int' | 'Float' | 'String' | 'Boolean' | 'DateTime';

export interface Relation {
  /** The related model. */
  model: string;
  /** Column of this model and column of the related model that are equal for related rows. */
  local: string;
  foreign: string;
}

export interface ModelInfo {
  name: string;
  scalars: Map<string, ScalarType>;
  relations: Map<string, Relation>;
  /** The single-column primary key (or first unique id column). */
  idField: string;
}

interface RuntimeField {
  name: string;
  kind: string;
  type: string;
  relationName?: string;
}

interface RuntimeDataModel {
  models: Record<string, { fields: RuntimeField[] }>;
}

const SUPPORTED: ReadonlySet<string> = new Set(['Int', 'Float', 'String', 'Boolean', 'DateTime']);

/** Primary keys that are not called `id` (the runtime data model does not carry @id). */
const ID_FIELDS: Record<string, string> = {
  ApplicationPassword: 'uuid',
  MenuItemDetail: 'contentId',
  EventDetail: 'contentId',
  VenueDetail: 'contentId',
  OrganizerDetail: 'contentId',
  Option: 'name',
  EventImportOrigin: 'key',
  CacheInvalidation: 'version',
};

export class ModelCatalog {
  private readonly models = new Map<string, ModelInfo>();
  /** Prisma's client property (`contentMeta`) -> model name (`ContentMeta`). */
  readonly byProperty = new Map<string, string>();

  constructor(runtime: RuntimeDataModel) {
    for (const [name, model] of Object.entries(runtime.models)) {
      const scalars = new Map<string, ScalarType>();
      for (const field of model.fields) if (field.kind === 'scalar' && SUPPORTED.has(field.type)) scalars.set(field.name, field.type as ScalarType);
      this.models.set(name, { name, scalars, relations: new Map(), idField: ID_FIELDS[name] ?? 'id' });
      this.byProperty.set(name.charAt(0).toLowerCase() + name.slice(1), name);
    }
    // Relations join by the naming convention the models follow: the side holding the foreign key
    // has a scalar `<relationField>Id` pointing at the other side's `id`. Anything else is unknown
    // to the fast path (queries through it fall back to Prisma).
    for (const [name, model] of Object.entries(runtime.models)) {
      const info = this.models.get(name) as ModelInfo;
      for (const field of model.fields) {
        if (field.kind !== 'object') continue;
        const other = this.models.get(field.type);
        if (!other) continue;
        const back = runtime.models[field.type].fields.find((f) => f.kind === 'object' && f.relationName === field.relationName && (f.name !== field.name || field.type !== name));
        if (info.scalars.has(`${field.name}Id`) && other.scalars.has('id')) {
          info.relations.set(field.name, { model: field.type, local: `${field.name}Id`, foreign: 'id' });
        } else if (back && other.scalars.has(`${back.name}Id`) && info.scalars.has('id')) {
          info.relations.set(field.name, { model: field.type, local: 'id', foreign: `${back.name}Id` });
        }
      }
    }
  }

  get(name: string): ModelInfo | undefined {
    return this.models.get(name);
  }
}

