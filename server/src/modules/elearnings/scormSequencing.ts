import type {
  ScormActivity,
  ScormExtendedObjectiveMap,
  ScormObjective,
  ScormRollupRule,
  ScormSequencingRule,
  ScormSequencingTree,
  ScormSharedDataMap,
} from '@dash/shared-core';
import { ApiHttpError } from '../../http/errors';

/**
 * SCORM 2004 sequencing from imsmanifest.xml (docs/scorm.md "Sequencing"): the organization as an activity tree with
 * each item's `imsss:sequencing` (control modes, pre / exit / post condition rules, limit conditions, rollup rules,
 * objectives with mapInfo, delivery controls) and `adlnav:presentation` (buttons the player hides), in the shape
 * scorm-again's sequencing engine takes (`sequencing.activityTree`). `IDRef` to an `imsss:sequencingCollection` entry
 * is resolved here: the item's own elements win over the collection's. Works on the tree the manifest parser made
 * (namespace prefixes removed, attributes as `@_name`).
 */

type XmlNode = Record<string, unknown>;

/** Deeper trees than this are refused (a real course has 3 or 4 levels; recursion must stay bounded). */
export const MAX_ACTIVITY_DEPTH = 20;
/** Rules per list and conditions per rule (real manifests have a handful). */
const MAX_RULES = 50;

function list(value: unknown): XmlNode[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter((item): item is XmlNode => typeof item === 'object');
}

function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function bool(node: XmlNode | undefined, name: string): boolean | undefined {
  const value = attr(node, name);
  if (value === undefined) return undefined;
  return value === 'true' || value === '1';
}

function num(node: XmlNode | undefined, name: string): number | undefined {
  const value = attr(node, name);
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (Array.isArray(value)) return textOf(value[0]);
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as XmlNode)['#text']);
  return '';
}

/** Drops undefined values, so that the stored JSON holds only what the manifest says. */
function compact<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}

const RULE_CONDITIONS = new Set([
  'satisfied',
  'objectiveStatusKnown',
  'objectiveMeasureKnown',
  'objectiveMeasureGreaterThan',
  'objectiveMeasureLessThan',
  'completed',
  'activityProgressKnown',
  'attempted',
  'attemptLimitExceeded',
  'timeLimitExceeded',
  'outsideAvailableTimeRange',
  'always',
]);
const ROLLUP_CONDITIONS = new Set([
  'satisfied',
  'objectiveStatusKnown',
  'objectiveMeasureKnown',
  'completed',
  'activityProgressKnown',
  'attempted',
  'attemptLimitExceeded',
  'timeLimitExceeded',
  'outsideAvailableTimeRange',
]);
const PRE_ACTIONS = new Set(['skip', 'disabled', 'hiddenFromChoice', 'stopForwardTraversal']);
const EXIT_ACTIONS = new Set(['exit']);
const POST_ACTIONS = new Set(['exitParent', 'exitAll', 'retry', 'retryAll', 'continue', 'previous']);
const ROLLUP_ACTIONS = new Set(['satisfied', 'notSatisfied', 'completed', 'incomplete']);
const CHILD_SETS = new Set(['all', 'any', 'none', 'atLeastCount', 'atLeastPercent']);
const HIDE_TOKENS = new Set(['continue', 'previous', 'exit', 'exitAll', 'abandon', 'abandonAll', 'suspendAll']);

/** scorm-again names the "activity progress known" condition `progressKnown` in rules it evaluates. */
const CONDITION_NAMES: Record<string, string> = { activityProgressKnown: 'progressKnown' };

function rules(nodes: XmlNode[], actions: Set<string>): ScormSequencingRule[] {
  const result: ScormSequencingRule[] = [];
  for (const rule of nodes.slice(0, MAX_RULES)) {
    const action = attr(list(rule.ruleAction)[0], 'action') ?? '';
    if (!actions.has(action)) continue;
    const conditionsNode = list(rule.ruleConditions)[0];
    const conditions = list(conditionsNode?.ruleCondition)
      .slice(0, MAX_RULES)
      .flatMap((condition) => {
        const name = attr(condition, 'condition') ?? '';
        if (!RULE_CONDITIONS.has(name)) return [];
        const threshold = num(condition, 'measureThreshold');
        return [
          compact({
            condition: CONDITION_NAMES[name] ?? name,
            operator: attr(condition, 'operator') === 'not' ? ('not' as const) : undefined,
            referencedObjective: attr(condition, 'referencedObjective') || undefined,
            parameters: threshold === undefined ? undefined : { threshold },
          }),
        ];
      });
    // A rule without a condition it understands would fire always: left out instead.
    if (conditions.length === 0) continue;
    result.push({
      action,
      conditionCombination: attr(conditionsNode, 'conditionCombination') === 'any' ? 'any' : 'all',
      conditions,
    });
  }
  return result;
}

