/**
 * The parts of `yoastseo` (Yoast's analysis library, shipped without types) the analysis uses.
 */
declare module 'yoastseo' {
  export interface PaperAttributes {
    keyword?: string;
    synonyms?: string;
    title?: string;
    titleWidth?: number;
    description?: string;
    slug?: string;
    permalink?: string;
    locale?: string;
  }
  export class Paper {
    constructor(text: string, attributes?: PaperAttributes);
    getKeyword(): string;
    hasKeyword(): boolean;
  }
  export class AssessmentResult {
    constructor();
    getScore(): number;
    setScore(score: number): void;
    getText(): string;
    setText(text: string): void;
    _identifier: string;
  }
  export interface Researcher {
    getResearch(name: string): unknown;
  }
  export interface AssessmentDefinition {
    identifier?: string;
    getResult(paper: Paper, researcher: Researcher): AssessmentResult;
    isApplicable?(paper: Paper, researcher: Researcher): boolean;
  }
  export class Assessor {
    constructor(researcher: Researcher, options?: Record<string, unknown>);
    assess(paper: Paper): void;
    calculateOverallScore(): number;
    getValidResults(): AssessmentResult[];
    addAssessment(name: string, assessment: AssessmentDefinition): boolean;
  }
  export const assessors: {
    SEOAssessor: typeof Assessor;
    CornerstoneSEOAssessor: typeof Assessor;
    ContentAssessor: typeof Assessor;
    CornerstoneContentAssessor: typeof Assessor;
  };
}

declare module 'yoastseo/build/languageProcessing/languages/en/Researcher' {
  import type { Paper, Researcher } from 'yoastseo';
  const EnglishResearcher: new (paper: Paper) => Researcher;
  export default EnglishResearcher;
}

declare module 'yoastseo/build/languageProcessing/languages/_default/Researcher' {
  import type { Paper, Researcher } from 'yoastseo';
  const DefaultResearcher: new (paper: Paper) => Researcher;
  export default DefaultResearcher;
}

declare module 'yoastseo/build/bundledPlugins/previouslyUsedKeywords' {
  import type { AssessmentResult, Paper } from 'yoastseo';
  interface Args {
    usedKeywords: Record<string, number[]>;
    usedKeywordsPostTypes: Record<string, string[]>;
    searchUrl: string;
    postUrl: string;
  }
  export default class PreviouslyUsedKeyword {
    constructor(app: object, args: Args);
    assess(paper: Paper): AssessmentResult;
  }
}
