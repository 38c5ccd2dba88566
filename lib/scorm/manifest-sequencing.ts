import { formatIsoDuration, parseDuration } from "@/lib/scorm/duration";
import { attr, bool, child, children, num, text, type XmlNode } from "@/lib/scorm/xml";
import type { ManifestObjective, ManifestOrganization, SequencingSettings } from "@/lib/scorm/types";

// SCORM 2004 <imsss:sequencing> (with the adlseq extensions) → scorm-again's SequencingSettings: an
// activity tree whose ids are the item identifiers, sequencing collections referenced by IDRef, rules,
// rollup, objectives with their global maps. Also the objectives each item declares, for cmi.objectives.

type ActivitySettings = NonNullable<SequencingSettings["activityTree"]>;
type CollectionSettings = Exclude<NonNullable<SequencingSettings["collections"]>, unknown[]>[string];
type RulesSettings = NonNullable<ActivitySettings["sequencingRules"]>;
type RuleSettings = NonNullable<RulesSettings["preConditionRules"]>[number];
type RuleCondition = RuleSettings["conditions"][number];
type RollupRule = NonNullable<ActivitySettings["rollupRules"]>["rules"][number];
type RollupCondition = RollupRule["conditions"][number];
type ObjectiveSettings = NonNullable<ActivitySettings["primaryObjective"]>;
type MapInfoSettings = NonNullable<ObjectiveSettings["mapInfo"]>[number];
type ControlsSettings = NonNullable<ActivitySettings["sequencingControls"]>;
type HideLmsUiItem = NonNullable<ActivitySettings["hideLmsUi"]>[number];

/** adlnav:hideLMSUI's vocabulary: the LMS controls an item may ask to hide while it runs. */
const HIDE_LMS_UI = ["continue", "previous", "exit", "exitAll", "abandon", "abandonAll", "suspendAll"] as const;

export interface SequencingContext {
  /** <imsss:sequencingCollection> members by their ID. */
  collections: Map<string, XmlNode>;
}

/** The sequencing that applies to an item: the referenced collection first, then the item's own. */
export function sequencingOf(item: XmlNode, ctx: SequencingContext): XmlNode[] {
  const own = child(item, "sequencing");
  const ref = attr(own, "IDRef");
  const shared = ref ? ctx.collections.get(ref) : undefined;
  return [shared, own].filter((s) => s !== undefined);
}

const setIf = <T extends object, K extends keyof T>(target: T, key: K, value: T[K] | null | undefined) => {
  if (value !== null && value !== undefined) target[key] = value;
};

function mapInfoOf(node: XmlNode): MapInfoSettings {
  const info: MapInfoSettings = { targetObjectiveID: attr(node, "targetObjectiveID") ?? "" };
  const flags = [
    "readSatisfiedStatus",
    "readNormalizedMeasure",
    "writeSatisfiedStatus",
    "writeNormalizedMeasure",
    "readCompletionStatus",
    "writeCompletionStatus",
    "readProgressMeasure",
    "writeProgressMeasure",
    "readRawScore",
    "writeRawScore",
    "readMinScore",
    "writeMinScore",
    "readMaxScore",
    "writeMaxScore",
    "updateAttemptData",
  ] as const;
  for (const flag of flags) setIf(info, flag, bool(attr(node, flag)));
  return info;
}

