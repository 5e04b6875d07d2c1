/** A user's public addresses: the author archive link (get_author_posts_url) and avatar images. */
import { createHash } from 'node:crypto';
import type { Config } from '../../config';

export const AVATAR_SIZES = [24, 48, 96] as const;

export function authorLink(config: Pick<Config, 'siteUrl' | 'permalinks'>, user: { id: number; slug: string }): string {
  return config.permalinks === 'pretty' ? `${config.siteUrl}/author/${user.slug}/` : `${config.siteUrl}/?author=${user.id}`;
}

/** get_avatar_url(): Gravatar by the hash of the e-mail address, mystery-person fallback. */
export function avatarUrl(email: string, size: number): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`;
}

/** get_user_locale(): the user's own locale, else the site's language. */
export function userLocale(user: { locale: string }, siteLanguage: string): string {
  return user.locale || siteLanguage || 'en_US';
}
