import { describe, expect, it } from "vitest";
import {
  addLesson,
  addModule,
  describePosition,
  dropResult,
  dragId,
  moveLesson,
  moveLessonOver,
  moveModule,
  parseDragId,
  removeLesson,
  removeModule,
  sameOrder,
  toReorderPayload,
  updateLesson,
  type Outline,
} from "@/components/courses/outline-state";

function outline(spec: Record<string, string[]>): Outline {
  return Object.entries(spec).map(([moduleId, lessonIds], m) => ({
    id: moduleId,
    course_id: "course",
    title: `Module ${moduleId}`,
    description: "",
    position: m + 1,
    lessons: lessonIds.map((id, l) => ({
      id,
      module_id: moduleId,
      title: `Lesson ${id}`,
      kind: "text" as const,
      position: l + 1,
      is_required: true,
      duration_seconds: null,
    })),
  }));
}

const order = (modules: Outline) => Object.fromEntries(modules.map((m) => [m.id, m.lessons.map((l) => l.id)]));

function expectConsistent(modules: Outline) {
  modules.forEach((m, i) => {
    expect(m.position).toBe(i + 1);
    m.lessons.forEach((l, j) => {
      expect(l.position).toBe(j + 1);
      expect(l.module_id).toBe(m.id);
    });
  });
}

describe("drag ids", () => {
  it("round-trip with their type", () => {
    expect(parseDragId(dragId({ type: "lesson", id: "abc" }))).toEqual({ type: "lesson", id: "abc" });
    expect(parseDragId("module:x")).toEqual({ type: "module", id: "x" });
    expect(parseDragId("container:m1")).toEqual({ type: "container", id: "m1" });
  });
  it("refuse anything else", () => {
    expect(parseDragId("nonsense")).toBeNull();
    expect(parseDragId("other:1")).toBeNull();
    expect(parseDragId(7)).toBeNull();
    expect(parseDragId(null)).toBeNull();
  });
});

describe("moveModule", () => {
  it("moves a module down and renumbers", () => {
    const result = moveModule(outline({ a: ["1"], b: ["2"], c: [] }), "a", "c");
    expect(result.map((m) => m.id)).toEqual(["b", "c", "a"]);
    expectConsistent(result);
  });
  it("moves a module up", () => {
    expect(moveModule(outline({ a: [], b: [], c: [] }), "c", "a").map((m) => m.id)).toEqual(["c", "a", "b"]);
  });
  it("returns the same outline for unknown ids or no move", () => {
    const start = outline({ a: [], b: [] });
    expect(moveModule(start, "a", "a")).toBe(start);
    expect(moveModule(start, "a", "zzz")).toBe(start);
  });
});

describe("moveLesson", () => {
  it("reorders within a module", () => {
    const result = moveLesson(outline({ a: ["1", "2", "3"] }), "1", "a", 2);
    expect(order(result)).toEqual({ a: ["2", "3", "1"] });
    expectConsistent(result);
  });
  it("moves to another module at an index and updates module_id", () => {
    const result = moveLesson(outline({ a: ["1", "2"], b: ["3", "4"] }), "2", "b", 1);
    expect(order(result)).toEqual({ a: ["1"], b: ["3", "2", "4"] });
    expectConsistent(result);
  });
  it("moves into an empty module, clamping the index", () => {
    const result = moveLesson(outline({ a: ["1"], b: [] }), "1", "b", 99);
    expect(order(result)).toEqual({ a: [], b: ["1"] });
    expectConsistent(result);
  });
  it("ignores unknown lessons and modules", () => {
    const start = outline({ a: ["1"] });
    expect(moveLesson(start, "nope", "a", 0)).toBe(start);
    expect(moveLesson(start, "1", "nope", 0)).toBe(start);
    expect(moveLesson(start, "1", "a", 0)).toBe(start);
  });
});

