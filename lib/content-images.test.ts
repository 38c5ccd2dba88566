import { describe, expect, it } from "vitest";
import { contentImageKey, isContentImageName, isContentImageUrl, looksLikeContentImageUrl } from "@/lib/content-images";

const ORG = "3f2b6a0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
const ID = "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a";

describe("content image keys", () => {
  it("are content-images/{organizationId}/{uuid}.webp, served below /uploads/", () => {
    expect(contentImageKey(ORG, ID)).toBe(`content-images/${ORG}/${ID}.webp`);
    expect(isContentImageUrl(`/uploads/content-images/${ORG}/${ID}.webp`, ORG)).toBe(true);
  });

  it("recognise only that shape, of that organization", () => {
    expect(isContentImageUrl(`/uploads/content-images/${ORG}/${ID}.webp`, ID)).toBe(false);
    expect(isContentImageUrl(`/uploads/content-images/${ORG}/${ID}.png`, ORG)).toBe(false);
    expect(isContentImageUrl(`/uploads/content-images/${ORG}/sub/${ID}.webp`, ORG)).toBe(false);
    expect(isContentImageUrl(`https://x.example/uploads/content-images/${ORG}/${ID}.webp`, ORG)).toBe(false);
    expect(isContentImageName(`${ID}.webp`)).toBe(true);
    expect(isContentImageName(`${ID.toUpperCase()}.webp`)).toBe(false);
    expect(isContentImageName(`../${ID}.webp`)).toBe(false);
  });

  it("have a shape the editor recognises without knowing the organization", () => {
    expect(looksLikeContentImageUrl(`/uploads/content-images/${ORG}/${ID}.webp`)).toBe(true);
    expect(looksLikeContentImageUrl(`https://x.example/uploads/content-images/${ORG}/${ID}.webp`)).toBe(false);
    expect(looksLikeContentImageUrl(`/uploads/content-images/${ORG}/${ID}.png`)).toBe(false);
    expect(looksLikeContentImageUrl("data:image/png;base64,iVBORw0KGgo=")).toBe(false);
  });
});
