/**
 * The SEO and readability analysis of one item's text, with Yoast's own analysis library
 * (`yoastseo`, pinned), as the plugin runs it in the editor: the SEO assessor (the cornerstone one
 * for cornerstone content) over a Paper of the rendered text, focus keyphrase, SEO title and its
 * width, meta description, slug, permalink and locale, plus the "previously used keyphrase" check
 * the plugin adds (its bundled plugin, fed the ids of other items with the same keyphrase); the
 * content assessor for readability. Scores are the assessors' overall scores (0–100), as the
 * plugin stores them (`_yoast_wpseo_linkdex`, `_yoast_wpseo_content_score`).
 *
 * Flesch reading ease is no longer among the plugin's readability checks (it moved to its
 * insights); it is computed here with the library's research, stored as a check with the old
 * assessment's bounds (60 and up good, 50 up to 60 ok, below bad) and kept out of the score, so
 * the score stays the plugin's.
 *
 * Pure and synchronous: no database, no clock. A failing check must not lose the others' results,
 * so the library is called per assessor and a throw becomes an empty analysis for that side.
 */
import { assessors, Paper, type AssessmentResult, type Assessor, type Researcher } from 'yoastseo';
import PreviouslyUsedKeyword from 'yoastseo/build/bundledPlugins/previouslyUsedKeywords';
import DefaultResearcher from 'yoastseo/build/languageProcessing/languages/_default/Researcher';
import EnglishResearcher from 'yoastseo/build/languageProcessing/languages/en/Researcher';
import { ratingOfCheck } from './ranks';
import { titleWidth } from './title-width';

export interface AnalysisInput {
  /** The item's rendered text (HTML). */
  html: string;
  keyphrase: string;
  /** The SEO title as the page shows it (templates replaced). */
  title: string;
  description: string;
  slug: string;
  permalink: string;
  /** The site's locale, e.g. en_US. */
  locale: string;
  isCornerstone: boolean;
  /** Ids of other items whose focus keyphrase is this one (two suffice: the check tells none, one, several). */
  keyphraseUsedBy: readonly number[];
}

export interface CheckResult {
  id: string;
  score: number;
  rating: 'feedback' | 'bad' | 'ok' | 'good';
  /** The library's feedback (HTML with links to the plugin's explanations). */
  text: string;
  /** The measured value, for checks that have one (Flesch reading ease). */
  value?: number;
}

export interface AnalysisOutput {
  /** 0–100; null without a focus keyphrase (the plugin stores no keyphrase score then). */
  seoScore: number | null;
  seoResults: CheckResult[];
  readabilityScore: number;
  readabilityResults: CheckResult[];
  fleschReadingEase: number | null;
  readingTimeMinutes: number;
}

/** The library's researchers by language; other languages get its language-neutral one. */
const RESEARCHERS: Readonly<Record<string, new (paper: Paper) => Researcher>> = { en: EnglishResearcher };

function researcherFor(locale: string, paper: Paper): Researcher {
  const language = locale.split(/[_-]/)[0].toLowerCase();
  const Make = Object.prototype.hasOwnProperty.call(RESEARCHERS, language) ? RESEARCHERS[language] : DefaultResearcher;
  return new Make(paper);
}

function checkOf(result: AssessmentResult): CheckResult {
  const score = result.getScore();
  return { id: result._identifier, score, rating: ratingOfCheck(score), text: result.getText() };
}

/** The plugin's previously-used-keyphrase check, with the usage it is given (links as the admin's). */
function previouslyUsedCheck(input: AnalysisInput): PreviouslyUsedKeyword {
  return new PreviouslyUsedKeyword(
    {},
    {
      usedKeywords: input.keyphrase ? { [input.keyphrase]: [...input.keyphraseUsedBy] } : {},
      usedKeywordsPostTypes: {},
      searchUrl: '/wp-admin/edit.php?s={keyword}',
      postUrl: '/wp-admin/post.php?post={id}&action=edit',
    },
  );
}

function run(assessor: Assessor, paper: Paper): { score: number; results: CheckResult[] } {
  assessor.assess(paper);
  return { score: assessor.calculateOverallScore(), results: assessor.getValidResults().map(checkOf) };
}

/** The verdict on a Flesch score, with the bounds of the library's own configuration (fleschReadingEaseScores: 60 and up 9, from 50 6, else 3). */
function fleschCheck(value: number): CheckResult {
  const score = value >= 60 ? 9 : value >= 50 ? 6 : 3;
  const verdict = score === 9 ? 'Good job!' : score === 6 ? 'The copy scores %s in the test, which is considered fairly difficult to read.' : 'The copy scores %s in the test, which is considered difficult to read.';
  return { id: 'fleschReadingEase', score, rating: ratingOfCheck(score), text: `Flesch Reading Ease: ${verdict.replace('%s', String(value))}`, value };
}

const clampScore = (score: number): number => Math.min(100, Math.max(0, Math.round(score)));

export function analyse(input: AnalysisInput): AnalysisOutput {
  const paper = new Paper(input.html, {
    keyword: input.keyphrase,
    title: input.title,
    titleWidth: titleWidth(input.title),
    description: input.description,
    slug: input.slug,
    permalink: input.permalink,
    locale: input.locale || 'en_US',
  });
  const researcher = researcherFor(input.locale || 'en_US', paper);

  const seoAssessor = new (input.isCornerstone ? assessors.CornerstoneSEOAssessor : assessors.SEOAssessor)(researcher);
  const used = previouslyUsedCheck(input);
  seoAssessor.addAssessment('usedKeywords', { getResult: (p) => used.assess(p), isApplicable: (p) => p.hasKeyword() });
  const seo = run(seoAssessor, paper);

  const contentAssessor = new (input.isCornerstone ? assessors.CornerstoneContentAssessor : assessors.ContentAssessor)(researcher);
  const readability = run(contentAssessor, paper);

  // The tree the assessors built is still on the paper: the researches below read it.
  const flesch = researcher.getResearch('getFleschReadingScore') as { score?: number } | undefined;
  // The research answers -1 for a text too short to measure.
  const fleschValue = typeof flesch?.score === 'number' && Number.isFinite(flesch.score) && flesch.score >= 0 ? flesch.score : null;
  const minutes = Number(researcher.getResearch('readingTime'));

  return {
    // The stored score is 0–100 (checks scoring below zero can take the library's mean under 0).
    seoScore: input.keyphrase ? clampScore(seo.score) : null,
    seoResults: seo.results,
    readabilityScore: clampScore(readability.score),
    readabilityResults: fleschValue === null ? readability.results : [...readability.results, fleschCheck(fleschValue)],
    fleschReadingEase: fleschValue,
    readingTimeMinutes: Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0,
  };
}
