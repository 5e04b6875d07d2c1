/**
 * The organisation's social profiles (Social_Profiles_Helper): `facebook_site` and each of
 * `other_social_urls` must be an absolute http(s) address, `twitter_site` an X/Twitter user name
 * or its profile address (stored as the name). Everything is checked before anything is saved;
 * the failures are named `facebook_site`, `twitter_site` and `other_social_urls-<index>`.
 */
import { sanitizeTextField } from '../text';

/** WPSEO_Option_Social::validate_social_url: an address that sanitising would leave as it is. */
export function isSocialUrlValid(url: unknown): boolean {
  if (url === '') return true;
  if (typeof url !== 'string' || /[\s<>"'`\\^{}|]/.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.includes('.') && !parsed.username && !parsed.password;
}

const TWITTER_PROFILE = /^https?:\/\/(?:www\.)?(?:twitter|x)\.com\/([^/?#]+)\/?$/i;
const TWITTER_NAME = /^[A-Za-z0-9_]{1,25}$/;

/** WPSEO_Option_Social::validate_twitter_id: the user name of a name or profile address, or null when it is none. */
export function twitterName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const profile = TWITTER_PROFILE.exec(value.trim());
  const name = profile ? profile[1] : value.trim();
  return TWITTER_NAME.test(name) ? name : null;
}

export interface SocialProfileChanges {
  facebook_site?: string;
  twitter_site?: string;
  other_social_urls?: string[];
}

/** The checked changes, or the names of the fields that failed. */
export function checkSocialProfiles(params: Readonly<Record<string, unknown>>): { changes: SocialProfileChanges; failures: string[] } {
  const failures: string[] = [];
  const changes: SocialProfileChanges = {};
  const has = (key: string) => Object.prototype.hasOwnProperty.call(params, key) && params[key] !== null && params[key] !== undefined;
  if (has('facebook_site')) {
    const value = sanitizeTextField(params.facebook_site);
    if (isSocialUrlValid(value)) changes.facebook_site = value;
    else failures.push('facebook_site');
  }
  if (has('twitter_site')) {
    const value = sanitizeTextField(params.twitter_site);
    const name = value === '' ? '' : twitterName(value);
    if (name === null) failures.push('twitter_site');
    else changes.twitter_site = name;
  }
  if (has('other_social_urls')) {
    const list = Array.isArray(params.other_social_urls) ? params.other_social_urls : [];
    const urls = list.map((url) => sanitizeTextField(url));
    urls.forEach((url, index) => {
      if (!isSocialUrlValid(url)) failures.push(`other_social_urls-${index}`);
    });
    changes.other_social_urls = urls.filter((url) => url !== '');
  }
  return { changes, failures };
}
