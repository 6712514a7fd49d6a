/**
 * Known robots: search engines' crawlers, the link previewers of chat apps and social networks (they fetch a
 * link the moment it is pasted), SEO and AI crawlers, uptime checkers. Their visits are answered (the redirect,
 * the tracker's call) but never counted as clicks. Matched on whole product names, so a phone model such as
 * "CUBOT" is no robot. Headless Chrome is not on the list: it also runs real sites' own end-to-end tests and
 * prerenderers that a merchant may want counted; the well-known crawlers built on it name themselves.
 */
const KNOWN_BOTS = new RegExp(
  [
    // Search engines.
    'googlebot',
    'google-inspectiontool',
    'googleother',
    'adsbot-google',
    'mediapartners-google',
    'apis-google',
    'feedfetcher-google',
    'google-read-aloud',
    'storebot-google',
    'bingbot',
    'bingpreview',
    'msnbot',
    'adidxbot',
    'slurp',
    'duckduckbot',
    'baiduspider',
    'yandex(?:bot|images|mobilebot|metrika)',
    // Sogou's crawlers ("Sogou web spider", "Sogou inst spider"), not its browser (SogouMobileBrowser).
    'sogou[ a-z]*spider',
    'exabot',
    'seznambot',
    'yeti/',
    'applebot',
    'petalbot',
    'qwantify',
    // Link previewers.
    'facebookexternalhit',
    'facebookcatalog',
    'facebot',
    'meta-externalagent',
    'twitterbot',
    'linkedinbot',
    'slackbot',
    'slack-imgproxy',
    'discordbot',
    'telegrambot',
    'whatsapp/',
    'skypeuripreview',
    'pinterestbot',
    'redditbot',
    'embedly',
    'quora link preview',
    'vkshare',
    'iframely',
    'bitlybot',
    'mastodon/',
    'line-poker',
    'zoominfobot',
    // SEO, archives and AI crawlers.
    'semrushbot',
    'ahrefsbot',
    'mj12bot',
    'dotbot',
    'rogerbot',
    'screaming frog',
    'ia_archiver',
    'archive\\.org_bot',
    'gptbot',
    'chatgpt-user',
    'oai-searchbot',
    'claudebot',
    'claude-web',
    'anthropic-ai',
    'perplexitybot',
    'ccbot',
    'bytespider',
    'amazonbot',
    // Monitors.
    'uptimerobot',
    'pingdom',
    'statuscake',
    // Generic self-descriptions: "... bot/1.0", "SomethingCrawler", "spider".
    '\\b(?:bot|scraper)\\b',
    'crawler',
    'spider',
    '\\bcrawl',
  ].join('|'),
  'i',
);

/** Whether a User-Agent names a known robot (see KNOWN_BOTS); an absent one is not (it proves nothing either way). */
export function isKnownBot(userAgent: string | null | undefined): boolean {
  return !!userAgent && KNOWN_BOTS.test(userAgent);
}
