import { describe, expect, it } from "vitest";
import { thumbnailSource } from "@/components/courses/thumbnail-source";

describe("thumbnailSource", () => {
  it("an upload of ours is served from our own path", () => {
    expect(thumbnailSource({ has_thumbnail: true, thumbnail_url: "/uploads/thumbnails/o/c.webp" })).toEqual({
      kind: "uploaded",
      label: "Uploaded",
      stored: "/uploads/thumbnails/o/c.webp",
    });
  });
  it("no thumbnail resolves to the generated placeholder and stores nothing", () => {
    expect(thumbnailSource({ has_thumbnail: false, thumbnail_url: "/api/courses/c/placeholder" })).toMatchObject({
      kind: "none",
      stored: null,
    });
  });
  it("anything else is external", () => {
    expect(thumbnailSource({ has_thumbnail: true, thumbnail_url: "https://cdn.example.com/a.png" })).toMatchObject({
      kind: "external",
      stored: "https://cdn.example.com/a.png",
    });
  });
});
