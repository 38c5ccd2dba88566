import { describe, expect, it } from "vitest";
import { type AnchorFacts, type ClickFacts, softNavigation } from "./soft-navigation";

const HERE = { origin: "https://acme.lms.test", pathname: "/dashboard", search: "" };
const CLICK: ClickFacts = { button: 0, modified: false, defaultPrevented: false };
const LINK: AnchorFacts = {
  href: "https://acme.lms.test/courses/c1",
  target: "",
  download: false,
  soft: true,
  replace: false,
  keepScroll: false,
};

describe("softNavigation", () => {
  it("opens a plain left click on one of our links in place, scrolled to the top", () => {
    expect(softNavigation(CLICK, LINK, HERE)).toEqual({ href: "/courses/c1", replace: false, scroll: true });
  });

  it("keeps the query and the fragment of the address", () => {
    const link = { ...LINK, href: "https://acme.lms.test/dashboard?page=2#courses" };
    expect(softNavigation(CLICK, link, HERE)?.href).toBe("/dashboard?page=2#courses");
  });

  it("carries a link's wish to replace the history entry and to keep the scroll position", () => {
    expect(softNavigation(CLICK, { ...LINK, replace: true, keepScroll: true }, HERE)).toEqual({
      href: "/courses/c1",
      replace: true,
      scroll: false,
    });
  });

  it("leaves to the browser a click that is not a plain left click", () => {
    expect(softNavigation({ ...CLICK, button: 1 }, LINK, HERE)).toBeNull();
    expect(softNavigation({ ...CLICK, modified: true }, LINK, HERE)).toBeNull();
  });

  it("leaves alone a click a handler has already cancelled", () => {
    expect(softNavigation({ ...CLICK, defaultPrevented: true }, LINK, HERE)).toBeNull();
  });

  it("leaves to the browser anchors that are not ours, open elsewhere or download", () => {
    expect(softNavigation(CLICK, null, HERE)).toBeNull();
    expect(softNavigation(CLICK, { ...LINK, soft: false }, HERE)).toBeNull();
    expect(softNavigation(CLICK, { ...LINK, target: "_blank" }, HERE)).toBeNull();
    expect(softNavigation(CLICK, { ...LINK, download: true }, HERE)).toBeNull();
  });

  it("opens a link with target _self in place", () => {
    expect(softNavigation(CLICK, { ...LINK, target: "_self" }, HERE)?.href).toBe("/courses/c1");
  });

  it("leaves to the browser a link to another host: another organization is another origin", () => {
    expect(softNavigation(CLICK, { ...LINK, href: "https://globex.lms.test/courses/c1" }, HERE)).toBeNull();
    expect(softNavigation(CLICK, { ...LINK, href: "http://acme.lms.test/courses/c1" }, HERE)).toBeNull();
  });

  it("leaves to the browser a jump to a fragment of the page on screen", () => {
    expect(softNavigation(CLICK, { ...LINK, href: "https://acme.lms.test/dashboard#courses" }, HERE)).toBeNull();
  });
});
