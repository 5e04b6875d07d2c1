/**
 * The analysis on sample texts whose numbers were worked out by hand (word, sentence and syllable
 * counts in the comments): Flesch reading ease, sentence lengths, passive sentences, keyphrase
 * density, the overall scores and the ranks they give; the title's width in pixels; the ranks'
 * bounds.
 */
import { analyse, type AnalysisInput, type CheckResult } from '../../src/domain/seo/analysis';
import { rankOfScore, seoRank } from '../../src/domain/seo/ranks';
import { titleWidth } from '../../src/domain/seo/title-width';

const BASE: AnalysisInput = { html: '', keyphrase: '', title: 'A title', description: '', slug: 'a-title', permalink: 'http://example.test/a-title/', locale: 'en_US', isCornerstone: false, keyphraseUsedBy: [] };

const check = (results: CheckResult[], id: string): CheckResult => {
  const found = results.find((r) => r.id === id);
  if (!found) throw new Error(`no check ${id} among ${results.map((r) => r.id).join(', ')}`);
  return found;
};

/** 16 words, all of one syllable. */
const FILLER = 'We walked to the park and sat on a bench near the pond with our friends. ';

describe('readability', () => {
  test('short plain sentences read very easily: Flesch capped at 100, every check good', () => {
    // 3 sentences, 17 words, 17 syllables (all one syllable):
    // 206.835 - 1.015 * 17/3 - 84.6 * 17/17 = 116.5, capped at 100 -> good.
    const out = analyse({ ...BASE, html: '<p>The cat sat on the mat. The dog ran to the park. It was a fine day.</p>' });
    expect(out.fleschReadingEase).toBe(100);
    expect(check(out.readabilityResults, 'fleschReadingEase').rating).toBe('good');
    expect(check(out.readabilityResults, 'textSentenceLength').rating).toBe('good');
    expect(check(out.readabilityResults, 'passiveVoice').rating).toBe('good');
    // No penalty points -> 90, rank good.
    expect(out.readabilityScore).toBe(90);
    expect(rankOfScore(out.readabilityScore)).toBe('good');
  });

  test('long words in short sentences are hard to read: Flesch at its floor, bad', () => {
    // 2 sentences, 13 words, about 64 syllables (communication 5, infrastructure 4, modernization 5, ...):
    // 206.835 - 1.015 * 6.5 - 84.6 * 64/13 = -216, floored at 0 -> below 50: bad.
    const out = analyse({
      ...BASE,
      html: '<p>Communication infrastructure modernization necessitates considerable organizational coordination. Administrative bureaucracies systematically underestimate institutional complexity.</p>',
    });
    expect(out.fleschReadingEase).toBe(0);
    expect(check(out.readabilityResults, 'fleschReadingEase').rating).toBe('bad');
  });

  test('sentences over 20 words: four of five too long is bad; with repeated beginnings the score is ok', () => {
    // Each long sentence has 29 words (> 20), 30 syllables ("river" has two); then "We went home." (3 words, 3 syllables).
    // Too long: 4 of 5 sentences = 80% (> 30%: bad). Four consecutive sentences start with "My": bad.
    // Flesch: 119 words, 5 sentences, 123 syllables: 206.835 - 1.015 * 23.8 - 84.6 * 123/119 = 95.2.
    const sentence = 'My friend and I walked down the long road to the old mill by the river where we sat on the grass and ate our lunch in the sun. ';
    const out = analyse({ ...BASE, html: `<p>${sentence.repeat(4)}We went home.</p>` });
    expect(out.fleschReadingEase).toBe(95.2);
    expect(check(out.readabilityResults, 'textSentenceLength').rating).toBe('bad');
    expect(check(out.readabilityResults, 'sentenceBeginnings').rating).toBe('bad');
    // Two bad checks: 3 + 3 = 6 penalty points (> 4, not > 6) -> 60, rank ok.
    expect(out.readabilityScore).toBe(60);
    expect(rankOfScore(out.readabilityScore)).toBe('ok');
  });

  test('passive sentences: four of ten is too many', () => {
    // "was eaten", "was thrown", "was opened", "was sung": 4 passive of 10 sentences = 40% (> 15%: bad).
    const out = analyse({
      ...BASE,
      html: '<p>The cake was eaten by the dog. The ball was thrown by the boy. The door was opened by the man. The song was sung by the girl. '
        + 'We sat in the sun. We ate our lunch. We saw a bird. We went home. We had fun. We slept well.</p>',
    });
    const passive = check(out.readabilityResults, 'passiveVoice');
    expect(passive.rating).toBe('bad');
    expect(passive.text).toContain('40%');
  });
});

