import { describe, expect, it } from "vitest";
import { plainText } from "@/components/quizzes/rich-inline";

describe("plainText", () => {
  it("reads an image as its alternative text, so a choice that is only a picture still has a name", () => {
    expect(plainText('<p><img src="/uploads/content-images/o/i.webp" alt="A red &amp; blue cell" /></p>')).toBe(
      "A red & blue cell",
    );
    expect(plainText('<p>Mitosis <img src="/x.webp" alt="" /> phase</p>')).toBe("Mitosis phase");
  });
});
