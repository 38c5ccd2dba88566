import { describe, expect, it } from "vitest";
import { avatarInitial, avatarSrc, displayName } from "@/components/shell/display";

describe("displayName", () => {
  it("joins first and last name when both exist", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace", username: "ada" })).toBe("Ada Lovelace");
  });
  it("falls back to the first name when there is no last name", () => {
    expect(displayName({ firstName: "Ada", lastName: "", username: "ada" })).toBe("Ada");
  });
  it("falls back to the username when there is no first name", () => {
    expect(displayName({ firstName: "", lastName: "Lovelace", username: "ada" })).toBe("ada");
  });
  it("treats whitespace-only names as missing", () => {
    expect(displayName({ firstName: "  ", lastName: " ", username: "ada" })).toBe("ada");
  });
});

describe("avatarInitial", () => {
  it("is the upper-cased initial of the first name", () => {
    expect(avatarInitial({ firstName: "ada", username: "zed" })).toBe("A");
  });
  it("falls back to the username's initial", () => {
    expect(avatarInitial({ firstName: "", username: "zed" })).toBe("Z");
  });
  it("keeps a character outside the BMP whole", () => {
    expect(avatarInitial({ firstName: "𝒜da", username: "x" })).toBe("𝒜");
  });
  it("is a placeholder when both are empty", () => {
    expect(avatarInitial({ firstName: "", username: "" })).toBe("?");
  });
});

describe("avatarSrc", () => {
  const base = "http://acme.localhost:3000";
  it("uses an http(s) URL as it is", () => {
    expect(avatarSrc("https://cdn.example.com/a.png", base)).toBe("https://cdn.example.com/a.png");
    expect(avatarSrc("http://cdn.example.com/a.png", base)).toBe("http://cdn.example.com/a.png");
  });
  it("joins a path to the base URL without a double slash", () => {
    expect(avatarSrc("/uploads/avatars/a.png", base)).toBe(`${base}/uploads/avatars/a.png`);
    expect(avatarSrc("/uploads/a.png", `${base}/`)).toBe(`${base}/uploads/a.png`);
    expect(avatarSrc("uploads/a.png", base)).toBe(`${base}/uploads/a.png`);
  });
  it("is null when there is no avatar", () => {
    expect(avatarSrc(null, base)).toBeNull();
    expect(avatarSrc(undefined, base)).toBeNull();
    expect(avatarSrc("", base)).toBeNull();
    expect(avatarSrc("   ", base)).toBeNull();
  });
});
