import { describe, expect, it } from "vitest";
import { hiddenProperties, isHidingAttribute } from "@/components/scorm/visibility-guard";

const visible = { display: "block", visibility: "visible", opacity: "1" };

describe("visibility guard decision", () => {
  it("leaves a visible element alone", () => {
    expect(hiddenProperties({ display: "", visibility: "", opacity: "" }, visible)).toEqual([]);
  });

  it("restores display:none set inline or by a class", () => {
    expect(hiddenProperties({ display: "none", visibility: "", opacity: "" }, { ...visible, display: "none" })).toEqual(
      ["display"],
    );
    expect(hiddenProperties({ display: "", visibility: "", opacity: "" }, { ...visible, display: "none" })).toEqual([
      "display",
    ]);
  });

  it("restores visibility hidden or collapse", () => {
    expect(
      hiddenProperties({ display: "", visibility: "hidden", opacity: "" }, { ...visible, visibility: "hidden" }),
    ).toEqual(["visibility"]);
    expect(
      hiddenProperties({ display: "", visibility: "", opacity: "" }, { ...visible, visibility: "collapse" }),
    ).toEqual(["visibility"]);
  });

  it("restores an opacity of (almost) zero, not a dimmed panel", () => {
    expect(hiddenProperties({ display: "", visibility: "", opacity: "0" }, { ...visible, opacity: "0" })).toEqual([
      "opacity",
    ]);
    expect(hiddenProperties({ display: "", visibility: "", opacity: "0.5" }, { ...visible, opacity: "0.5" })).toEqual(
      [],
    );
  });

  it("reports everything a content script did at once", () => {
    expect(
      hiddenProperties(
        { display: "none", visibility: "hidden", opacity: "0" },
        { display: "none", visibility: "hidden", opacity: "0" },
      ),
    ).toEqual(["display", "visibility", "opacity"]);
  });

  it("watches the attributes that can hide an element", () => {
    expect(["style", "class", "hidden"].every(isHidingAttribute)).toBe(true);
    expect(isHidingAttribute("title")).toBe(false);
    expect(isHidingAttribute(null)).toBe(false);
  });
});
