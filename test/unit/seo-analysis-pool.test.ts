/**
 * The analysis in worker threads gives exactly what it gives on the event loop: the same texts
 * analysed by a pool of one thread, of two threads at once, and in-process (a pool of size 0)
 * come back deep-equal — scores, every check's result and text, Flesch, reading time. A closed
 * pool refuses work instead of hanging.
 */
import { analyse, type AnalysisInput } from '../../src/domain/seo/analysis';
import { AnalysisPool } from '../../src/domain/seo/analysis-pool';

const BASE: AnalysisInput = { html: '', keyphrase: '', title: 'A title', description: '', slug: 'a-title', permalink: 'http://example.test/a-title/', locale: 'en_US', isCornerstone: false, keyphraseUsedBy: [] };
const FILLER = 'We walked to the park and sat on a bench near the pond with our friends. ';

const SAMPLES: AnalysisInput[] = [
  { ...BASE, html: '<p>The cat sat on the mat. The dog ran to the park. It was a fine day.</p>' },
  {
    ...BASE,
    html: `<p>Apple pie is a sweet dish. ${FILLER.repeat(10)}We love apple pie.</p><h2>Baking apple pie</h2><p>${FILLER.repeat(6)}<a href="http://example.test/crust/">crust</a> <a href="https://elsewhere.example/">more</a></p><img src="pie.jpg" alt="apple pie">`,
    keyphrase: 'apple pie',
    title: 'Apple pie for everyone - Kitchen',
    description: 'Apple pie is a sweet dish that we bake at home every week for the whole family and our friends.',
    slug: 'apple-pie',
    keyphraseUsedBy: [4, 9],
  },
  { ...BASE, html: `<p>${'The report was written by the committee and was approved by the board. '.repeat(8)}</p>`, keyphrase: 'report', isCornerstone: true },
  { ...BASE, html: '<p>Der Hund läuft schnell durch den Park.</p>', keyphrase: 'Hund', locale: 'de_DE' },
  { ...BASE },
];

describe('the analysis pool', () => {
  const one = new AnalysisPool(1);
  const two = new AnalysisPool(2);
  const inProcess = new AnalysisPool(0);
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  test('a worker thread gives what the event loop gives, text by text', async () => {
    for (const input of SAMPLES) {
      const expected = analyse(input);
      expect(await one.analyse(input)).toEqual(expected);
      expect(await inProcess.analyse(input)).toEqual(expected);
    }
  });

  test('two threads given every text at once answer each with its own result', async () => {
    const inputs = [...SAMPLES, ...SAMPLES];
    const results = await Promise.all(inputs.map((input) => two.analyse(input)));
    expect(results).toEqual(inputs.map((input) => analyse(input)));
  });

  test('a closed pool refuses work', async () => {
    const pool = new AnalysisPool(1);
    await pool.analyse(SAMPLES[0]);
    await pool.close();
    await expect(pool.analyse(SAMPLES[0])).rejects.toThrow(/closed/);
  });
});
