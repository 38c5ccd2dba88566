import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseMoodleXml } from "@/lib/assessments/import/moodle-xml";
import { QuestionFileError } from "@/lib/assessments/import/result";
import { questionContentSchema } from "@/lib/schemas/questions";

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const GIF_1X1 = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";
const byNameIn = (parsed: ReturnType<typeof parseMoodleXml>, name: string) =>
  parsed.questions.find((q) => q.source.name === name)!;

const fixture = readFileSync(new URL("../../../test/fixtures/questions/moodle-bank.xml", import.meta.url), "utf8");
const COMBINED = "Its combined feedback (correct, partially correct, incorrect) is not kept: questions here have none";

/** A file of one question of `type`, its elements as given. */
const quiz = (type: string, inner: string, name = "Q") => `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="${type}">
    <name><text>${name}</text></name>
    <questiontext format="html"><text><![CDATA[<p>Question?</p>]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    ${inner}
  </question>
</quiz>`;

const NUMERIC_ANSWER = `<answer fraction="100" format="moodle_auto_format"><text>1.5</text><feedback format="html"><text></text></feedback><tolerance>0</tolerance></answer>`;
const UNITS = `<units><unit><multiplier>1</multiplier><unit_name>m</unit_name></unit><unit><multiplier>100</multiplier><unit_name>cm</unit_name></unit></units>`;