function rollupRules(node: XmlNode | undefined): ScormRollupRule[] {
  const result: ScormRollupRule[] = [];
  for (const rule of list(node?.rollupRule).slice(0, MAX_RULES)) {
    const action = attr(list(rule.rollupAction)[0], 'action') ?? '';
    if (!ROLLUP_ACTIONS.has(action)) continue;
    const conditionsNode = list(rule.rollupConditions)[0];
    const conditions = list(conditionsNode?.rollupCondition)
      .slice(0, MAX_RULES)
      .flatMap((condition) => {
        const name = attr(condition, 'condition') ?? '';
        if (!ROLLUP_CONDITIONS.has(name)) return [];
        return [
          compact({
            condition: CONDITION_NAMES[name] ?? name,
            operator: attr(condition, 'operator') === 'not' ? ('not' as const) : undefined,
          }),
        ];
      });
    if (conditions.length === 0) continue;
    const childActivitySet = attr(rule, 'childActivitySet') ?? 'all';
    result.push(
      compact({
        action,
        consideration: CHILD_SETS.has(childActivitySet) ? childActivitySet : 'all',
        conditionCombination:
          attr(conditionsNode, 'conditionCombination') === 'all' ? ('all' as const) : ('any' as const),
        minimumCount: num(rule, 'minimumCount'),
        minimumPercent: num(rule, 'minimumPercent'),
        conditions,
      }),
    );
  }
  return result;
}

function objective(node: XmlNode, isPrimary: boolean): ScormObjective | null {
  const objectiveID = attr(node, 'objectiveID');
  if (!objectiveID) return null;
  const minNormalizedMeasure = Number(textOf(node.minNormalizedMeasure));
  return compact({
    objectiveID: objectiveID.slice(0, 4000),
    isPrimary,
    satisfiedByMeasure: bool(node, 'satisfiedByMeasure'),
    minNormalizedMeasure:
      textOf(node.minNormalizedMeasure) !== '' && Number.isFinite(minNormalizedMeasure)
        ? minNormalizedMeasure
        : undefined,
    mapInfo: list(node.mapInfo).flatMap((map) => {
      const targetObjectiveID = attr(map, 'targetObjectiveID');
      if (!targetObjectiveID) return [];
      return [
        compact({
          targetObjectiveID: targetObjectiveID.slice(0, 4000),
          // The manifest's defaults: read true, write false.
          readSatisfiedStatus: bool(map, 'readSatisfiedStatus') ?? true,
          readNormalizedMeasure: bool(map, 'readNormalizedMeasure') ?? true,
          writeSatisfiedStatus: bool(map, 'writeSatisfiedStatus') ?? false,
          writeNormalizedMeasure: bool(map, 'writeNormalizedMeasure') ?? false,
        }),
      ];
    }),
  });
}

