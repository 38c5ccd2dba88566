import { describe, expect, it } from "vitest";
import { likePattern, likePrefix } from "./like-pattern";

describe("LIKE patterns", () => {
  it("takes %, _ and \\ literally", () => {
    expect(likePattern("50%_off\\now")).toBe("%50\\%\\_off\\\\now%");
  });
  it("matches a value containing the text, or starting with it", () => {
    expect(likePattern("a_b")).toBe("%a\\_b%");
    expect(likePrefix("jo%")).toBe("jo\\%%");
  });
});
