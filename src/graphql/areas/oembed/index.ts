/**
 * `oembed(url:)` (graphql/oembed-additions.graphql) over the domain's oEmbed functions: this site's
 * addresses for everybody, other addresses for editors (src/domain/oembed/remote.ts).
 */
import { DEFAULT_WIDTH } from '../../../domain/oembed/contract';
import { absint } from '../../../domain/oembed/local';
import { oembedOf, type ProviderAnswer } from '../../../domain/oembed/remote';
import type { RootQueryOembedArgs } from '../../../generated/graphql';
import type { GraphQLContext } from '../../context';
import { Model, type Area } from '../../model';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);
/** Providers send numbers or numeric strings ("480"); anything else has no Int. */
const int = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= 2147483647 ? Math.trunc(n) : null;
};

export class OEmbedModel extends Model {
  constructor(readonly data: ProviderAnswer) {
    super();
  }
  get __typename(): string {
    return 'OEmbed';
  }
  get version(): string | null {
    return text(this.data.version);
  }
  get type(): string | null {
    return text(this.data.type);
  }
  get title(): string | null {
    return text(this.data.title);
  }
  get authorName(): string | null {
    return text(this.data.author_name);
  }
  get authorUrl(): string | null {
    return text(this.data.author_url);
  }
  get providerName(): string | null {
    return text(this.data.provider_name);
  }
  get providerUrl(): string | null {
    return text(this.data.provider_url);
  }
  get cacheAge(): number | null {
    return int(this.data.cache_age);
  }
  get thumbnailUrl(): string | null {
    return text(this.data.thumbnail_url);
  }
  get thumbnailWidth(): number | null {
    return int(this.data.thumbnail_width);
  }
  get thumbnailHeight(): number | null {
    return int(this.data.thumbnail_height);
  }
  get url(): string | null {
    return text(this.data.url);
  }
  get width(): number | null {
    return int(this.data.width);
  }
  get height(): number | null {
    return int(this.data.height);
  }
  get html(): string | null {
    return text(this.data.html);
  }
}

async function oembed(_: unknown, args: RootQueryOembedArgs, ctx: GraphQLContext): Promise<OEmbedModel | null> {
  const data = await oembedOf(ctx.domain, {
    url: args.url,
    format: 'json',
    maxwidth: args.maxwidth === null || args.maxwidth === undefined ? DEFAULT_WIDTH : absint(args.maxwidth),
    maxheight: args.maxheight === null || args.maxheight === undefined ? null : absint(args.maxheight),
    discover: true,
  });
  return data ? new OEmbedModel(data) : null;
}

export const oembedArea: Area = {
  resolvers: { RootQuery: { oembed } },
  models: { OEmbed: OEmbedModel },
};
