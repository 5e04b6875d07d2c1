/**
 * What Event, Venue and Organizer share beyond ContentNodeModel: the calendar record behind the
 * row (detail, featured image), WPGraphQL's post-object fields for non-hierarchical types
 * (no parent, no ancestors), the password as its Post model answers it (restriction is
 * ContentNodeModel's), and revisions / previews of the record (revision rows answered as the
 * record's own type).
 */
import type { Content } from '../../../generated/prisma-sqlite/client';
import { canEditRecord } from '../../../domain/events/permissions';
import type { CalendarPost } from '../../../domain/events/types';
import { isAutosave } from '../../../domain/posts/revisions';
import { revisionsByParent } from '../../../domain/posts/loaders';
import { connectionOfList, oneToOne, type ConnectionArgs } from '../../connection';
import type { GraphQLContext } from '../../context';
import { toGlobalId } from '../../global-id';
import { contentNodeById } from '../../nodes';
import { ContentNodeModel } from '../content/content-node';

export abstract class CalendarPostModel<R extends CalendarPost = CalendarPost> extends ContentNodeModel {
  constructor(
    readonly record: R,
    /** A revision or autosave row of the record, answered as the record's type. */
    row: Content = record.row,
  ) {
    super(row, record.link);
  }

  /** The same model over another row of the record (its revisions and previews). */
  protected abstract over(row: Content): CalendarPostModel<R>;

  protected canEdit(ctx: GraphQLContext): boolean {
    return canEditRecord(ctx.viewer, this.record.row);
  }

  get hasPassword(): boolean {
    return this.row.password !== '';
  }
  password(_: unknown, ctx: GraphQLContext): string | null {
    return this.canEdit(ctx) ? this.row.password : null;
  }
  // Not hierarchical.
  get parent(): null {
    return null;
  }
  ancestors(args: ConnectionArgs) {
    return connectionOfList(args, [] as CalendarPostModel<R>[], (m) => m.databaseId);
  }

  // NodeWithFeaturedImage
  override async featuredImageDatabaseId(): Promise<number | null> {
    return this.record.image?.id ?? null;
  }
  override async featuredImageId(): Promise<string | null> {
    return this.record.image ? toGlobalId('post', this.record.image.id) : null;
  }
  override async featuredImage(_: unknown, ctx: GraphQLContext) {
    return this.record.image ? oneToOne(await contentNodeById(ctx, this.record.image.id)) : null;
  }

  // NodeWithRevisions / Previewable: revisions need edit rights on the record.
  private async revisionRows(ctx: GraphQLContext): Promise<Content[]> {
    if (this.row !== this.record.row || !this.canEdit(ctx)) return [];
    return revisionsByParent(ctx.domain).load(this.record.row.id);
  }
  async revisions(args: ConnectionArgs, ctx: GraphQLContext) {
    const rows = (await this.revisionRows(ctx)).filter((r) => !isAutosave(r)).sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id);
    return connectionOfList(args, rows.map((r) => this.over(r)), (m) => m.databaseId);
  }
  /** The viewer's latest autosave of the record. */
  async preview(_: unknown, ctx: GraphQLContext) {
    const autosave = (await this.revisionRows(ctx)).filter((r) => isAutosave(r) && r.authorId === ctx.viewer.id).sort((a, b) => b.modified.getTime() - a.modified.getTime())[0];
    return autosave ? oneToOne(this.over(autosave)) : null;
  }
  override async revisionOf() {
    return this.row.type === 'revision' ? oneToOne(this.over(this.record.row)) : null;
  }
}
