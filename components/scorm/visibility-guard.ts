// The spec's visibility guard (docs/specification.md "Routes and navigation"): while SCORM content runs, the course navigation, the player's
// container, nav, sidebar and panels stay visible; a MutationObserver puts display, visibility and opacity
// back. (Content runs on the organization's content host and cannot reach this page's DOM; the rule holds
// whatever else would hide them.) Elements opt in with the data attribute below (value: navigation |
// container | nav | sidebar | panel).

export const KEEP_VISIBLE_ATTRIBUTE = "data-scorm-keep-visible";

/** The props that mark an element for the guard (spread onto it). */
export const visiblyKept = (kind: string) => ({ [KEEP_VISIBLE_ATTRIBUTE]: kind });

export interface ComputedVisibility {
  display: string;
  visibility: string;
  opacity: string;
}

/** The inline style properties to clear so the element shows again; empty when it is visible. */
export function hiddenProperties(
  inline: ComputedVisibility,
  computed: ComputedVisibility,
): Array<keyof ComputedVisibility> {
  const hidden: Array<keyof ComputedVisibility> = [];
  if (computed.display === "none" || inline.display === "none") hidden.push("display");
  if (
    computed.visibility === "hidden" ||
    computed.visibility === "collapse" ||
    inline.visibility === "hidden" ||
    inline.visibility === "collapse"
  )
    hidden.push("visibility");
  const opacity = Number.parseFloat(inline.opacity || computed.opacity);
  if (!Number.isNaN(opacity) && opacity < 0.05) hidden.push("opacity");
  return hidden;
}

/** Whether an attribute change can hide an element (style, class, hidden, aria-hidden). */
export function isHidingAttribute(name: string | null): boolean {
  return name === "style" || name === "class" || name === "hidden";
}

function restore(element: HTMLElement): void {
  if (element.hasAttribute("hidden")) element.removeAttribute("hidden");
  const style = element.ownerDocument.defaultView?.getComputedStyle(element);
  if (!style) return;
  const inline = {
    display: element.style.display,
    visibility: element.style.visibility,
    opacity: element.style.opacity,
  };
  for (const property of hiddenProperties(inline, {
    display: style.display,
    visibility: style.visibility,
    opacity: style.opacity,
  })) {
    element.style.removeProperty(property);
    // A stylesheet or class may still hide it: force the visible value inline.
    const after = element.ownerDocument.defaultView?.getComputedStyle(element);
    if (property === "display" && after?.display === "none") element.style.setProperty("display", "block", "important");
    if (property === "visibility" && after?.visibility !== "visible")
      element.style.setProperty("visibility", "visible", "important");
    if (property === "opacity" && Number.parseFloat(after?.opacity ?? "1") < 0.05)
      element.style.setProperty("opacity", "1", "important");
  }
}

function guarded(doc: Document): HTMLElement[] {
  return Array.from(doc.querySelectorAll<HTMLElement>(`[${KEEP_VISIBLE_ATTRIBUTE}]`));
}

/**
 * Starts guarding the document's marked elements; the returned function stops and makes every marked
 * element visible again (called on unmount, so a route change resets all panels).
 */
export function startVisibilityGuard(doc: Document): () => void {
  let restoring = false;
  const check = () => {
    if (restoring) return;
    restoring = true;
    try {
      for (const element of guarded(doc)) restore(element);
    } finally {
      restoring = false;
    }
  };
  const observer = new MutationObserver((records) => {
    if (records.some((record) => record.type === "childList" || isHidingAttribute(record.attributeName))) check();
  });
  observer.observe(doc.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["style", "class", "hidden"],
  });
  check();
  return () => {
    observer.disconnect();
    for (const element of guarded(doc)) restore(element);
  };
}
