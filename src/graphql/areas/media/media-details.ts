/**
 * MediaDetails, MediaSize and MediaItemMeta: an attachment's `_wp_attachment_metadata` (the
 * domain's AttachmentMetadata) as WPGraphQL shows it; sizes are listed in the order WordPress made
 * them, narrowed by `include`/`exclude`, and null when none is left.
 */
import { relativePath, sizeSource, type ImageSource } from '../../../domain/media/files';
import type { AttachmentMetadata, ImageMeta } from '../../../domain/media/metadata';
import { Model } from '../../model';
import { sizeName } from './sizes';

export class MediaSizeModel extends Model {
  constructor(readonly source: ImageSource) {
    super();
  }
  get __typename(): string {
    return 'MediaSize';
  }
  get name(): string | null {
    return this.source.size;
  }
  get file(): string {
    return this.source.file;
  }
  get filePath(): string {
    return relativePath(this.source.url);
  }
  get fileSize(): number | null {
    return this.source.filesize;
  }
  /** WPGraphQL types a size's dimensions as strings. */
  get width(): string {
    return String(this.source.width);
  }
  get height(): string {
    return String(this.source.height);
  }
  get mimeType(): string | null {
    return this.source.mimeType;
  }
  get sourceUrl(): string {
    return this.source.url;
  }
}

export class MediaItemMetaModel extends Model {
  constructor(readonly meta: ImageMeta) {
    super();
  }
  get __typename(): string {
    return 'MediaItemMeta';
  }
  get aperture(): number | null {
    return this.meta.aperture;
  }
  get camera(): string | null {
    return this.meta.camera;
  }
  get caption(): string | null {
    return this.meta.caption;
  }
  get copyright(): string | null {
    return this.meta.copyright;
  }
  get createdTimestamp(): number | null {
    return this.meta.createdTimestamp;
  }
  get credit(): string | null {
    return this.meta.credit;
  }
  get focalLength(): number | null {
    return this.meta.focalLength;
  }
  get iso(): number | null {
    return this.meta.iso;
  }
  get keywords(): string[] {
    return this.meta.keywords;
  }
  get orientation(): string | null {
    return this.meta.orientation;
  }
  get shutterSpeed(): number | null {
    return this.meta.shutterSpeed;
  }
  get title(): string | null {
    return this.meta.title;
  }
}

type SizeFilter = { include?: readonly string[] | null; exclude?: readonly string[] | null };

export class MediaDetailsModel extends Model {
  constructor(
    readonly metadata: AttachmentMetadata,
    /** wp_get_attachment_url() of the attachment. */
    readonly fileUrl: string,
  ) {
    super();
  }
  get __typename(): string {
    return 'MediaDetails';
  }
  get file(): string | null {
    return this.metadata.file;
  }
  get filePath(): string {
    return relativePath(this.fileUrl);
  }
  get width(): number | null {
    return this.metadata.width;
  }
  get height(): number | null {
    return this.metadata.height;
  }
  get meta(): MediaItemMetaModel | null {
    return this.metadata.imageMeta ? new MediaItemMetaModel(this.metadata.imageMeta) : null;
  }
  sizes(args: SizeFilter): MediaSizeModel[] | null {
    const include = args.include?.length ? args.include.map(sizeName) : null;
    const exclude = (args.exclude ?? []).map(sizeName);
    const sizes = this.metadata.sizes.filter((s) => (include === null || include.includes(s.name)) && !exclude.includes(s.name));
    return sizes.length ? sizes.map((s) => new MediaSizeModel(sizeSource(this.fileUrl, s))) : null;
  }
}