/** The sequencing settings of one `imsss:sequencing` element (the activity's own, or a collection's entry). */
function sequencingOf(node: XmlNode): Partial<ScormActivity> {
  const result: Partial<ScormActivity> = {};
  const control = list(node.controlMode)[0];
  if (control) {
    result.sequencingControls = compact({
      choice: bool(control, 'choice'),
      choiceExit: bool(control, 'choiceExit'),
      flow: bool(control, 'flow'),
      forwardOnly: bool(control, 'forwardOnly'),
      useCurrentAttemptObjectiveInfo: bool(control, 'useCurrentAttemptObjectiveInfo'),
      useCurrentAttemptProgressInfo: bool(control, 'useCurrentAttemptProgressInfo'),
    });
  }
  const constrained = list(node.constrainedChoiceConsiderations)[0];
  if (constrained) {
    result.sequencingControls = compact({
      ...result.sequencingControls,
      preventActivation: bool(constrained, 'preventActivation'),
      constrainChoice: bool(constrained, 'constrainChoice'),
    });
  }
  const rollupNode = list(node.rollupRules)[0];
  if (rollupNode) {
    result.sequencingControls = compact({
      ...result.sequencingControls,
      rollupObjectiveSatisfied: bool(rollupNode, 'rollupObjectiveSatisfied'),
      rollupProgressCompletion: bool(rollupNode, 'rollupProgressCompletion'),
      objectiveMeasureWeight: num(rollupNode, 'objectiveMeasureWeight'),
    });
    const parsed = rollupRules(rollupNode);
    if (parsed.length > 0) result.rollupRules = { rules: parsed };
  }
  const delivery = list(node.deliveryControls)[0];
  if (delivery) {
    result.deliveryControls = compact({
      tracked: bool(delivery, 'tracked'),
      completionSetByContent: bool(delivery, 'completionSetByContent'),
      objectiveSetByContent: bool(delivery, 'objectiveSetByContent'),
    });
  }
  const rulesNode = list(node.sequencingRules)[0];
  if (rulesNode) {
    const pre = rules(list(rulesNode.preConditionRule), PRE_ACTIONS);
    const exit = rules(list(rulesNode.exitConditionRule), EXIT_ACTIONS);
    const post = rules(list(rulesNode.postConditionRule), POST_ACTIONS);
    result.sequencingRules = compact({
      preConditionRules: pre.length ? pre : undefined,
      exitConditionRules: exit.length ? exit : undefined,
      postConditionRules: post.length ? post : undefined,
    });
  }
  const limits = list(node.limitConditions)[0];
  const attemptLimit = num(limits, 'attemptLimit');
  if (attemptLimit !== undefined && attemptLimit > 0) result.attemptLimit = Math.floor(attemptLimit);
  result.attemptAbsoluteDurationLimit = duration(attr(limits, 'attemptAbsoluteDurationLimit'));
  result.activityAbsoluteDurationLimit = duration(attr(limits, 'activityAbsoluteDurationLimit'));
  const randomization = list(node.randomizationControls)[0];
  if (randomization) {
    const selectCount = num(randomization, 'selectCount');
    result.sequencingControls = compact({
      ...result.sequencingControls,
      selectionTiming: timing(attr(randomization, 'selectionTiming')),
      randomizationTiming: timing(attr(randomization, 'randomizationTiming')),
      selectCount: selectCount !== undefined && selectCount >= 0 ? Math.floor(selectCount) : undefined,
      randomizeChildren: bool(randomization, 'reorderChildren'),
    });
  }
  // imsss:objectives and adlseq:objectives share a name once the prefixes are gone. The first of an id counts; an
  // id seen again (adlseq's, which extends an imsss objective) adds its extended maps to that objective.
  const byId = new Map<string, ScormObjective>();
  for (const objectivesNode of list(node.objectives)) {
    const primary = list(objectivesNode.primaryObjective)[0];
    const parsedPrimary = primary ? objective(primary, true) : null;
    if (parsedPrimary && !result.primaryObjective) {
      result.primaryObjective = parsedPrimary;
      byId.set(parsedPrimary.objectiveID, parsedPrimary);
    }
    for (const other of list(objectivesNode.objective)) {
      const id = attr(other, 'objectiveID')?.slice(0, 4000);
      const known = id === undefined ? undefined : byId.get(id);
      if (known) {
        known.mapInfo = [...known.mapInfo, ...extendedMaps(other)].slice(0, MAX_RULES);
        continue;
      }
      const parsed = objective(other, false);
      if (!parsed) continue;
      byId.set(parsed.objectiveID, parsed);
      result.objectives = [...(result.objectives ?? []), parsed];
    }
  }
  return result;
}

const TIMINGS = new Set(['never', 'once', 'onEachNewAttempt']);

function timing(value: string | undefined): 'never' | 'once' | 'onEachNewAttempt' | undefined {
  return value !== undefined && TIMINGS.has(value) ? (value as 'never' | 'once' | 'onEachNewAttempt') : undefined;
}

/** An ISO 8601 duration as SCORM writes it (`PT1H30M`, `P1DT2H`, `PT45.5S`); anything else is left out. */
function duration(value: string | undefined): string | undefined {
  if (value === undefined || value.length > 60) return undefined;
  return /^P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/.test(value) ? value : undefined;
}

const EXTENDED_FLAGS = ['RawScore', 'MinScore', 'MaxScore', 'CompletionStatus', 'ProgressMeasure'] as const;

/**
 * The maps of an `adlseq:objective` (SCORM 2004 4th edition): what it shares with a global objective beyond
 * satisfaction and measure. Defaults as ADL's: read true, write false.
 */
function extendedMaps(node: XmlNode): ScormExtendedObjectiveMap[] {
  return list(node.mapInfo).flatMap((map) => {
    const targetObjectiveID = attr(map, 'targetObjectiveID');
    if (!targetObjectiveID) return [];
    const entry: ScormExtendedObjectiveMap = {
      targetObjectiveID: targetObjectiveID.slice(0, 4000),
      readSatisfiedStatus: false,
      readNormalizedMeasure: false,
      writeSatisfiedStatus: false,
      writeNormalizedMeasure: false,
    };
    for (const flag of EXTENDED_FLAGS) {
      entry[`read${flag}`] = bool(map, `read${flag}`) ?? true;
      entry[`write${flag}`] = bool(map, `write${flag}`) ?? false;
    }
    return [entry];
  });
}

