/** A user's public addresses: the author archive link (get_author_posts_url) and avatar images. */
import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import { RenderMemo } from '../content/format/memo';

export const AVATAR_SIZES = [24, 48, 96] as const;

export function authorLink(config: Pick<Config, 'siteUrl' | 'permalinks'>, user: { id: number; slug: string }): string {
  return config.permalinks === 'pretty' ? `${config.siteUrl}/author/${user.slug}/` : `${config.siteUrl}/?author=${user.id}`;
}

export type AvatarRating = 'g' | 'pg' | 'r' | 'x';

/** get_avatar_data()'s answer for a user with an e-mail address (the site's default: mystery person, rated G). */
export interface AvatarData {
  url: string;
  size: number;
  width: number;
  height: number;
  default: string;
  forceDefault: boolean;
  rating: AvatarRating;
  scheme: string | null;
  extraAttr: string;
  foundAvatar: boolean;
}

/** Authors' addresses, hashed again for every record that shows an avatar otherwise. */
const emailHashes = new RenderMemo(2000, 1 << 20);

function emailHash(email: string): string {
  return emailHashes.through(email, () => createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));
}

/** get_avatar_data(): Gravatar by the hash of the e-mail address, mystery-person fallback. */
export function avatarData(email: string, options: { size?: number; forceDefault?: boolean; rating?: AvatarRating } = {}): AvatarData {
  const size = options.size && options.size > 0 ? Math.trunc(options.size) : 96;
  const rating = options.rating ?? 'g';
  const forceDefault = options.forceDefault === true;
  const hash = emailHash(email);
  // add_query_arg() keeps get_avatar_data's order: s, d, f (only when forced), r.
  const url = `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm${forceDefault ? '&f=y' : ''}&r=${rating}`;
  return { url, size, width: size, height: size, default: 'mm', forceDefault, rating, scheme: null, extraAttr: '', foundAvatar: true };
}

/** get_avatar_url(). */
export function avatarUrl(email: string, size: number): string {
  return avatarData(email, { size }).url;
}

/** get_user_locale(): the user's own locale, else the site's language. */
export function userLocale(user: { locale: string }, siteLanguage: string): string {
  return user.locale || siteLanguage || 'en_US';
}
