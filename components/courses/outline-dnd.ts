"use client";

import {
  closestCenter,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import {
  describePosition,
  dropResult,
  parseDragId,
  titleOf,
  type DragRef,
  type Outline,
} from "@/components/courses/outline-state";

// dnd-kit configuration for the outline: how a drag starts per input, which targets a dragged item may
// land on, and what a screen reader hears. The outline's state logic stays in outline-state.ts.

/** A module lands among modules; a lesson among lessons, or in an empty module's drop zone. */
function accepts(active: DragRef | null, target: DroppableContainer): boolean {
  const type = parseDragId(target.id)?.type;
  if (active?.type === "module") return type === "module";
  return type === "lesson" || type === "container";
}

export const outlineCollisionDetection: CollisionDetection = (args) => {
  const active = parseDragId(args.active.id);
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => accepts(active, c)) });
};

/** dnd-kit's sortable arrow-key movement, over the same targets as the pointer may use. */
const outlineKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const active = parseDragId(args.active);
  const all = args.context.droppableContainers;
  const kept = all.toArray().filter((c) => accepts(active, c));
  const filtered = Object.assign(new Map(kept.map((c) => [c.id, c])), {
    get: (id: string | number | null | undefined) => (id == null ? undefined : all.get(id)),
    toArray: () => kept,
    getEnabled: () => kept.filter((c) => !c.disabled),
    getNodeFor: (id: string | number | null | undefined) => all.getNodeFor(id),
  }) as unknown as typeof all;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered } });
};

/**
 * Pointer: a drag starts after 5 px of movement, so clicks on the row's buttons stay clicks. Touch: after
 * a 120 ms long press (moving more than 5 px first scrolls instead). Keyboard: Space lifts and drops,
 * the arrows move, Escape cancels.
 */
export function useOutlineSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: outlineKeyboardCoordinates,
      keyboardCodes: { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space] },
    }),
  );
}

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    "To move this item, press Space to pick it up. Use the up and down arrow keys to move it, press Space again to drop it in its new position, or press Escape to cancel.",
};

const kindLabel = (ref: DragRef) => (ref.type === "module" ? "Module" : "Lesson");

/**
 * What a screen reader hears. `outline` returns the latest outline (the editor updates it in its handlers,
 * which dnd-kit calls just before these); while dragging, the position described is where a drop would put it.
 */
export function outlineAnnouncements(outline: () => Outline): Announcements {
  const describe = (id: string | number, verb: string, where: Outline = outline()) => {
    const ref = parseDragId(id);
    if (!ref) return undefined;
    return `${kindLabel(ref)} ${titleOf(where, ref)} ${verb} ${describePosition(where, ref)}.`;
  };
  // dnd-kit reports the item over itself right after the pick-up: that is not news.
  let lastOver: string | number | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return describe(active.id, "picked up. It is in");
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver) return undefined;
      lastOver = over.id;
      return describe(active.id, "moved to", dropResult(outline(), parseDragId(active.id), parseDragId(over.id)));
    },
    onDragEnd: ({ active }) => describe(active.id, "dropped. It is now in"),
    onDragCancel: ({ active }) => describe(active.id, "was not moved. It is back in"),
  };
}
