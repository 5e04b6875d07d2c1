/** GET /oembed/1.0/embed (WP_oEmbed_Controller::get_item()): this site's addresses only, for anybody. */
import type { DomainContext } from '../context';
import type { EmbedQuery } from './contract';
import { localOEmbed, type OEmbedData } from './local';
import { invalidUrl } from './remote';

export async function embedOEmbed(ctx: DomainContext, query: Pick<EmbedQuery, 'url' | 'maxwidth'>): Promise<OEmbedData> {
  const data = await localOEmbed(ctx, query.url, query.maxwidth);
  if (!data) throw invalidUrl();
  return data;
}
