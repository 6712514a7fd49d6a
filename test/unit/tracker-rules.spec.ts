/**
 * The pure rules of attribution on the merchant's site: which user agents are known robots (their visits are
 * not clicks), when two emails reach the same mailbox (a self-referral), and the program's cookie settings.
 */
import { isKnownBot } from '../../src/modules/clicks/click.rules';
import { newPublishableKey, normalizeProgramSettings } from '../../src/modules/programs/program.rules';
import { mailbox, sameMailbox } from '../../src/modules/referrals/referral.rules';
import { tokenKind } from '../../src/identity/credentials';
import { domainErrorOf } from '../helpers/assertions';

describe('known robots', () => {
  test.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/120.0 Safari/537.36',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Slackbot 1.0 (+https://api.slack.com/robots)',
    'Twitterbot/1.0',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    'WhatsApp/2.23.20.0 A',
    'TelegramBot (like TwitterBot)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
    'Sogou inst spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
    'SomeNewCrawler/1.0',
    'my-link-checker bot/2.1',
  ])('%s is a robot', (ua) => expect(isKnownBot(ua)).toBe(true));

  test.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    // A phone brand whose name ends in "bot", and in-app browsers of apps whose previewers are robots.
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.0',
    // Sogou's browser is a person's.
    'Mozilla/5.0 (Linux; Android 12; SM-A525F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0 Mobile Safari/537.36 SogouMobileBrowser/5.28.9',
    // Headless Chrome is no robot by itself (sites' own tests, prerenderers).
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'node',
    '',
  ])('%s is not', (ua) => expect(isKnownBot(ua)).toBe(false));

  test('no User-Agent proves nothing: not a robot', () => {
    expect(isKnownBot(undefined)).toBe(false);
    expect(isKnownBot(null)).toBe(false);
  });
});

describe('same mailbox (self-referral by email)', () => {
  test.each([
    ['ada@example.com', 'ada@example.com'],
    ['Ada@Example.COM', 'ada@example.com'],
    ['ada+promo@example.com', 'ada@example.com'],
    ['ADA+Promo+2@example.com', 'ada+x@EXAMPLE.com'],
    ['  ada@example.com ', 'ada@example.com'],
  ])('%s and %s: the same', (a, b) => expect(sameMailbox(a, b)).toBe(true));

  test.each([
    ['ada@example.com', 'ada@example.org'],
    ['ada@example.com', 'adam@example.com'],
    ['a.da@example.com', 'ada@example.com'],
    ['+ada@example.com', 'ada@example.com'],
  ])('%s and %s: different', (a, b) => expect(sameMailbox(a, b)).toBe(false));

  test('the mailbox: lower-cased, the +tag dropped, a leading + kept (no local part before it)', () => {
    expect(mailbox('Ada.Lovelace+Newsletter@Example.com')).toBe('ada.lovelace@example.com');
    expect(mailbox('+tag@example.com')).toBe('+tag@example.com');
  });
});

describe('program settings of the tracker', () => {
  test('cookieWindowDays 1 to 365 and attributionModel first_click or last_click', () => {
    expect(normalizeProgramSettings({ cookieWindowDays: 1, attributionModel: 'last_click' }, false)).toEqual({
      cookieWindowDays: 1,
      attributionModel: 'last_click',
    });
    expect(normalizeProgramSettings({ cookieWindowDays: 365 }, false)).toEqual({ cookieWindowDays: 365 });
    for (const bad of [0, 366, 2.5, -1])
      expect(domainErrorOf(() => normalizeProgramSettings({ cookieWindowDays: bad }, false)).details).toEqual([
        { field: 'cookieWindowDays', message: expect.any(String) },
      ]);
    expect(domainErrorOf(() => normalizeProgramSettings({ attributionModel: 'any_click' }, false)).details).toEqual([
      { field: 'attributionModel', message: expect.any(String) },
    ]);
  });

  test('a publishable key: pk_ and 32 base64url characters, a new one each time, of its own token kind', () => {
    const a = newPublishableKey();
    expect(a).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(newPublishableKey()).not.toBe(a);
    expect(tokenKind(a)).toBe('publishableKey');
  });
});