/** imsss:objectives and adlseq:objectives (same local name) merged by objectiveID; primary first. */
function objectivesOf(seq: XmlNode): { primary: ObjectiveSettings | null; others: ObjectiveSettings[] } | null {
  const groups = children(seq, "objectives");
  if (!groups.length) return null;
  let primary: ObjectiveSettings | null = null;
  const byId = new Map<string, ObjectiveSettings>();
  const read = (node: XmlNode, isPrimary: boolean) => {
    const id = attr(node, "objectiveID") ?? "";
    const existing = isPrimary ? primary : (byId.get(id) ?? (primary?.objectiveID === id && id ? primary : null));
    const objective: ObjectiveSettings = existing ?? { objectiveID: id, isPrimary };
    setIf(objective, "satisfiedByMeasure", bool(attr(node, "satisfiedByMeasure")));
    setIf(objective, "minNormalizedMeasure", num(text(child(node, "minNormalizedMeasure"))));
    const maps = children(node, "mapInfo")
      .map(mapInfoOf)
      .filter((m) => m.targetObjectiveID);
    for (const map of maps) {
      objective.mapInfo ??= [];
      const same = objective.mapInfo.find((m) => m.targetObjectiveID === map.targetObjectiveID);
      if (same) Object.assign(same, map);
      else objective.mapInfo.push(map);
    }
    if (isPrimary) primary = objective;
    else if (!existing) byId.set(id, objective);
  };
  for (const group of groups) {
    for (const p of children(group, "primaryObjective")) read(p, true);
  }
  for (const group of groups) {
    for (const o of children(group, "objective")) read(o, false);
  }
  return { primary, others: [...byId.values()].filter((o) => o.objectiveID) };
}

/** The objectives an item declares (primary first, id-less primaries left out) and its scaled passing score. */
export function itemObjectives(sequencing: XmlNode[]): {
  objectives: ManifestObjective[];
  scaledPassingScore: number | null;
} {
  const found = sequencing
    .map(objectivesOf)
    .filter((o) => o !== null)
    .at(-1);
  if (!found) return { objectives: [], scaledPassingScore: null };
  const toManifest = (o: ObjectiveSettings, primary: boolean): ManifestObjective => ({
    id: o.objectiveID,
    primary,
    satisfiedByMeasure: o.satisfiedByMeasure ?? false,
    // A primary objective satisfied by measure without a measure uses the default, 1.0.
    minNormalizedMeasure: o.minNormalizedMeasure ?? (o.satisfiedByMeasure ? 1 : null),
  });
  const primary = found.primary ? toManifest(found.primary, true) : null;
  const objectives = [...(primary?.id ? [primary] : []), ...found.others.map((o) => toManifest(o, false))];
  return { objectives, scaledPassingScore: primary?.satisfiedByMeasure ? primary.minNormalizedMeasure : null };
}

function rulesOf(seq: XmlNode): RulesSettings | null {
  const rulesNode = child(seq, "sequencingRules");
  if (rulesNode === undefined) return null;
  const read = (name: string): RuleSettings[] =>
    children(rulesNode, name).map((rule) => {
      const conditionsNode = child(rule, "ruleConditions");
      return {
        action: (attr(child(rule, "ruleAction"), "action") ?? "") as RuleSettings["action"],
        conditionCombination: (attr(conditionsNode, "conditionCombination") ??
          "all") as RuleSettings["conditionCombination"],
        conditions: children(conditionsNode, "ruleCondition").map((c) => {
          const condition: RuleCondition = { condition: (attr(c, "condition") ?? "") as RuleCondition["condition"] };
          if (attr(c, "operator") === "not") condition.operator = "not" as RuleCondition["operator"];
          setIf(condition, "referencedObjective", attr(c, "referencedObjective"));
          const threshold = num(attr(c, "measureThreshold"));
          if (threshold !== null) condition.parameters = { threshold };
          return condition;
        }),
      };
    });
  const rules: RulesSettings = {};
  const pre = read("preConditionRule");
  const exit = read("exitConditionRule");
  const post = read("postConditionRule");
  if (pre.length) rules.preConditionRules = pre;
  if (exit.length) rules.exitConditionRules = exit;
  if (post.length) rules.postConditionRules = post;
  return rules;
}

