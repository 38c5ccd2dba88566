import type { Cmi5Au, Cmi5Child, Cmi5Structure } from "@/lib/cmi5/course-structure";

// moveOn (cmi5 section 13.1.4 and 9.3.9): when an AU, a block and the course are satisfied. Pure: the
// registration's AU states in, what is satisfied out.

export interface AuState {
  completed?: boolean;
  passed?: boolean;
  failed?: boolean;
  waived?: boolean;
  /** The last scaled score reported with Passed or Failed. */
  score?: number | null;
}

export type AuStates = Record<string, AuState>;

export function auSatisfied(au: Pick<Cmi5Au, "moveOn">, state: AuState | undefined): boolean {
  const s = state ?? {};
  if (s.waived) return true;
  switch (au.moveOn) {
    case "Completed":
      return !!s.completed;
    case "Passed":
      return !!s.passed;
    case "CompletedAndPassed":
      return !!s.completed && !!s.passed;
    case "CompletedOrPassed":
      return !!s.completed || !!s.passed;
    case "NotApplicable":
      return true;
  }
}

/** Something the LMS reports Satisfied for: a block (by its index among the blocks) or the course. */
export type Satisfiable =
  { kind: "block"; index: number; publisherId: string } | { kind: "course"; publisherId: string };

/**
 * What is satisfied now and was not before (`already`: publisher ids already reported), blocks innermost
 * first, then the course, so the statements come in the order the learner reached them.
 */
export function newlySatisfied(
  structure: Cmi5Structure,
  states: AuStates,
  already: ReadonlySet<string>,
): Satisfiable[] {
  const blockIndex = new Map(structure.blocks.map((b, i) => [b.id, i]));
  const out: Satisfiable[] = [];
  const childDone = (child: Cmi5Child): boolean =>
    "au" in child ? auSatisfied(structure.aus[child.au]!, states[child.au]) : blockDone(child.block);
  const blockDone = (id: string): boolean => {
    const block = structure.blocks[blockIndex.get(id)!]!;
    // Every child is looked at, so inner blocks are reported even when a sibling is not done.
    const done = block.children.map(childDone).every(Boolean);
    if (done && !already.has(id)) out.push({ kind: "block", index: blockIndex.get(id)!, publisherId: id });
    return done;
  };
  const courseDone = structure.children.map(childDone).every(Boolean);
  if (courseDone && !already.has(structure.course.id)) out.push({ kind: "course", publisherId: structure.course.id });
  return out;
}

/** The course's share of satisfied AUs, 0–1, for the lesson's progress. */
export function satisfiedShare(structure: Cmi5Structure, states: AuStates): number {
  if (structure.aus.length === 0) return 0;
  return structure.aus.filter((au) => auSatisfied(au, states[au.index])).length / structure.aus.length;
}