describe('SEO', () => {
  const apple = {
    keyphrase: 'apple pie',
    title: 'Apple pie for everyone',
    description: 'Apple pie is a sweet dish that we bake at home every week for the whole family and our friends. It is easy to make.',
    slug: 'apple-pie',
  };

  test('keyphrase density between 0.5% and 3% is good, and the overall score is the mean of the checks', () => {
    // Words: 6 + 10 * 16 + 4 + 10 * 16 + 5 = 335; "apple pie" 3 times: 3 / 335 = 0.9% -> good.
    const out = analyse({ ...BASE, ...apple, html: `<p>Apple pie is a sweet dish. ${FILLER.repeat(10)}We love apple pie. ${FILLER.repeat(10)}Apple pie is the best.</p>` });
    expect(check(out.seoResults, 'keyphraseDensity').rating).toBe('good');
    expect(check(out.seoResults, 'usedKeywords').score).toBe(9);
    // The score is sum(scores) / (checks * 9), in percent.
    const sum = out.seoResults.reduce((total, r) => total + r.score, 0);
    expect(out.seoScore).toBe(Math.round((sum / (out.seoResults.length * 9)) * 100));
    expect(out.seoScore).toBe(76);
    expect(seoRank({ keyphrase: apple.keyphrase, score: out.seoScore, noindex: false })).toBe('good');
  });

  test('keyphrase density below 0.5% and above 3% are both flagged', () => {
    // 6 + 20 * 16 = 326 words, the keyphrase once: 0.31% -> too low.
    const low = analyse({ ...BASE, ...apple, html: `<p>Apple pie is a sweet dish. ${FILLER.repeat(20)}</p>` });
    expect(check(low.seoResults, 'keyphraseDensity').rating).toBe('bad');
    // 6 + 12 * (4 + 16) = 246 words, the keyphrase 13 times: 5.3% -> too high.
    const high = analyse({ ...BASE, ...apple, html: `<p>Apple pie is a sweet dish. ${('Apple pie is good. ' + FILLER).repeat(12)}</p>` });
    const density = check(high.seoResults, 'keyphraseDensity');
    expect(density.rating).toBe('bad');
    expect(density.score).toBeLessThan(0);
    expect(high.seoScore).toBeLessThanOrEqual(40);
    expect(seoRank({ keyphrase: apple.keyphrase, score: high.seoScore, noindex: false })).toBe('bad');
  });

  test('a previously used keyphrase: once is ok, twice or more is bad', () => {
    const html = '<p>Apple pie is a sweet dish.</p>';
    expect(check(analyse({ ...BASE, ...apple, html, keyphraseUsedBy: [] }).seoResults, 'usedKeywords').score).toBe(9);
    expect(check(analyse({ ...BASE, ...apple, html, keyphraseUsedBy: [4] }).seoResults, 'usedKeywords').score).toBe(6);
    expect(check(analyse({ ...BASE, ...apple, html, keyphraseUsedBy: [4, 5] }).seoResults, 'usedKeywords').score).toBe(1);
  });

  test('without a keyphrase there is no SEO score and the rank is na', () => {
    const out = analyse({ ...BASE, html: `<p>${FILLER.repeat(3)}</p>` });
    expect(out.seoScore).toBeNull();
    expect(seoRank({ keyphrase: '', score: out.seoScore, noindex: false })).toBe('na');
    expect(seoRank({ keyphrase: 'x', score: 90, noindex: true })).toBe('noindex');
  });
});

describe('ranks', () => {
  test.each([
    [0, 'na'], [1, 'bad'], [40, 'bad'], [41, 'ok'], [70, 'ok'], [71, 'good'], [100, 'good'], [null, 'na'],
  ])('score %p is %s', (score, rank) => {
    expect(rankOfScore(score)).toBe(rank);
  });
});

describe('title width', () => {
  test('Arial 20px widths: narrow and wide letters, accents as their letters, CJK a full em', () => {
    // Arial advance widths at 20px: W 18.88, i 4.44 (the font's 944 and 222 units per 1000).
    expect(titleWidth('WWWWW')).toBe(94);
    expect(titleWidth('iiiii')).toBe(22);
    expect(titleWidth('é')).toBe(titleWidth('e'));
    expect(titleWidth('日本')).toBe(40);
    expect(titleWidth('')).toBe(0);
  });

  test('a title past 600 pixels is too long for the analysis', () => {
    const title = 'Apple pie '.repeat(12).trim();
    expect(titleWidth(title)).toBeGreaterThan(600);
    const out = analyse({ ...BASE, keyphrase: 'apple pie', title, html: '<p>Apple pie is a sweet dish.</p>' });
    expect(check(out.seoResults, 'titleWidth').rating).toBe('bad');
  });
});