function rollupRulesOf(seq: XmlNode): RollupRule[] {
  return children(child(seq, "rollupRules"), "rollupRule").map((rule) => {
    const conditionsNode = child(rule, "rollupConditions");
    const result: RollupRule = {
      action: (attr(child(rule, "rollupAction"), "action") ?? "") as RollupRule["action"],
      consideration: (attr(rule, "childActivitySet") ?? "all") as RollupRule["consideration"],
      conditionCombination: (attr(conditionsNode, "conditionCombination") ??
        "any") as RollupRule["conditionCombination"],
      conditions: children(conditionsNode, "rollupCondition").map((c) => {
        const condition: RollupCondition = { condition: (attr(c, "condition") ?? "") as RollupCondition["condition"] };
        if (attr(c, "operator") === "not") condition.operator = "not" as RollupCondition["operator"];
        return condition;
      }),
    };
    setIf(result, "minimumCount", num(attr(rule, "minimumCount")));
    setIf(result, "minimumPercent", num(attr(rule, "minimumPercent")));
    return result;
  });
}

function controlsOf(seq: XmlNode, withDelivery: boolean): ControlsSettings | null {
  const controls: ControlsSettings = {};
  const copy = (node: XmlNode, names: readonly (keyof ControlsSettings & string)[]) => {
    for (const name of names) {
      const value = attr(node, name);
      if (value === null) continue;
      const n = num(value);
      (controls as Record<string, unknown>)[name] =
        value === "true" || value === "false" ? value === "true" : (n ?? value);
    }
  };
  copy(child(seq, "controlMode"), [
    "choice",
    "choiceExit",
    "flow",
    "forwardOnly",
    "useCurrentAttemptObjectiveInfo",
    "useCurrentAttemptProgressInfo",
  ]);
  copy(child(seq, "rollupRules"), ["rollupObjectiveSatisfied", "rollupProgressCompletion", "objectiveMeasureWeight"]);
  copy(child(seq, "constrainedChoiceConsiderations"), ["preventActivation", "constrainChoice"]);
  const randomization = child(seq, "randomizationControls");
  copy(randomization, ["selectionTiming", "selectCount", "randomizationTiming"]);
  // The manifest's reorderChildren is scorm-again's randomizeChildren; scorm-again's own reorderChildren
  // records that the order was drawn (with randomizationTiming "once"), so the manifest's value must not reach it.
  const reorder = bool(attr(randomization, "reorderChildren"));
  if (reorder !== null) controls.randomizeChildren = reorder;
  if (withDelivery)
    copy(child(seq, "deliveryControls"), ["tracked", "completionSetByContent", "objectiveSetByContent"]);
  return Object.keys(controls).length ? controls : null;
}

/** The parts of one <sequencing> element that an activity and a collection share. */
function collectionOf(seq: XmlNode, id: string | null, globals: Set<string>): CollectionSettings {
  const settings: CollectionSettings = {};
  setIf(settings, "id", id);
  setIf(settings, "sequencingControls", controlsOf(seq, id !== null));
  setIf(settings, "sequencingRules", rulesOf(seq));
  const rollup = rollupRulesOf(seq);
  if (rollup.length) settings.rollupRules = { rules: rollup };
  const considerations = child(seq, "rollupConsiderations");
  if (considerations !== undefined) {
    const rc: NonNullable<CollectionSettings["rollupConsiderations"]> = {};
    for (const name of [
      "requiredForSatisfied",
      "requiredForNotSatisfied",
      "requiredForCompleted",
      "requiredForIncomplete",
    ] as const) {
      setIf(rc, name, attr(considerations, name) as (typeof rc)[typeof name] | null);
    }
    setIf(rc, "measureSatisfactionIfActive", bool(attr(considerations, "measureSatisfactionIfActive")));
    settings.rollupConsiderations = rc;
  }
  const objectives = objectivesOf(seq);
  if (objectives?.primary?.objectiveID) settings.primaryObjective = objectives.primary;
  if (objectives?.others.length) settings.objectives = objectives.others;
  for (const o of [objectives?.primary, ...(objectives?.others ?? [])]) {
    for (const map of o?.mapInfo ?? []) globals.add(map.targetObjectiveID);
  }
  return settings;
}

