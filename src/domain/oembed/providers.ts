/**
 * The oEmbed providers WordPress trusts (WP_oEmbed::$providers as wordpress-develop ships them, Pocket Casts being the newest), as data: the
 * addresses each one embeds and its endpoint. Their answers are used as they come; a provider found
 * by discovery is not trusted and its HTML is filtered (sanitize-html.ts). `OEMBED_PROVIDERS` adds
 * providers in WordPress's wildcard form (wp_oembed_add_provider()).
 */
export interface Provider {
  pattern: RegExp;
  /** `{format}` is replaced by `json`. */
  endpoint: string;
}

const YOUTUBE = 'https://www.youtube.com/oembed';
const CROWDSIGNAL = 'https://api.crowdsignal.com/oembed';
const TWITTER = 'https://publish.twitter.com/oembed';
const AMAZON_COM = 'https://read.amazon.com/kp/api/oembed';
const AMAZON_UK = 'https://read.amazon.co.uk/kp/api/oembed';
const AMAZON_AU = 'https://read.amazon.com.au/kp/api/oembed';
const AMAZON_CN = 'https://read.amazon.cn/kp/api/oembed';
const SOMEECARDS = 'https://www.someecards.com/v2/oembed/';

/** [pattern, endpoint] in WordPress's order (the first match wins). */
const BUILT_IN: ReadonlyArray<[RegExp, string]> = [
  [/https?:\/\/((m|www)\.)?youtube\.com\/watch.*/i, YOUTUBE],
  [/https?:\/\/((m|www)\.)?youtube\.com\/playlist.*/i, YOUTUBE],
  [/https?:\/\/((m|www)\.)?youtube\.com\/shorts\/*/i, YOUTUBE],
  [/https?:\/\/youtu\.be\/.*/i, YOUTUBE],
  [/https?:\/\/(.+\.)?vimeo\.com\/.*/i, 'https://vimeo.com/api/oembed.{format}'],
  [/https?:\/\/(www\.)?dailymotion\.com\/.*/i, 'https://www.dailymotion.com/services/oembed'],
  [/https?:\/\/dai\.ly\/.*/i, 'https://www.dailymotion.com/services/oembed'],
  [/https?:\/\/(www\.)?flickr\.com\/.*/i, 'https://www.flickr.com/services/oembed/'],
  [/https?:\/\/flic\.kr\/.*/i, 'https://www.flickr.com/services/oembed/'],
  [/https?:\/\/(.+\.)?smugmug\.com\/.*/i, 'https://api.smugmug.com/services/oembed/'],
  [/https?:\/\/(www\.)?scribd\.com\/(doc|document)\/.*/i, 'https://www.scribd.com/services/oembed'],
  [/https?:\/\/wordpress\.tv\/.*/i, 'https://wordpress.tv/oembed/'],
  [/https?:\/\/(.+\.)?polldaddy\.com\/.*/i, CROWDSIGNAL],
  [/https?:\/\/poll\.fm\/.*/i, CROWDSIGNAL],
  [/https?:\/\/(.+\.)?survey\.fm\/.*/i, CROWDSIGNAL],
  [/https?:\/\/(www\.)?twitter\.com\/\w{1,15}\/status(es)?\/.*/i, TWITTER],
  [/https?:\/\/(www\.)?twitter\.com\/\w{1,15}$/i, TWITTER],
  [/https?:\/\/(www\.)?twitter\.com\/\w{1,15}\/likes$/i, TWITTER],
  [/https?:\/\/(www\.)?twitter\.com\/\w{1,15}\/lists\/.*/i, TWITTER],
  [/https?:\/\/(www\.)?twitter\.com\/\w{1,15}\/timelines\/.*/i, TWITTER],
  [/https?:\/\/(www\.)?twitter\.com\/i\/moments\/.*/i, TWITTER],
  [/https?:\/\/(www\.)?soundcloud\.com\/.*/i, 'https://soundcloud.com/oembed'],
  [/https?:\/\/(.+?\.)?slideshare\.net\/.*/i, 'https://www.slideshare.net/api/oembed/2'],
  [/https?:\/\/(open|play)\.spotify\.com\/.*/i, 'https://embed.spotify.com/oembed/'],
  [/https?:\/\/(.+\.)?imgur\.com\/.*/i, 'https://api.imgur.com/oembed'],
  [/https?:\/\/(www\.)?issuu\.com\/.+\/docs\/.+/i, 'https://issuu.com/oembed_wp'],
  [/https?:\/\/(www\.)?mixcloud\.com\/.*/i, 'https://www.mixcloud.com/oembed'],
  [/https?:\/\/(www\.|embed\.)?ted\.com\/talks\/.*/i, 'https://www.ted.com/services/v1/oembed.{format}'],
  [/https?:\/\/(www\.)?(animoto|video214)\.com\/play\/.*/i, 'https://animoto.com/oembeds/create'],
  [/https?:\/\/(.+)\.tumblr\.com\/post\/.*/i, 'https://www.tumblr.com/oembed/1.0'],
  [/https?:\/\/(www\.)?kickstarter\.com\/projects\/.*/i, 'https://www.kickstarter.com/services/oembed'],
  [/https?:\/\/kck\.st\/.*/i, 'https://www.kickstarter.com/services/oembed'],
  [/https?:\/\/cloudup\.com\/.*/i, 'https://cloudup.com/oembed'],
  [/https?:\/\/(www\.)?reverbnation\.com\/.*/i, 'https://www.reverbnation.com/oembed'],
  [/https?:\/\/videopress\.com\/v\/.*/, 'https://public-api.wordpress.com/oembed/?for={home}'],
  [/https?:\/\/(www\.)?reddit\.com\/r\/[^/]+\/comments\/.*/i, 'https://www.reddit.com/oembed'],
  [/https?:\/\/(www\.)?speakerdeck\.com\/.*/i, 'https://speakerdeck.com/oembed.{format}'],
  [/https?:\/\/(www\.)?screencast\.com\/.*/i, 'https://api.screencast.com/external/oembed'],
  [/https?:\/\/([a-z0-9-]+\.)?amazon\.(com|com\.mx|com\.br|ca)\/.*/i, AMAZON_COM],
  [/https?:\/\/([a-z0-9-]+\.)?amazon\.(co\.uk|de|fr|it|es|in|nl|ru)\/.*/i, AMAZON_UK],
  [/https?:\/\/([a-z0-9-]+\.)?amazon\.(co\.jp|com\.au)\/.*/i, AMAZON_AU],
  [/https?:\/\/([a-z0-9-]+\.)?amazon\.cn\/.*/i, AMAZON_CN],
  [/https?:\/\/(www\.)?a\.co\/.*/i, AMAZON_COM],
  [/https?:\/\/(www\.)?amzn\.to\/.*/i, AMAZON_COM],
  [/https?:\/\/(www\.)?amzn\.eu\/.*/i, AMAZON_UK],
  [/https?:\/\/(www\.)?amzn\.in\/.*/i, 'https://read.amazon.in/kp/api/oembed'],
  [/https?:\/\/(www\.)?amzn\.asia\/.*/i, AMAZON_AU],
  [/https?:\/\/(www\.)?z\.cn\/.*/i, AMAZON_CN],
  [/https?:\/\/www\.someecards\.com\/.+-cards\/.+/i, SOMEECARDS],
  [/https?:\/\/www\.someecards\.com\/usercards\/viewcard\/.+/i, SOMEECARDS],
  [/https?:\/\/some\.ly\/.+/i, SOMEECARDS],
  [/https?:\/\/(www\.)?tiktok\.com\/.*\/video\/.*/i, 'https://www.tiktok.com/oembed'],
  [/https?:\/\/([a-z]{2}|www)\.pinterest\.com(\.(au|mx))?\/.*/i, 'https://www.pinterest.com/oembed.json'],
  [/https?:\/\/(www\.)?wolframcloud\.com\/obj\/.+/i, 'https://www.wolframcloud.com/oembed'],
  [/https?:\/\/pca\.st\/.+/i, 'https://pca.st/oembed.json'],
];

/** WordPress's wildcard form: the pattern quoted, `*` matching anything, `http://` also matching https. */
export function wildcardPattern(format: string): RegExp {
  const quoted = format
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/#-]/g, '\\$&'))
    .join('(.+)');
  return new RegExp(quoted.replace(/^http:\\\/\\\//i, 'https?:\\/\\/'), 'i');
}

export class ProviderRegistry {
  private readonly providers: Provider[];

  constructor(
    homeUrl: string,
    extra: ReadonlyArray<readonly [string, string]> = [],
  ) {
    const home = encodeURIComponent(homeUrl);
    this.providers = [
      ...BUILT_IN.map(([pattern, endpoint]) => ({ pattern, endpoint: endpoint.replace('{home}', home) })),
      ...extra.map(([format, endpoint]) => ({ pattern: wildcardPattern(format), endpoint })),
    ];
  }

  /** The endpoint of the first provider whose pattern matches (WP_oEmbed::get_provider() without discovery). */
  endpointFor(url: string): string | null {
    const provider = this.providers.find((p) => p.pattern.test(url));
    return provider ? provider.endpoint.replace('{format}', 'json') : null;
  }
}
