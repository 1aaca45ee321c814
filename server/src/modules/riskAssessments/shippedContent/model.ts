/**
 * The content model of a risk-assessment type (docs/risk-assessments.md): question groups (one page each),
 * questions with what a later risk needs (load, GDA hazard factor group, source, target, proposed STOP measures)
 * and the answer scale. Content is data: the server writes it into the database on start.
 */
export interface LocalizedText {
  de_DE: string;
  en_GB: string;
}

/** The GDA hazard factor groups (Leitmerkmale of the GDA guidance on risk assessment). */
export const HAZARD_FACTOR_GROUPS = [
  'mechanical',
  'electrical',
  'hazardous-substances',
  'fire-explosion',
  'thermal',
  'physical-agents',
  'work-environment',
  'physical-strain',
  'mental-load',
] as const;
export type HazardFactorGroup = (typeof HAZARD_FACTOR_GROUPS)[number];

/** STOP principle (§4 ArbSchG): substitution before technical before organisational before personal measures. */
export type StopType = 'substitution' | 'technical' | 'organisational' | 'personal';

export interface MeasureContent {
  stop: StopType;
  text: LocalizedText;
}

export interface QuestionContent {
  key: string;
  text: LocalizedText;
  /** The load (hazard) the question measures. */
  load: LocalizedText;
  hazardFactorGroup: HazardFactorGroup;
  /** Source of the hazard (who or what is responsible). */
  source: LocalizedText;
  /** Target: the area of application or the people affected. */
  target: LocalizedText;
  measures: MeasureContent[];
}

export interface ScaleOption {
  value: number;
  label: LocalizedText;
  /** 0 (no hazard) to 3 (high): what the next issue's risk calculation starts from. */
  riskWeight: number;
}

export interface TypeContent {
  identifier: string;
  /** inspection: names who assessed; survey: anonymous staff survey. */
  kind: 'inspection' | 'survey';
  position: number;
  title: LocalizedText;
  description: LocalizedText;
  scale: ScaleOption[];
  groups: { key: string; title: LocalizedText; questions: QuestionContent[] }[];
}

export const text = (de_DE: string, en_GB: string): LocalizedText => ({ de_DE, en_GB });

type Pair = readonly [string, string];

/** A question in one line per field: [German, English] pairs, measures as [STOP type, German, English]. */
export function question(
  key: string,
  hazardFactorGroup: HazardFactorGroup,
  wording: Pair,
  load: Pair,
  source: Pair,
  target: Pair,
  measures: ReadonlyArray<readonly [StopType, string, string]>,
): QuestionContent {
  return {
    key,
    hazardFactorGroup,
    text: text(...wording),
    load: text(...load),
    source: text(...source),
    target: text(...target),
    measures: measures.map(([stop, de, en]) => ({ stop, text: text(de, en) })),
  };
}

/** The inspection scale: every question asks whether a protective condition is met. */
export const INSPECTION_SCALE: ScaleOption[] = [
  { value: 1, label: text('Ja, erfüllt', 'Yes, in place'), riskWeight: 0 },
  { value: 2, label: text('Teilweise erfüllt', 'Partly in place'), riskWeight: 2 },
  { value: 3, label: text('Nein, nicht erfüllt', 'No, not in place'), riskWeight: 3 },
  { value: 0, label: text('Trifft nicht zu', 'Not applicable'), riskWeight: 0 },
];

/** The survey scale: every statement is worded so that agreement means no load. */
export const SURVEY_SCALE: ScaleOption[] = [
  { value: 1, label: text('Trifft zu', 'Applies'), riskWeight: 0 },
  { value: 2, label: text('Trifft eher zu', 'Mostly applies'), riskWeight: 1 },
  { value: 3, label: text('Trifft eher nicht zu', 'Mostly does not apply'), riskWeight: 2 },
  { value: 4, label: text('Trifft nicht zu', 'Does not apply'), riskWeight: 3 },
];
