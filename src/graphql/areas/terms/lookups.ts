/**
 * Single-term root fields (category, tag, postFormat, termNode) by WPGraphQL's idTypes: ID (the
 * global id), DATABASE_ID, SLUG and NAME (get_term_by), URI (the site's path resolver). The
 * term's model comes from the node registry, null when it is of another taxonomy or hidden.
 */
import { resolvePath } from '../../../domain/content/uri';
import { termIdBy } from '../../../domain/terms/lookup';
import type { GraphQLContext } from '../../context';
import { globalIdOf, plainIdOf } from '../../global-id';
import type { Model } from '../../model';
import { termNodeById } from '../../nodes';

export type TermIdType = 'ID' | 'DATABASE_ID' | 'SLUG' | 'NAME' | 'URI';

/** The id of the term an idType names, or null; `taxonomy` undefined means any (termNode without taxonomy). */
async function termIdOf(ctx: GraphQLContext, id: string, idType: TermIdType | null | undefined, taxonomy: string | undefined): Promise<number | null> {
  switch (idType) {
    case 'DATABASE_ID':
      return plainIdOf(id);
    case 'SLUG':
    case 'NAME':
      // get_term_by() needs a taxonomy.
      return taxonomy === undefined ? null : termIdBy(ctx.domain, taxonomy, idType === 'SLUG' ? 'slug' : 'name', id);
    case 'URI': {
      const target = await resolvePath(ctx.domain, id);
      return target?.kind === 'term' && (taxonomy === undefined || target.taxonomy === taxonomy) ? target.id : null;
    }
    default:
      return globalIdOf(id, 'term');
  }
}

export async function termByIdType(ctx: GraphQLContext, id: string, idType: TermIdType | null | undefined, taxonomy?: string): Promise<Model | null> {
  const termId = await termIdOf(ctx, id, idType, taxonomy);
  return termId === null ? null : termNodeById(ctx, termId, taxonomy);
}