describe("moveLessonOver", () => {
  const start = outline({ a: ["1", "2"], b: ["3", "4"], c: [] });
  it("takes the place of a lesson of the same module", () => {
    expect(order(moveLessonOver(start, "1", { type: "lesson", id: "2" }))).toMatchObject({ a: ["2", "1"] });
  });
  it("goes before a lesson of another module, or after it when asked", () => {
    expect(order(moveLessonOver(start, "1", { type: "lesson", id: "3" }))).toMatchObject({
      a: ["2"],
      b: ["1", "3", "4"],
    });
    expect(order(moveLessonOver(start, "1", { type: "lesson", id: "4" }, true))).toMatchObject({
      a: ["2"],
      b: ["3", "4", "1"],
    });
  });
  it("goes to the end of an empty module's drop zone or a module", () => {
    expect(order(moveLessonOver(start, "4", { type: "container", id: "c" }))).toMatchObject({ b: ["3"], c: ["4"] });
    expect(order(moveLessonOver(start, "1", { type: "module", id: "b" }))).toMatchObject({
      a: ["2"],
      b: ["3", "4", "1"],
    });
  });
  it("does nothing over itself or its own module", () => {
    expect(moveLessonOver(start, "1", { type: "lesson", id: "1" })).toBe(start);
    expect(moveLessonOver(start, "1", { type: "module", id: "a" })).toBe(start);
  });
});

describe("toReorderPayload and sameOrder", () => {
  it("lists every module with its lesson ids in order", () => {
    expect(toReorderPayload(outline({ a: ["1", "2"], b: [] }))).toEqual({
      modules: [
        { id: "a", lesson_ids: ["1", "2"] },
        { id: "b", lesson_ids: [] },
      ],
    });
  });
  it("compares orders, not titles", () => {
    const a = outline({ a: ["1", "2"] });
    const renamed = a.map((m) => ({ ...m, title: "Renamed" }));
    expect(sameOrder(a, renamed)).toBe(true);
    expect(sameOrder(a, moveLesson(a, "1", "a", 1))).toBe(false);
  });
});

describe("dialog edits", () => {
  it("adds, updates and removes modules and lessons, keeping positions consistent", () => {
    let modules = addModule(outline({ a: ["1"] }), {
      id: "b",
      course_id: "c",
      title: "New",
      description: "",
      position: 99,
    });
    modules = addLesson(modules, {
      id: "2",
      module_id: "b",
      title: "L",
      kind: "video",
      position: 99,
      is_required: false,
      duration_seconds: 60,
    });
    expect(order(modules)).toEqual({ a: ["1"], b: ["2"] });
    expectConsistent(modules);
    modules = updateLesson(modules, { ...modules[1]!.lessons[0]!, title: "Renamed", position: 42 });
    expect(modules[1]!.lessons[0]).toMatchObject({ title: "Renamed", position: 1 });
    modules = removeLesson(modules, "1");
    modules = removeModule(modules, "a");
    expect(order(modules)).toEqual({ b: ["2"] });
    expectConsistent(modules);
  });
});

describe("describePosition", () => {
  it("names the position of a lesson in its module and of a module", () => {
    const modules = outline({ a: ["1", "2"], b: [] });
    expect(describePosition(modules, { type: "lesson", id: "2" })).toBe("position 2 of 2 in module Module a");
    expect(describePosition(modules, { type: "module", id: "b" })).toBe("position 2 of 2");
  });
});

describe("dropResult", () => {
  const start = outline({ a: ["1", "2"], b: ["3"] });
  it("moves modules over modules and lessons over lessons or drop zones", () => {
    expect(dropResult(start, { type: "module", id: "b" }, { type: "module", id: "a" }).map((m) => m.id)).toEqual([
      "b",
      "a",
    ]);
    expect(order(dropResult(start, { type: "lesson", id: "1" }, { type: "lesson", id: "2" }))).toEqual({
      a: ["2", "1"],
      b: ["3"],
    });
  });
  it("ignores mismatched targets and a drop outside", () => {
    expect(dropResult(start, { type: "module", id: "a" }, { type: "lesson", id: "3" })).toBe(start);
    expect(dropResult(start, { type: "lesson", id: "1" }, { type: "module", id: "b" })).toBe(start);
    expect(dropResult(start, { type: "lesson", id: "1" }, null)).toBe(start);
  });
});
