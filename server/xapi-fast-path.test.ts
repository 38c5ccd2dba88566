import { describe, expect, it } from "vitest";
import { xapiResource } from "./xapi-fast-path";

describe("xapiResource", () => {
  it("is the path below /xapi/, decoded as Next decodes its segments", () => {
    expect(xapiResource("/xapi/statements")).toBe("statements");
    expect(xapiResource("/xapi/activities/state")).toBe("activities/state");
    expect(xapiResource("/xapi/a%20b")).toBe("a b");
  });

  it("leaves to Next what it would redirect or not route to the LRS", () => {
    expect(xapiResource("/xapi")).toBeNull();
    expect(xapiResource("/xapi/")).toBeNull();
    expect(xapiResource("/xapi/statements/")).toBeNull();
    expect(xapiResource("/xapi//statements")).toBeNull();
    expect(xapiResource("/xapis/statements")).toBeNull();
    expect(xapiResource("/api/xapi/statements")).toBeNull();
    expect(xapiResource("/xapi/%zz")).toBeNull();
  });
});