describe("parseMoodleXml on a bank exported from Moodle", () => {
  const parsed = parseMoodleXml(fixture);
  const byName = (name: string) => parsed.questions.find((q) => q.source.name === name)!;

  it("reads eleven questions and refuses four, each with its reason and line", () => {
    expect(parsed.questions.map((q) => q.source.name)).toEqual([
      "Capital of France",
      "Rivers of France",
      "Flat earth",
      "Sodium",
      "Length",
      "Capitals",
      "Sizes",
      "Tower",
      "Discuss",
      "Eiffel",
      "Which organ",
    ]);
    expect(parsed.refusals).toEqual([
      {
        source: { line: 407, index: 11, name: "Cloze with several answers per gap" },
        reason:
          "Gap 1 is of type MULTIRESPONSE (several answers in one gap), which is not supported: a gap here takes one answer",
      },
      {
        source: { line: 423, index: 12, name: "Area" },
        reason: "Moodle's calculated questions are not supported",
      },
      {
        source: { line: 451, index: 13, name: "Read this first" },
        reason: "A description is text shown between questions, with nothing to answer: not imported",
      },
      {
        source: { line: 493, index: 15, name: "No right answer" },
        reason: "choices: One choice must be fully right (fraction 1)",
      },
    ]);
  });

  it("every question it keeps is accepted by the question schema", () => {
    for (const { question } of parsed.questions) expect(questionContentSchema.safeParse(question).success).toBe(true);
  });

  it("nests categories under the bank imported into, without $course$ and top, '//' as a slash", () => {
    expect(parsed.questions.map((q) => q.categoryPath.join(" > "))).toEqual([
      "Geography",
      "Geography",
      "Geography > Europe / Asia",
      "Geography > Europe / Asia",
      "Geography > Europe / Asia",
      "Geography > Europe / Asia",
      "Science",
      "Science",
      "Science",
      "Science",
      "Science",
    ]);
  });

  it("multichoice with <single>true</single>: a single choice with its fractions, feedback, tags and mark", () => {
    const q = byName("Capital of France");
    expect(q.source).toEqual({ line: 15, index: 1, name: "Capital of France" });
    expect(q.question).toEqual({
      type: "single_choice",
      name: "Capital of France",
      stem: "<p>What is the capital of <strong>France</strong>?</p>",
      default_mark: 2,
      general_feedback: "<p>Paris has been the capital since 987.</p>",
      tags: ["Europe", "capitals"],
      choices: [
        { text: "<p>Paris</p>", fraction: 1, feedback: "<p>Yes.</p>" },
        { text: "<p>Lyon</p>", fraction: 0, feedback: "<p>Lyon is the third city.</p>" },
        { text: "Marseille & Nice", fraction: -0.25, feedback: "" },
      ],
      shuffle: false,
    });
    expect(q.notes).toEqual([COMBINED]);
  });

  it("multichoice with <single>false</single>: multiple response, thirds kept exactly as written", () => {
    const q = byName("Rivers of France");
    expect(q.question).toEqual({
      type: "multiple_response",
      name: "Rivers of France",
      stem: "Which rivers flow through France?<br>Pick every one.",
      default_mark: 1,
      general_feedback: "",
      tags: [],
      choices: [
        { text: "Seine", fraction: 0.3333333, feedback: "" },
        { text: "Loire", fraction: 0.3333333, feedback: "" },
        { text: "Rhône", fraction: 0.3333333, feedback: "" },
        { text: "Danube", fraction: -1, feedback: "<p>Not in France.</p>" },
      ],
      shuffle: true,
    });
    expect(q.notes).toEqual([]);
  });

  it("truefalse: the right answer and each answer's feedback", () => {
    expect(byName("Flat earth").question).toEqual({
      type: "true_false",
      name: "Flat earth",
      stem: "<p>The earth is flat.</p>",
      default_mark: 1,
      general_feedback: "",
      tags: [],
      correct: false,
      feedback_true: "<p>No, it is round.</p>",
      feedback_false: "<p>Right.</p>",
    });
  });

  it("shortanswer: usecase, patterns and partial credit", () => {
    expect(byName("Sodium").question).toMatchObject({
      type: "short_answer",
      case_sensitive: true,
      answers: [
        { text: "Na", fraction: 1, feedback: "Right" },
        { text: "N*", fraction: 0.5, feedback: "Close" },
      ],
    });
  });

  it("numerical: tolerance, optional units, and '*' as any other number", () => {
    expect(byName("Length").question).toMatchObject({
      type: "numeric",
      answers: [
        { value: 1.5, tolerance: 0.01, fraction: 1, feedback: "" },
        { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, fraction: 0, feedback: "Measure again." },
      ],
      units: [
        { unit: "m", multiplier: 1 },
        { unit: "cm", multiplier: 100 },
      ],
      unit_required: false,
    });
  });

  it("matching: subquestions are pairs, an empty one a distractor", () => {
    const q = byName("Capitals");
    expect(q.question).toMatchObject({
      type: "matching",
      default_mark: 3,
      pairs: [
        { prompt: "<p>France</p>", answer: "Paris" },
        { prompt: "<p>Italy</p>", answer: "Rome" },
      ],
      distractors: ["Lyon"],
      shuffle: true,
    });
  });

  it("ordering: items in the right order (by their place), relative to the next", () => {
    expect(byName("Sizes").question).toMatchObject({
      type: "ordering",
      items: [{ text: "<p>Atom</p>" }, { text: "<p>Cell</p>" }, { text: "<p>Planet</p>" }],
      grading: "relative_next",
    });
  });

  it("ddwtos: each [[n]] a choice gap offering its group, choice n right", () => {
    expect(byName("Tower").question).toMatchObject({
      type: "fill_in_blanks",
      stem: "<p>The tower is in [[g1]] and the colosseum in [[g2]].</p>",
      gaps: [
        {
          id: "g1",
          type: "choice",
          shuffle: false,
          choices: [
            { text: "Paris", fraction: 1 },
            { text: "Rome", fraction: 0 },
            { text: "Madrid", fraction: 0 },
          ],
        },
        {
          id: "g2",
          type: "choice",
          shuffle: false,
          choices: [
            { text: "Paris", fraction: 0 },
            { text: "Rome", fraction: 1 },
            { text: "Madrid", fraction: 0 },
          ],
        },
      ],
    });
  });

  it("essay: word limits and grader information", () => {
    expect(byName("Discuss").question).toEqual({
      type: "essay",
      name: "Discuss",
      stem: "<p>Discuss the causes.</p>",
      default_mark: 10,
      general_feedback: "",
      tags: [],
      grader_info: "<p>Look for two causes.</p>",
      min_words: 100,
      max_words: 500,
    });
  });

  it("cloze: numerical, shuffled multichoice and short answer gaps with their weights", () => {
    expect(byName("Eiffel").question).toMatchObject({
      type: "fill_in_blanks",
      stem: "<p>Built in [[g1]] in [[g2]] by [[g3]].</p>",
      gaps: [
        {
          id: "g1",
          type: "numeric",
          weight: 2,
          answers: [
            { value: 1889, tolerance: 0, fraction: 1, feedback: "Yes" },
            { value: 1889, tolerance: 5, fraction: 0.5, feedback: "Close" },
          ],
        },
        {
          id: "g2",
          type: "choice",
          weight: 1,
          shuffle: true,
          choices: [
            { text: "Paris", fraction: 1, feedback: "Right" },
            { text: "Rome", fraction: 0, feedback: "No" },
          ],
        },
        {
          id: "g3",
          type: "short_answer",
          weight: 1,
          case_sensitive: false,
          answers: [
            { text: "Eiffel", fraction: 1, feedback: "" },
            { text: "Gustave*", fraction: 0.5, feedback: "" },
          ],
        },
      ],
    });
  });
});

