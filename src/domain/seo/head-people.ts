/**
 * People of the graph: a user as a schema Person, and who the site represents (Yoast's
 * company_or_person with its name, logo or chosen user), read from wpseo_titles.
 */
import type { DomainContext } from '../context';
import { authorLink, avatarUrl } from '../users/links';
import { userById } from '../users/loaders';
import { headImage, idOf } from './head-images';
import { titleOption, titleOptionText, type SeoSite } from './head-site';
import type { Represents, SchemaPerson } from './schema-graph';

export async function schemaPerson(ctx: DomainContext, id: number): Promise<SchemaPerson | null> {
  const user = id > 0 ? await userById(ctx).load(id) : null;
  if (!user) return null;
  return { id: user.id, login: user.login, name: user.name, description: user.description, url: user.url, avatar: avatarUrl(user.email, 96), link: authorLink(ctx.config, user) };
}

/** Who a request's site facts represent, worked out once for the request's heads. */
const representedBy = new WeakMap<SeoSite, Promise<Represents>>();

export function representsOf(ctx: DomainContext, site: SeoSite): Promise<Represents> {
  let represents = representedBy.get(site);
  if (!represents) representedBy.set(site, (represents = readRepresents(ctx, site)));
  return represents;
}

async function readRepresents(ctx: DomainContext, site: SeoSite): Promise<Represents> {
  if (titleOption(site, 'company_or_person') === 'person') {
    const person = await schemaPerson(ctx, idOf(titleOption(site, 'company_or_person_user_id')));
    if (!person) return null;
    return { kind: 'person', person, logo: await headImage(ctx, idOf(titleOption(site, 'person_logo_id')), titleOptionText(site, 'person_logo')) };
  }
  // Yoast falls back to the site's name when no company name is set.
  const name = titleOptionText(site, 'company_name').trim() || site.name;
  if (!name) return null;
  return { kind: 'organization', name, logo: await headImage(ctx, idOf(titleOption(site, 'company_logo_id')), titleOptionText(site, 'company_logo')) };
}