/** adlcp:data's maps: the shared data stores (`adl.data`) of the activity. Defaults as ADL's: read true, write false. */
function sharedDataMapsOf(item: XmlNode): ScormSharedDataMap[] | undefined {
  const maps = list(list(item.data)[0]?.map)
    .slice(0, MAX_RULES)
    .flatMap((map) => {
      const targetID = attr(map, 'targetID');
      if (!targetID || targetID.length > 4000) return [];
      return [
        {
          targetID,
          readSharedData: bool(map, 'readSharedData') ?? true,
          writeSharedData: bool(map, 'writeSharedData') ?? false,
        },
      ];
    });
  return maps.length > 0 ? maps : undefined;
}

function hideLmsUiOf(item: XmlNode): string[] | undefined {
  const presentation = list(item.presentation)[0];
  const navigation = list(presentation?.navigationInterface)[0];
  const raw = navigation?.hideLMSUI;
  const entries: unknown[] = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  const tokens = [...new Set(entries.map(textOf).filter((token) => HIDE_TOKENS.has(token)))];
  return tokens.length > 0 ? tokens : undefined;
}

/**
 * True when the manifest speaks of sequencing: an `imsss:sequencing` (an item's, the organization's, a collection's)
 * or an `adlnav:presentation` element, under any prefix.
 */
export function hasSequencing(xml: string): boolean {
  return /<([\w.-]+:)?(sequencing|sequencingCollection|presentation)[\s/>]/.test(xml);
}

export interface SequencingInput {
  organization: XmlNode;
  manifest: XmlNode;
  /** The id the manifest parser gave each launchable item node (its identifier, or `item-<n>`). */
  idOf: Map<XmlNode, string>;
  titleOf: (node: XmlNode) => string;
  /** The title per language from the item's metadata, where it gives any. */
  titlesOf?: (node: XmlNode) => Partial<Record<'de_DE' | 'en_GB', string>> | undefined;
}

/**
 * The activity tree of the organization. Items that cannot be launched and have no children (a resource missing)
 * are left out, like in the items list. Ids are the manifest parser's (unique); a cluster without an identifier
 * gets `cluster-<n>`.
 */
export function parseSequencing({
  organization,
  manifest,
  idOf,
  titleOf,
  titlesOf,
}: SequencingInput): ScormSequencingTree {
  const collections = new Map<string, XmlNode>();
  for (const collection of list(manifest.sequencingCollection)) {
    for (const entry of list(collection.sequencing)) {
      const id = attr(entry, 'ID');
      if (id) collections.set(id, entry);
    }
  }
  const used = new Set(idOf.values());
  let clusters = 0;
  const settingsOf = (node: XmlNode): Partial<ScormActivity> => {
    const own = list(node.sequencing)[0];
    if (!own) return {};
    const ref = attr(own, 'IDRef');
    const shared = ref ? collections.get(ref) : undefined;
    return { ...(shared ? sequencingOf(shared) : {}), ...sequencingOf(own) };
  };
  const build = (node: XmlNode, depth: number, isRoot: boolean): ScormActivity | null => {
    if (depth > MAX_ACTIVITY_DEPTH) throw new ApiHttpError(400, 'ElearningPackage.InvalidManifest');
    const children = list(node.item)
      .map((child) => build(child, depth + 1, false))
      .filter((child): child is ScormActivity => child !== null);
    const launchId = idOf.get(node);
    if (!isRoot && !launchId && children.length === 0) return null;
    let id = isRoot ? attr(node, 'identifier') || 'organization' : launchId || attr(node, 'identifier') || '';
    // Clusters and the root take ids no launchable item has.
    if (!launchId) {
      while (!id || used.has(id) || id.length > 200) {
        clusters += 1;
        id = `cluster-${clusters}`;
      }
      used.add(id);
    }
    return compact({
      id,
      title: titleOf(node) || id,
      titles: titlesOf?.(node),
      launchable: launchId !== undefined,
      isVisible: attr(node, 'isvisible') === 'false' ? false : undefined,
      ...settingsOf(node),
      hideLmsUi: hideLmsUiOf(node),
      sharedDataMaps: sharedDataMapsOf(node),
      children: children.length > 0 ? children : undefined,
    });
  };
  const root = build(organization, 0, true);
  if (!root) throw new ApiHttpError(400, 'Elearning.EmptyScormPath');
  return { activityTree: root };
}

/** The tree as a learner of `language` sees it: each activity's title in that language where the package gives one. */
export function treeInLanguage(tree: ScormSequencingTree, language: 'de_DE' | 'en_GB'): ScormSequencingTree {
  const localise = ({ titles, children, ...activity }: ScormActivity): ScormActivity =>
    compact({
      ...activity,
      title: titles?.[language] ?? activity.title,
      children: children?.map(localise),
    });
  return { ...tree, activityTree: localise(tree.activityTree) };
}