describe("parseMoodleXml, one question at a time", () => {
  const only = (xml: string) => parseMoodleXml(xml);

  it("numerical units graded with the whole mark at stake: a required unit", () => {
    const { questions } = only(
      quiz(
        "numerical",
        `${NUMERIC_ANSWER}${UNITS}<unitgradingtype>1</unitgradingtype><unitpenalty>1.0000000</unitpenalty><showunits>0</showunits><unitsleft>0</unitsleft>`,
      ),
    );
    expect(questions[0]!.question).toMatchObject({ unit_required: true, units: [{ unit: "m" }, { unit: "cm" }] });
  });

  it("numerical units costing part of the mark: refused, saying how much", () => {
    const { refusals } = only(
      quiz(
        "numerical",
        `${NUMERIC_ANSWER}${UNITS}<unitgradingtype>1</unitgradingtype><unitpenalty>0.1000000</unitpenalty><showunits>0</showunits><unitsleft>0</unitsleft>`,
      ),
    );
    expect(refusals[0]!.reason).toBe(
      "A wrong or missing unit costs 10% of the mark in Moodle; here a required unit is all or nothing",
    );
  });

  it("numerical units not used (showunits 3): the number alone", () => {
    const { questions } = only(
      quiz(
        "numerical",
        `${NUMERIC_ANSWER}${UNITS}<unitgradingtype>0</unitgradingtype><unitpenalty>0.1</unitpenalty><showunits>3</showunits><unitsleft>0</unitsleft>`,
      ),
    );
    expect(questions[0]!.question).toMatchObject({ units: [], unit_required: false });
  });

  it("numerical units written before the number: refused", () => {
    const { refusals } = only(
      quiz(
        "numerical",
        `${NUMERIC_ANSWER}${UNITS}<unitgradingtype>0</unitgradingtype><showunits>0</showunits><unitsleft>1</unitsleft>`,
      ),
    );
    expect(refusals[0]!.reason).toBe("Its units are written before the number, which is not supported");
  });

  it("ordering graded by the longest contiguous subset: refused, naming what is supported", () => {
    const items = `<answer fraction="1"><text>A</text></answer><answer fraction="2"><text>B</text></answer>`;
    const { refusals } = only(
      quiz("ordering", `<selecttype>ALL</selecttype><gradingtype>LONGEST_CONTIGUOUS_SUBSET</gradingtype>${items}`),
    );
    expect(refusals[0]!.reason).toBe(
      "Its grading LONGEST_CONTIGUOUS_SUBSET is not supported: all or nothing, absolute position and relative to the next (last excluded) are",
    );
    const random = only(quiz("ordering", `<selecttype>RANDOM</selecttype><selectcount>2</selectcount>${items}`));
    expect(random.refusals[0]!.reason).toBe(
      "It shows a random subset of its items, which is not supported: every item is shown here",
    );
  });

  it("gapselect: groups offer only their own options", () => {
    const xml = quiz(
      "gapselect",
      `<shuffleanswers>1</shuffleanswers>
      <selectoption><text>cat</text><group>1</group></selectoption>
      <selectoption><text>mat</text><group>2</group></selectoption>
      <selectoption><text>dog</text><group>1</group></selectoption>
      <selectoption><text>rug</text><group>2</group></selectoption>`,
    ).replace("<p>Question?</p>", "<p>The [[1]] sat on the [[2]].</p>");
    expect(only(xml).questions[0]!.question).toMatchObject({
      type: "fill_in_blanks",
      stem: "<p>The [[g1]] sat on the [[g2]].</p>",
      gaps: [
        {
          id: "g1",
          type: "choice",
          shuffle: true,
          choices: [
            { text: "cat", fraction: 1 },
            { text: "dog", fraction: 0 },
          ],
        },
        {
          id: "g2",
          type: "choice",
          shuffle: true,
          choices: [
            { text: "mat", fraction: 1 },
            { text: "rug", fraction: 0 },
          ],
        },
      ],
    });
  });

  it("essay asking for attachments: refused; attachments allowed and a template: kept with notes", () => {
    const required = only(
      quiz(
        "essay",
        "<responseformat>editor</responseformat><attachments>1</attachments><attachmentsrequired>1</attachmentsrequired>",
      ),
    );
    expect(required.refusals[0]!.reason).toBe(
      "It asks for attached files, which essays here do not take: they are answered as text",
    );
    const allowed = only(
      quiz(
        "essay",
        `<responseformat>editor</responseformat><attachments>2</attachments><attachmentsrequired>0</attachmentsrequired><responsetemplate format="html"><text>Start here</text></responsetemplate>`,
      ),
    );
    expect(allowed.questions[0]!.notes).toEqual([
      "Its attachments are not kept: essays here are answered as text",
      "Its response template is not kept: essays here start empty",
    ]);
  });

  it("an embedded image: kept with the question, its src in one spelling, the file's bytes beside it", () => {
    const q = byNameIn(parseMoodleXml(fixture), "Which organ");
    expect(q.question).toMatchObject({
      type: "short_answer",
      stem: '<p>Name this organ: <img src="@@PLUGINFILE@@/heart.png" alt="heart" width="200"></p>',
    });
    expect(q.images).toEqual([{ key: "heart.png", base64: PNG_1X1 }]);
    expect(q.notes).toEqual([]);
  });

  it("embedded images in feedback and choices, names with spaces, in folders: each file once", () => {
    const xml = quiz(
      "multichoice",
      `<single>true</single>
      <answer fraction="100" format="html"><text><![CDATA[<p><img src='@@PLUGINFILE@@/my%20cell.png?time=1' alt="A cell"></p>]]></text>
        <file name="my cell.png" path="/" encoding="base64">${PNG_1X1}</file>
        <feedback format="html"><text><![CDATA[<p>Right: <img alt="diagram" src="@@PLUGINFILE@@/figures/d.gif"></p>]]></text>
          <file name="d.gif" path="/figures/" encoding="base64">${GIF_1X1}</file></feedback></answer>
      <answer fraction="0" format="html"><text>No</text></answer>`,
    ).replace(
      "<p>Question?</p>]]></text>",
      `<p>Which? <img src="@@PLUGINFILE@@/my%20cell.png"></p>]]></text><file name="my cell.png" path="/" encoding="base64">${PNG_1X1}</file>`,
    );
    const [q] = only(xml).questions;
    expect(q!.question).toMatchObject({
      stem: '<p>Which? <img src="@@PLUGINFILE@@/my%20cell.png"></p>',
      choices: [
        {
          text: '<p><img src="@@PLUGINFILE@@/my%20cell.png" alt="A cell"></p>',
          feedback: '<p>Right: <img alt="diagram" src="@@PLUGINFILE@@/figures/d.gif"></p>',
        },
        { text: "No" },
      ],
    });
    expect(q!.images).toEqual([
      { key: "my cell.png", base64: PNG_1X1 },
      { key: "figures/d.gif", base64: GIF_1X1 },
    ]);
  });

  it("an embedded file nothing shows: a note, the file left behind", () => {
    const xml = quiz("shortanswer", `<answer fraction="100"><text>x</text></answer>`).replace(
      "<p>Question?</p>]]></text>",
      `<p>Question?</p>]]></text><file name="unused.png" path="/" encoding="base64">${PNG_1X1}</file>`,
    );
    const [q] = only(xml).questions;
    expect(q!.images).toEqual([]);
    expect(q!.notes).toEqual(["Its embedded file 'unused.png' is not shown in its text and is not kept"]);
  });

  it("every image that is not an embedded JPEG, PNG, GIF or WebP: refused with its reason, never dropped", () => {
    const withStem = (stem: string, files = "") =>
      quiz("shortanswer", `<answer fraction="100"><text>x</text></answer>`).replace(
        "<p>Question?</p>]]></text>",
        `${stem}]]></text>${files}`,
      );
    const refusal = (xml: string) => only(xml).refusals[0]?.reason;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      "base64",
    );
    expect(refusal(withStem('<p>What is this? <img src="https://example.org/a.png"></p>'))).toBe(
      "It shows an image from another address (https://example.org/a.png), which is not imported: only images embedded in the file are",
    );
    expect(refusal(withStem(`<p><img src="data:image/png;base64,${PNG_1X1}"></p>`))).toBe(
      "It shows an image written into its text (a data: URL), which is not imported: only images embedded as files are",
    );
    expect(refusal(withStem('<p><img src="@@PLUGINFILE@@/gone.png"></p>'))).toBe(
      "It shows the image 'gone.png', but the file does not hold it",
    );
    expect(
      refusal(
        withStem(
          '<p><img src="@@PLUGINFILE@@/d.svg"></p>',
          `<file name="d.svg" path="/" encoding="base64">${svg}</file>`,
        ),
      ),
    ).toBe("Its image 'd.svg' is not a JPEG, PNG, GIF or WebP image, the only types shown here");
    expect(
      refusal(
        withStem(
          '<p><a href="@@PLUGINFILE@@/notes.pdf">Notes</a></p>',
          `<file name="notes.pdf" path="/" encoding="base64">JVBERi0xLjQK</file>`,
        ),
      ),
    ).toBe("It links to the embedded file 'notes.pdf', which is not imported: only images shown in its text are");
    expect(refusal(withStem('<p><img alt="nothing"></p>'))).toBe(
      "It has an image without a source (an <img> with no src)",
    );
    expect(
      refusal(
        withStem(
          '<p><img src="@@PLUGINFILE@@/a.png"></p>',
          `<file name="a.png" path="/" encoding="base64">${PNG_1X1}</file><file name="a.png" path="/" encoding="base64">${GIF_1X1}</file>`,
        ),
      ),
    ).toBe("It embeds two different files named 'a.png'");
    expect(
      refusal(
        withStem('<p><img src="@@PLUGINFILE@@/a.png"></p>', `<file name="a.png" path="/" encoding="base64">!!!</file>`),
      ),
    ).toBe("Its embedded file 'a.png' is not valid base64");
  });

  it("plain text is escaped; entities are decoded; a tag with a comma is the schema's refusal", () => {
    const xml = quiz(
      "truefalse",
      `<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>`,
    ).replace(
      '<questiontext format="html"><text><![CDATA[<p>Question?</p>]]></text>',
      '<questiontext format="plain_text"><text>Is 1 &lt; 2 in caf&#233;s?</text>',
    );
    expect(only(xml).questions[0]!.question).toMatchObject({ stem: "Is 1 &lt; 2 in cafés?", correct: true });
    const tagged = quiz(
      "truefalse",
      `<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer><tags><tag><text>a, b</text></tag></tags>`,
    );
    expect(only(tagged).refusals[0]!.reason).toBe("tags.0: A tag must not contain a comma");
  });

  it("a question before any category goes into the bank imported into", () => {
    const xml = quiz(
      "truefalse",
      `<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>`,
    );
    expect(only(xml).questions[0]!.categoryPath).toEqual([]);
  });

  it("a broken file: an error naming the problem and its place", () => {
    expect(() => parseMoodleXml("<quiz><question type='truefalse'></quiz>")).toThrowError(QuestionFileError);
    expect(() => parseMoodleXml("<quiz>\n<question type='truefalse'>\n</quiz>")).toThrowError(
      /^The file is not well-formed XML: .+ \(line 3, column \d+\)$/,
    );
    expect(() => parseMoodleXml("<html><body/></html>")).toThrowError(
      "The file is XML but not a Moodle question export: its root element must be <quiz>",
    );
    expect(() => parseMoodleXml("<quiz></quiz>")).toThrowError(
      "The file holds no question: <quiz> has no <question> element",
    );
    expect(() => parseMoodleXml('<!DOCTYPE quiz [<!ENTITY x "y">]><quiz/>')).toThrowError(
      "The file declares a DOCTYPE or entities, which are not allowed (they can read files or expand without limit)",
    );
  });
});
