import * as rruleModule from "rrule";

// rrule ships an ES module build (what Next's bundler and Vitest load) and a CommonJS one, which Node's
// own ESM loader (tsx scripts such as the seed) exposes as a default export only. Either way, one RRule.

type RRuleModule = typeof rruleModule;
const loaded: RRuleModule =
  "RRule" in rruleModule && rruleModule.RRule
    ? rruleModule
    : (rruleModule as unknown as { default: RRuleModule }).default;

export const RRule = loaded.RRule;
export type RRule = InstanceType<typeof RRule>;
