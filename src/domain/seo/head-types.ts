/**
 * The head object: the keys of Yoast's `yoast_head_json`, in the plugin's order, each left out
 * when it has no value (as the plugin's presenters print nothing then). One object makes the REST
 * field, its HTML string and the public page's <head>.
 */
export interface SeoRobots {
  index: 'index' | 'noindex';
  follow: 'follow' | 'nofollow';
  'max-snippet'?: 'max-snippet:-1';
  'max-image-preview'?: 'max-image-preview:large';
  'max-video-preview'?: 'max-video-preview:-1';
}

export interface OgImage {
  width?: number;
  height?: number;
  url: string;
  type?: string;
}

export type SchemaPiece = Record<string, unknown>;

export interface SeoHead {
  title: string;
  description?: string;
  robots: SeoRobots;
  canonical?: string;
  og_locale: string;
  og_type: string;
  og_title: string;
  og_description?: string;
  og_url: string;
  og_site_name: string;
  article_publisher?: string;
  article_published_time?: string;
  article_modified_time?: string;
  og_image?: OgImage[];
  author?: string;
  twitter_card: string;
  twitter_title?: string;
  twitter_description?: string;
  twitter_image?: string;
  twitter_creator?: string;
  twitter_site?: string;
  twitter_misc?: Record<string, string>;
  schema: { '@context': 'https://schema.org'; '@graph': SchemaPiece[] };
}

/** What a page shown is, for the head (the one argument of seoHeadOf). */
export type HeadSubject =
  | { kind: 'post'; id: number }
  | { kind: 'event'; id: number }
  | { kind: 'venue'; id: number }
  | { kind: 'organizer'; id: number }
  | { kind: 'term'; taxonomy: string; id: number; page?: number; pageTotal?: number }
  | { kind: 'user'; id: number; page?: number; pageTotal?: number }
  | { kind: 'home'; page?: number; pageTotal?: number }
  | { kind: 'post-type-archive'; postType: string; url: string; page?: number; pageTotal?: number };
