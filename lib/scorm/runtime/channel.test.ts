import { describe, expect, it } from "vitest";
import { mayShow } from "./channel";

describe("mayShow", () => {
  it("is false for a frame still on its blank first document, of the framing page's origin", () => {
    const blank = { location: { origin: "https://acme.lms.test" } } as unknown as Window;
    expect(mayShow(blank, "https://content.lms.test")).toBe(false);
  });

  it("is true for a window that shows the peer's origin", () => {
    const loaded = { location: { origin: "https://content.lms.test" } } as unknown as Window;
    expect(mayShow(loaded, "https://content.lms.test")).toBe(true);
  });

  it("is true for a window of another origin, which cannot be read", () => {
    const crossOrigin = {
      get location(): Location {
        throw new DOMException("Blocked a frame with origin from accessing a cross-origin frame.", "SecurityError");
      },
    } as unknown as Window;
    expect(mayShow(crossOrigin, "https://content.lms.test")).toBe(true);
  });
});
