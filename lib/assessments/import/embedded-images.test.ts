import { describe, expect, it } from "vitest";
import { embeddedSrc, placeImages, resolveImages } from "@/lib/assessments/import/embedded-images";

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const URL = "/uploads/content-images/3f2b6a0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a.webp";

describe("embedded images", () => {
  it("one spelling of a file's src: each segment percent-encoded", () => {
    expect(embeddedSrc("my cell.png")).toBe("@@PLUGINFILE@@/my%20cell.png");
    expect(embeddedSrc("figures/d#1.gif")).toBe("@@PLUGINFILE@@/figures/d%231.gif");
  });

  it("resolve, then place: every field showing the image gets the stored URL, nothing else changes", () => {
    const question = {
      stem: '<p>A <img alt="cell" src=@@PLUGINFILE@@/my%20cell.png?time=1> here</p>',
      choices: [{ text: "<p><img src='@@PLUGINFILE@@/my cell.png'></p>", fraction: 1 }, { text: "No" }],
    };
    const resolved = resolveImages(question, [{ key: "my cell.png", base64: PNG_1X1 }]);
    expect(resolved).toEqual({
      question: {
        stem: '<p>A <img alt="cell" src="@@PLUGINFILE@@/my%20cell.png"> here</p>',
        choices: [{ text: '<p><img src="@@PLUGINFILE@@/my%20cell.png"></p>', fraction: 1 }, { text: "No" }],
      },
      images: [{ key: "my cell.png", base64: PNG_1X1 }],
      notes: [],
    });
    if (!("question" in resolved)) throw new Error("refused");
    expect(placeImages(resolved.question, new Map([["my cell.png", URL]]))).toEqual({
      stem: `<p>A <img alt="cell" src="${URL}"> here</p>`,
      choices: [{ text: `<p><img src="${URL}"></p>`, fraction: 1 }, { text: "No" }],
    });
  });

  it("a text that only mentions the placeholder is no image of the question's: left as written", () => {
    expect(placeImages({ stem: "<p>@@PLUGINFILE@@/my%20cell.png</p>" }, new Map([["my cell.png", URL]]))).toEqual({
      stem: "<p>@@PLUGINFILE@@/my%20cell.png</p>",
    });
  });
});
