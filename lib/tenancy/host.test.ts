import { describe, expect, it } from "vitest";
import { contentOrigin, hostTarget, requestOrigin, tenantOrigin } from "./host";
import { subdomainSchema } from "@/lib/schemas/subdomain";

describe("hostTarget", () => {
  it.each([
    ["localhost:3000", { kind: "apex" }],
    ["localhost", { kind: "apex" }],
    ["www.localhost:3000", { kind: "apex" }],
    ["127.0.0.1:3000", { kind: "apex" }],
    ["acme.localhost:3000", { kind: "tenant", subdomain: "acme" }],
    ["ACME.LocalHost", { kind: "tenant", subdomain: "acme" }],
    ["a.b.localhost", { kind: "invalid" }],
  ])("%s → %o", (host, expected) => {
    expect(hostTarget(host, "localhost", "content.localhost")).toEqual(expected);
  });

  it("works with a real domain", () => {
    expect(hostTarget("globex.lms.example.com", "lms.example.com", "content.lms.example.com")).toEqual({
      kind: "tenant",
      subdomain: "globex",
    });
    expect(hostTarget("lms.example.com", "lms.example.com", "content.lms.example.com")).toEqual({ kind: "apex" });
  });

  it.each([
    ["acme.content.localhost:3000", "content.localhost", { kind: "content", subdomain: "acme" }],
    ["content.localhost:3000", "content.localhost", { kind: "invalid" }],
    ["a.b.content.localhost", "content.localhost", { kind: "invalid" }],
    ["globex.lmscontent.net", "lmscontent.net", { kind: "content", subdomain: "globex" }],
    // With a content domain of its own, the app domain's nested names stay invalid, never content.
    ["acme.content.localhost", "lmscontent.net", { kind: "invalid" }],
  ])("%s with content on %s → %o", (host, contentDomain, expected) => {
    expect(hostTarget(host, "localhost", contentDomain)).toEqual(expected);
  });
});

describe("tenantOrigin", () => {
  it("puts the subdomain under APP_DOMAIN, keeping the base's scheme and port", () => {
    expect(tenantOrigin("acme", "localhost", "http://localhost:3101")).toBe("http://acme.localhost:3101");
    expect(tenantOrigin("acme", "localhost", "http://globex.localhost:3000")).toBe("http://acme.localhost:3000");
    expect(tenantOrigin("globex", "lms.example.com", "https://lms.example.com/some/path")).toBe(
      "https://globex.lms.example.com",
    );
  });
});

describe("contentOrigin", () => {
  it("puts the subdomain under the content domain, keeping the base's scheme and port", () => {
    expect(contentOrigin("acme", "content.localhost", "http://acme.localhost:3101")).toBe(
      "http://acme.content.localhost:3101",
    );
    expect(contentOrigin("globex", "lmscontent.net", "https://globex.lms.example.com")).toBe(
      "https://globex.lmscontent.net",
    );
  });
});

describe("requestOrigin", () => {
  it("takes the scheme a proxy reports, else the base URL's, and the Host header", () => {
    expect(requestOrigin("acme.localhost:3100", null, "http://localhost:3000")).toBe("http://acme.localhost:3100");
    expect(requestOrigin("acme.lms.example.com", "https, http", "http://localhost:3000")).toBe(
      "https://acme.lms.example.com",
    );
    expect(requestOrigin(null, null, "https://lms.example.com")).toBe("https://lms.example.com");
  });
});

describe("subdomainSchema", () => {
  it("accepts DNS labels and lower-cases them", () => {
    expect(subdomainSchema.parse(" Acme-Corp ")).toBe("acme-corp");
  });

  it.each([
    ["ab", "at least 3"],
    ["-acme", "start with a letter or digit"],
    ["acme-", "end with a letter or digit"],
    ["ac_me", "letters, digits and hyphens"],
    ["a".repeat(64), "at most 63"],
    ["www", "reserved"],
    ["content", "reserved"],
    ["admin", "reserved"],
    ["api", "reserved"],
  ])("refuses %s", (value, message) => {
    const result = subdomainSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