function activityOf(node: XmlNode, ctx: SequencingContext, globals: Set<string>): ActivitySettings {
  const id = attr(node, "identifier") ?? "";
  const own = child(node, "sequencing");
  const activity: ActivitySettings = {
    id,
    title: text(child(node, "title")) || id,
    isVisible: bool(attr(node, "isvisible")) ?? true,
  };
  const ref = attr(own, "IDRef");
  if (ref) activity.sequencingCollectionRefs = ref;
  if (own !== undefined) {
    const { id: _ignored, ...shared } = collectionOf(own, null, globals);
    Object.assign(activity, shared);
    const delivery = child(own, "deliveryControls");
    if (delivery !== undefined) {
      activity.deliveryControls = {};
      for (const name of ["tracked", "completionSetByContent", "objectiveSetByContent"] as const)
        setIf(activity.deliveryControls, name, bool(attr(delivery, name)));
    }
    const limits = child(own, "limitConditions");
    setIf(activity, "attemptLimit", num(attr(limits, "attemptLimit")));
    // Checked by scorm-again's sequencer with the attempt's time the runtime keeps (runtime/attempt-time.ts),
    // written the way its setter accepts (it throws on a duration it cannot read, and a malformed manifest
    // value must not cost the package its sequencing).
    const timeLimit = parseDuration(attr(limits, "attemptAbsoluteDurationLimit") ?? "");
    if (timeLimit > 0) activity.attemptAbsoluteDurationLimit = formatIsoDuration(timeLimit);
  }
  const hidden = children(child(child(node, "presentation"), "navigationInterface"), "hideLMSUI")
    .map((token) => text(token))
    .filter((token): token is HideLmsUiItem => (HIDE_LMS_UI as readonly string[]).includes(token));
  if (hidden.length) activity.hideLmsUi = [...new Set(hidden)];
  const threshold = child(node, "completionThreshold");
  if (threshold !== undefined) {
    const fromText = num(text(threshold));
    activity.completionThreshold = {};
    setIf(
      activity.completionThreshold,
      "completedByMeasure",
      bool(attr(threshold, "completedByMeasure")) ?? (fromText !== null ? true : null),
    );
    setIf(activity.completionThreshold, "minProgressMeasure", num(attr(threshold, "minProgressMeasure")) ?? fromText);
    setIf(activity.completionThreshold, "progressWeight", num(attr(threshold, "progressWeight")));
  }
  const maps = children(child(node, "data"), "map")
    .map((m) => ({
      targetID: attr(m, "targetID") ?? "",
      readSharedData: bool(attr(m, "readSharedData")) ?? true,
      writeSharedData: bool(attr(m, "writeSharedData")) ?? false,
    }))
    .filter((m) => m.targetID);
  if (maps.length) activity.sharedDataMaps = maps;
  const kids = children(node, "item").map((c) => activityOf(c, ctx, globals));
  if (kids.length) activity.children = kids;
  return activity;
}

/** scorm-again's sequencing settings for the default organization, and the global objective ids. */
export function buildSequencing(
  orgNode: XmlNode,
  organization: ManifestOrganization,
  ctx: SequencingContext,
): { settings: SequencingSettings; globalObjectiveIds: string[] } {
  const globals = new Set<string>();
  const root = activityOf(orgNode, ctx, globals);
  root.id = organization.identifier;
  root.title = organization.title;
  const collections: Record<string, CollectionSettings> = {};
  for (const [id, seq] of ctx.collections) collections[id] = collectionOf(seq, id, globals);
  const settings: SequencingSettings = { activityTree: root };
  if (Object.keys(collections).length) settings.collections = collections;
  return { settings, globalObjectiveIds: [...globals] };
}
