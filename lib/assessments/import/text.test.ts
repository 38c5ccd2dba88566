import { describe, expect, it } from "vitest";
import { parseCloze } from "@/lib/assessments/import/cloze";
import { decodeQuestionFile, detectFormat, parseQuestionFile } from "@/lib/assessments/import/parse";
import { QuestionFileError } from "@/lib/assessments/import/result";
import { categoryPath, defaultName, fractionFromPercent, toHtml } from "@/lib/assessments/import/text";

describe("fractionFromPercent", () => {
  it("moves the decimal point in the text, so no float error creeps in", () => {
    expect(fractionFromPercent("33.33333")).toBe(0.3333333);
    expect(fractionFromPercent("8.33333")).toBe(0.0833333);
    expect(fractionFromPercent("100")).toBe(1);
    expect(fractionFromPercent("-50")).toBe(-0.5);
    expect(fractionFromPercent("5")).toBe(0.05);
    expect(fractionFromPercent("0.5")).toBe(0.005);
    expect(fractionFromPercent("100.0000000")).toBe(1);
    expect(fractionFromPercent("abc")).toBeNull();
    expect(fractionFromPercent("")).toBeNull();
  });
});

describe("categoryPath", () => {
  it("drops Moodle's context and top, keeps a doubled slash as a slash", () => {
    expect(categoryPath("$course$/top/Chemistry/Acids")).toEqual(["Chemistry", "Acids"]);
    expect(categoryPath("$system$/top/Shared")).toEqual(["Shared"]);
    expect(categoryPath("$course$/Old style")).toEqual(["Old style"]);
    expect(categoryPath(" $course$/top/A//B/ C ")).toEqual(["A/B", "C"]);
    expect(categoryPath("$course$/top")).toEqual([]);
    expect(categoryPath("Plain/Path")).toEqual(["Plain", "Path"]);
  });
});

describe("text formats", () => {
  it("auto-format keeps HTML and makes line breaks; plain text is escaped", () => {
    expect(toHtml("a <b>b</b>\nc", "moodle")).toBe("a <b>b</b><br>c");
    expect(toHtml("a <b>b</b>\nc", "plain")).toBe("a &lt;b&gt;b&lt;/b&gt;<br>c");
    expect(toHtml(" <p>x</p> ", "html")).toBe("<p>x</p>");
  });

  it("a question without a name is named after its text, at most 80 characters", () => {
    expect(defaultName("<p>What is&nbsp;the <b>capital</b>?</p>", "Question 1")).toBe("What is the capital ?");
    expect(defaultName("<p></p>", "Question 3")).toBe("Question 3");
    expect(defaultName("x".repeat(100), "Q")).toBe(`${"x".repeat(77)}...`);
  });
});

describe("parseCloze", () => {
  it("case-sensitive short answers, escaped characters and weightless gaps", () => {
    expect(parseCloze("<p>{:SAC:=Na\\}x#Right \\# one} and {2:MCV:=yes~no}</p>")).toEqual({
      stem: "<p>[[g1]] and [[g2]]</p>",
      gaps: [
        {
          id: "g1",
          type: "short_answer",
          weight: 1,
          case_sensitive: true,
          answers: [{ text: "Na}x", fraction: 1, feedback: "Right # one" }],
        },
        {
          id: "g2",
          type: "choice",
          weight: 2,
          shuffle: false,
          choices: [
            { text: "yes", fraction: 1, feedback: "" },
            { text: "no", fraction: 0, feedback: "" },
          ],
        },
      ],
    });
  });

  it("refuses a gap type it cannot map, naming the gap", () => {
    expect(() => parseCloze("{1:MRS:=a~=b}")).toThrowError(
      "Gap 1 is of type MRS (several answers in one gap), which is not supported: a gap here takes one answer",
    );
    expect(() => parseCloze("{1:SA:=a} {1:WHAT:=a}")).toThrowError(
      "Gap 2 is of type WHAT, which is not a Moodle embedded-answer type",
    );
    expect(() => parseCloze("<p>No gaps</p>")).toThrowError("Its text has no embedded answers ({1:SHORTANSWER:=…})");
  });
});

describe("reading a question file", () => {
  it("the format from the name, else from the content", () => {
    expect(detectFormat("bank.xml", "")).toBe("moodle_xml");
    expect(detectFormat("bank.GIFT", "<p>")).toBe("gift");
    expect(detectFormat("bank.txt", "")).toBe("gift");
    expect(detectFormat("upload", "  <?xml version='1.0'?><quiz/>")).toBe("moodle_xml");
    expect(detectFormat("upload", "::Q::x{T}")).toBe("gift");
  });

  it("UTF-8 only, its byte order mark dropped; binary, other encodings and empty files are refused", () => {
    expect(decodeQuestionFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe("A");
    expect(() => decodeQuestionFile(new Uint8Array([0x41, 0xe9, 0x41]))).toThrowError(
      "The file is not UTF-8 text: export it from Moodle again, or save it as UTF-8",
    );
    expect(() => decodeQuestionFile(new Uint8Array([0x41, 0x00]))).toThrowError(
      "The file is not text (it holds NUL bytes)",
    );
    expect(() => decodeQuestionFile(new TextEncoder().encode(" \n"))).toThrowError("The file is empty");
  });

  it("a GIFT file with no question in it is refused as a whole", () => {
    expect(() => parseQuestionFile("// only a comment\n\n$CATEGORY: x", "gift")).toThrowError(QuestionFileError);
  });
});
