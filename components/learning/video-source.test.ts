import { describe, expect, it } from "vitest";
import { videoSource } from "./video-source";

describe("videoSource", () => {
  it("plays our own media route and direct files in <video>", () => {
    expect(videoSource("/api/courses/c/lessons/l/media")).toEqual({
      kind: "file",
      src: "/api/courses/c/lessons/l/media",
    });
    expect(videoSource("https://cdn.example.com/intro.webm")).toEqual({
      kind: "file",
      src: "https://cdn.example.com/intro.webm",
    });
    expect(videoSource("https://cdn.example.com/a/intro.MP4?token=1")).toEqual({
      kind: "file",
      src: "https://cdn.example.com/a/intro.MP4?token=1",
    });
  });

  it("embeds YouTube and Vimeo pages", () => {
    expect(videoSource("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      kind: "embed",
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(videoSource("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      kind: "embed",
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(videoSource("https://youtube.com/embed/dQw4w9WgXcQ")).toEqual({
      kind: "embed",
      src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(videoSource("https://vimeo.com/76979871")).toEqual({
      kind: "embed",
      src: "https://player.vimeo.com/video/76979871",
    });
  });

  it("links anything else, and never embeds other schemes", () => {
    expect(videoSource("https://example.com/watch/42")).toEqual({ kind: "link", src: "https://example.com/watch/42" });
    expect(videoSource("javascript:alert(1)")).toEqual({ kind: "none" });
    expect(videoSource("not a url")).toEqual({ kind: "none" });
  });
});
