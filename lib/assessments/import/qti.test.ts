import { describe, expect, it } from "vitest";
import { QtiPackageBuilder } from "@/lib/assessments/export/qti-package";
import { SAMPLES } from "@/lib/assessments/export/samples.test-data";
import { readQuestionFile } from "@/lib/assessments/import/parse";
import { MAX_QTI_UNPACKED_BYTES, parseQtiXml } from "@/lib/assessments/import/qti";
import { gradeResponse } from "@/lib/assessments/grading";
import { GAP_MARKER } from "@/lib/schemas/question-types";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";

// QTI 3.0 import: items written by hand as other systems write them (a choice, gaps, 1EdTech's feedback
// examples), field by field; a package our export wrote comes back as the same questions (less what QTI
// does not carry here: tags, the feedback of answers and gaps); what has no type here is refused with its
// reason.

const ITEM = `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="choice" title="Unattended Luggage" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>ChoiceA</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
  <qti-item-body>
    <p>Look at the text in the picture.</p>
    <qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">
      <qti-prompt>What does it say?</qti-prompt>
      <qti-simple-choice identifier="ChoiceA">You must stay with your luggage at all times.</qti-simple-choice>
      <qti-simple-choice identifier="ChoiceB">Do not let someone else look after your luggage.</qti-simple-choice>
    </qti-choice-interaction>
  </qti-item-body>
  <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct"/>
</qti-assessment-item>`;

describe("parseQtiXml", () => {
  it("a choice item of another system: its prompt after the text, the correct response fully right, mark 1", () => {
    const parsed = parseQtiXml(ITEM);
    expect(parsed.refusals).toEqual([]);
    expect(parsed.questions[0]!.question).toEqual({
      type: "single_choice",
      name: "Unattended Luggage",
      stem: "<p>Look at the text in the picture.</p><p>What does it say?</p>",
      default_mark: 1,
      shuffle: false,
      choices: [
        { id: "ChoiceA", text: "You must stay with your luggage at all times.", fraction: 1 },
        { id: "ChoiceB", text: "Do not let someone else look after your luggage.", fraction: 0 },
      ],
    });
  });

  it("an interaction with no type here, and two interactions, are refused with the reason", () => {
    const hotspot = ITEM.replace(/qti-choice-interaction/g, "qti-hotspot-interaction");
    expect(parseQtiXml(hotspot).refusals).toEqual([
      {
        source: { line: 1, index: 1, name: "Unattended Luggage" },
        reason: "Its hotspot interaction has no question type here",
      },
    ]);
    const two = ITEM.replace(
      "</qti-item-body>",
      '<qti-extended-text-interaction response-identifier="R2"/></qti-item-body>',
    );
    expect(parseQtiXml(two).refusals[0]!.reason).toBe("It has 2 interactions; a question here is one interaction");
  });
});

const item = (title: string, rest: string) => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="x" title="${title}" adaptive="false" time-dependent="false">
${rest}
</qti-assessment-item>`;
const SCORE_MAX = (
  mark: string,
) => `<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
  <qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float">
    <qti-default-value><qti-value>${mark}</qti-value></qti-default-value>
  </qti-outcome-declaration>`;

const GAPS = item(
  "Photosynthesis",
  `<qti-response-declaration identifier="RESPONSE1" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>sun</qti-value></qti-correct-response>
    <qti-mapping default-value="0"><qti-map-entry map-key="sun" mapped-value="2"/></qti-mapping>
  </qti-response-declaration>
  <qti-response-declaration identifier="RESPONSE2" cardinality="single" base-type="string">
    <qti-correct-response><qti-value>oxygen</qti-value></qti-correct-response>
    <qti-mapping default-value="0">
      <qti-map-entry map-key="oxygen" mapped-value="1" case-sensitive="false"/>
      <qti-map-entry map-key="O2" mapped-value="0.5" case-sensitive="false"/>
    </qti-mapping>
  </qti-response-declaration>
  ${SCORE_MAX("3")}
  <qti-item-body>
    <p>Plants use <qti-inline-choice-interaction response-identifier="RESPONSE1" shuffle="true">
        <qti-inline-choice identifier="sun">sunlight</qti-inline-choice>
        <qti-inline-choice identifier="moon">moon &amp; stars</qti-inline-choice>
      </qti-inline-choice-interaction> and give off <qti-text-entry-interaction response-identifier="RESPONSE2" expected-length="10"/>.</p>
  </qti-item-body>
  <qti-response-processing>
    <qti-set-outcome-value identifier="SCORE">
      <qti-sum><qti-map-response identifier="RESPONSE1"/><qti-map-response identifier="RESPONSE2"/></qti-sum>
    </qti-set-outcome-value>
  </qti-response-processing>`,
);

describe("parseQtiXml: gaps", () => {
  it("text entries and inline choices are the gaps of a fill in the blanks, each worth its mapped points", () => {
    const parsed = parseQtiXml(GAPS);
    expect(parsed.refusals).toEqual([]);
    expect(parsed.questions[0]!.notes).toEqual([]);
    const question = parsed.questions[0]!.question;
    expect(question).toEqual({
      type: "fill_in_blanks",
      name: "Photosynthesis",
      stem: "<p>Plants use [[g1]] and give off [[g2]].</p>",
      default_mark: 3,
      gaps: [
        {
          id: "g1",
          type: "choice",
          weight: 2,
          shuffle: true,
          choices: [
            { id: "sun", text: "sunlight", fraction: 1 },
            { id: "moon", text: "moon & stars", fraction: 0 },
          ],
        },
        {
          id: "g2",
          type: "short_answer",
          weight: 1,
          case_sensitive: false,
          answers: [
            { text: "oxygen", fraction: 1 },
            { text: "O2", fraction: 0.5 },
          ],
        },
      ],
    });
    // The file's score for sunlight and "o2" is 2 + 0.5 of 3; ours is the same share of the mark.
    expect(gradeResponse(questionContentSchema.parse(question), { gaps: { g1: "sun", g2: "o2" } })).toBeCloseTo(
      2.5 / 3,
      12,
    );
  });

  it("gaps with correct responses only: equal shares, the correct response fully right, and a note saying so", () => {
    const parsed = parseQtiXml(
      item(
        "Capitals",
        `<qti-response-declaration identifier="A" cardinality="single" base-type="string">
      <qti-correct-response><qti-value>Paris</qti-value></qti-correct-response></qti-response-declaration>
    <qti-response-declaration identifier="B" cardinality="single" base-type="float">
      <qti-correct-response><qti-value>2.5</qti-value></qti-correct-response></qti-response-declaration>
    <qti-item-body><p><qti-text-entry-interaction response-identifier="A"/> is <qti-text-entry-interaction response-identifier="B"/> hours away.</p></qti-item-body>
    <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct"/>`,
      ),
    );
    expect(parsed.refusals).toEqual([]);
    expect(parsed.questions[0]!.notes).toEqual([
      "Its gaps have no points in the file (no mapping): each is an equal share of the mark, its correct response fully right",
    ]);
    expect(parsed.questions[0]!.question).toMatchObject({
      stem: "<p>[[g1]] is [[g2]] hours away.</p>",
      default_mark: 1,
      gaps: [
        { id: "g1", type: "short_answer", weight: 1, case_sensitive: true, answers: [{ text: "Paris", fraction: 1 }] },
        { id: "g2", type: "numeric", weight: 1, answers: [{ value: 2.5, tolerance: 0, fraction: 1 }] },
      ],
    });
  });

  it("one text entry inside a sentence is a gap; standing alone in its paragraph, a short answer", () => {
    const entry = (body: string) =>
      item(
        "Symbol",
        `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string">
      <qti-correct-response><qti-value>Na</qti-value></qti-correct-response></qti-response-declaration>
    <qti-item-body>${body}</qti-item-body>`,
      );
    expect(
      parseQtiXml(entry('<p>The symbol of sodium is <qti-text-entry-interaction response-identifier="RESPONSE"/>.</p>'))
        .questions[0]!.question,
    ).toMatchObject({ type: "fill_in_blanks", stem: "<p>The symbol of sodium is [[g1]].</p>" });
    expect(
      parseQtiXml(entry('<p>Symbol of sodium?</p><p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>'))
        .questions[0]!.question,
    ).toMatchObject({ type: "short_answer", stem: "<p>Symbol of sodium?</p>" });
  });

  const two = (first: string, second: string) =>
    item(
      "Two",
      `${first}${second}${SCORE_MAX("2")}
    <qti-item-body><p><qti-text-entry-interaction response-identifier="A"/> <qti-text-entry-interaction response-identifier="B"/></p></qti-item-body>`,
    );
  const declared = (id: string, baseType: string, mapping = "") =>
    `<qti-response-declaration identifier="${id}" cardinality="single" base-type="${baseType}"><qti-correct-response><qti-value>x</qti-value></qti-correct-response>${mapping}</qti-response-declaration>`;
  it.each([
    [
      "points on one gap only",
      two(
        declared("A", "string", '<qti-mapping><qti-map-entry map-key="x" mapped-value="1"/></qti-mapping>'),
        declared("B", "string"),
      ),
      "Some of its gaps have points and some only a correct response: how they add up is unclear",
    ],
    [
      "a gap of no points",
      two(
        declared("A", "string", '<qti-mapping><qti-map-entry map-key="x" mapped-value="1"/></qti-mapping>'),
        declared("B", "string", '<qti-mapping><qti-map-entry map-key="x" mapped-value="0"/></qti-mapping>'),
      ),
      "Gap 2 earns no points for any answer",
    ],
    [
      "a gap of another base type",
      two(declared("A", "string"), declared("B", "identifier")),
      "Gap 2 has base type identifier, which no gap here takes",
    ],
    [
      "a gap's answers differing in case",
      two(
        declared(
          "A",
          "string",
          '<qti-mapping><qti-map-entry map-key="x" mapped-value="1" case-sensitive="true"/><qti-map-entry map-key="y" mapped-value="1" case-sensitive="false"/></qti-mapping>',
        ),
        declared("B", "string", '<qti-mapping><qti-map-entry map-key="x" mapped-value="1"/></qti-mapping>'),
      ),
      "Gap 1: its answers differ in case sensitivity, which one gap here cannot",
    ],
    ["a gap without a declaration", two(declared("A", "string"), ""), "Gap 2 (B) has no response declaration"],
    [
      "a text entry beside a choice",
      GAPS.replace("</qti-item-body>", '<qti-choice-interaction response-identifier="R3"/></qti-item-body>'),
      "It has 3 interactions; a question here is one interaction",
    ],
  ])("refuses %s", (_label, xml, reason) => {
    expect(parseQtiXml(xml).refusals.map((r) => r.reason)).toEqual([reason]);
  });
});

// 1EdTech's feedback examples (QTI 3.0 implementation guide, examples 1 and 2), as they write them.
const FREUD = `<qti-prompt>Sigmund Freud and Carl Jung both belong to the psychoanalytic school of psychology.</qti-prompt>`;
const MODAL = item(
  "Example 1 - modal feedback",
  `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>true</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-outcome-declaration identifier="FEEDBACK" cardinality="multiple" base-type="identifier"/>
  ${SCORE_MAX("10.0")}
  <qti-item-body>
    <qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">
      ${FREUD}
      <qti-simple-choice identifier="true" fixed="true">True </qti-simple-choice>
      <qti-simple-choice identifier="false" fixed="true">False </qti-simple-choice>
    </qti-choice-interaction>
  </qti-item-body>
  <qti-response-processing>
    <qti-response-condition>
      <qti-response-if>
        <qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>
        <qti-set-outcome-value identifier="SCORE"><qti-variable identifier="MAXSCORE"/></qti-set-outcome-value>
      </qti-response-if>
    </qti-response-condition>
    <qti-response-condition>
      <qti-response-if>
        <qti-match><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-match>
        <qti-set-outcome-value identifier="FEEDBACK">
          <qti-multiple><qti-variable identifier="FEEDBACK"/><qti-base-value base-type="identifier">RESPONSE_correct</qti-base-value></qti-multiple>
        </qti-set-outcome-value>
      </qti-response-if>
      <qti-response-else>
        <qti-set-outcome-value identifier="FEEDBACK">
          <qti-multiple><qti-variable identifier="FEEDBACK"/><qti-base-value base-type="identifier">RESPONSE_incorrect</qti-base-value></qti-multiple>
        </qti-set-outcome-value>
      </qti-response-else>
    </qti-response-condition>
  </qti-response-processing>
  <qti-modal-feedback outcome-identifier="FEEDBACK" show-hide="show" identifier="RESPONSE_correct">
    <qti-content-body>correct</qti-content-body>
  </qti-modal-feedback>
  <qti-modal-feedback outcome-identifier="FEEDBACK" show-hide="show" identifier="RESPONSE_incorrect">
    <qti-content-body>incorrect</qti-content-body>
  </qti-modal-feedback>
  <qti-modal-feedback outcome-identifier="FEEDBACK" show-hide="show" identifier="ALWAYS">
    <qti-content-body><p>Both studied the unconscious.</p></qti-content-body>
  </qti-modal-feedback>`,
);

describe("parseQtiXml: feedback", () => {
  it("1EdTech's modal feedback: feedback shown always is the general feedback; shown on a condition, it is noted", () => {
    // The example, with one more modal feedback that its response processing always shows.
    const always = MODAL.replace(
      "</qti-response-processing>",
      '<qti-set-outcome-value identifier="FEEDBACK"><qti-multiple><qti-variable identifier="FEEDBACK"/><qti-base-value base-type="identifier">ALWAYS</qti-base-value></qti-multiple></qti-set-outcome-value></qti-response-processing>',
    );
    const parsed = parseQtiXml(always);
    expect(parsed.refusals).toEqual([]);
    expect(parsed.questions[0]!.question).toEqual({
      type: "true_false",
      name: "Example 1 - modal feedback",
      stem: "<p>Sigmund Freud and Carl Jung both belong to the psychoanalytic school of psychology.</p>",
      default_mark: 10,
      correct: true,
      general_feedback: "<p>Both studied the unconscious.</p>",
    });
    expect(parsed.questions[0]!.notes).toEqual([
      "Its feedback shown on a condition (RESPONSE_correct, RESPONSE_incorrect) is not kept: questions here have general feedback, shown whatever the answer, and a choice's feedback",
    ]);
    expect(parseQtiXml(MODAL).questions[0]!.question).not.toHaveProperty("general_feedback");
  });

  it("1EdTech's inline feedback: a choice's qti-feedback-inline is its feedback, out of its text", () => {
    const xml = item(
      "Example 2 - inline feedback",
      `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
      <qti-correct-response><qti-value>ChoiceA</qti-value></qti-correct-response>
    </qti-response-declaration>
    <qti-outcome-declaration identifier="FEEDBACK" cardinality="multiple" base-type="identifier"/>
    <qti-item-body>
      <qti-choice-interaction response-identifier="RESPONSE" shuffle="false" max-choices="1">
        ${FREUD}
        <qti-simple-choice identifier="ChoiceA">Yes
          <qti-feedback-inline outcome-identifier="FEEDBACK" identifier="RESPONSE_choice_A" show-hide="show"><strong>Correct!</strong> Both are foundational.</qti-feedback-inline>
        </qti-simple-choice>
        <qti-simple-choice identifier="ChoiceB">No</qti-simple-choice>
      </qti-choice-interaction>
      <qti-feedback-block outcome-identifier="FEEDBACK" identifier="RESPONSE_correct" show-hide="show"><p>Well done.</p></qti-feedback-block>
    </qti-item-body>`,
    );
    const parsed = parseQtiXml(xml);
    expect(parsed.questions[0]!.question).toMatchObject({
      type: "single_choice",
      stem: "<p>Sigmund Freud and Carl Jung both belong to the psychoanalytic school of psychology.</p>",
      choices: [
        { id: "ChoiceA", text: "Yes", fraction: 1, feedback: "<strong>Correct!</strong> Both are foundational." },
        { id: "ChoiceB", text: "No", fraction: 0 },
      ],
    });
    expect(parsed.questions[0]!.notes).toEqual([
      "Its feedback in the item's text is not kept: questions here have general feedback and a choice's feedback",
    ]);
  });
});

/** What this export does not carry: tags, the feedback of short and numeric answers and of gaps. */
const kept = (content: QuestionContent): QuestionContent => {
  const copy = JSON.parse(JSON.stringify({ ...content, tags: undefined })) as QuestionContent;
  const blank = <T>(value: T): T => JSON.parse(JSON.stringify(value, (key, v) => (key === "feedback" ? "" : v)));
  if (copy.type === "short_answer" || copy.type === "numeric")
    return { ...copy, answers: blank(copy.answers) } as QuestionContent;
  if (copy.type === "fill_in_blanks") return { ...copy, gaps: blank(copy.gaps) };
  return copy;
};

/** Ids the import gives by place: an ordering question's items (random: numbered here), gaps in the order of the text. */
function byPlace(q: QuestionContent): QuestionContent {
  if (q.type === "ordering") return { ...q, items: q.items.map((item, i) => ({ ...item, id: `i${i + 1}` })) };
  if (q.type !== "fill_in_blanks") return q;
  const order = [...q.stem.matchAll(GAP_MARKER)].map((m) => m[1]!);
  return {
    ...q,
    stem: q.stem.replace(GAP_MARKER, (_m, id: string) => `[[g${order.indexOf(id) + 1}]]`),
    gaps: order.map((id, i) => ({ ...q.gaps.find((g) => g.id === id)!, id: `g${i + 1}` })),
  };
}

describe("a package our export wrote", () => {
  it("imports back as the same questions", async () => {
    const questions = [
      { ...SAMPLES.single, stem: "<p>Capital of <b>France</b>?</p>" },
      SAMPLES.multiple,
      SAMPLES.trueFalse,
      questionContentSchema.parse({
        ...SAMPLES.shortAnswer,
        answers: [
          { text: "Na", fraction: 1 },
          { text: "\\*", fraction: 0.5 },
        ],
      }),
      questionContentSchema.parse({ ...SAMPLES.numeric, units: [], unit_required: false }),
      SAMPLES.matching,
      questionContentSchema.parse({ ...SAMPLES.ordering, grading: "all_or_nothing" }),
      { ...SAMPLES.essay, min_words: undefined, max_words: undefined, general_feedback: "<p>Be brief.</p>" },
      SAMPLES.cloze,
    ].map(kept);
    const builder = new QtiPackageBuilder();
    builder.category(["Bank"]);
    questions.forEach((q) => builder.add(q));
    expect(builder.report.skipped).toEqual([]);
    const { format, parsed } = await readQuestionFile(builder.build(), "bank.zip", undefined);
    expect(format).toBe("qti3");
    expect(parsed.refusals).toEqual([]);
    expect(parsed.questions.flatMap((q) => q.notes)).toEqual([]);
    const back = parsed.questions.map((q) => byPlace(questionContentSchema.parse(q.question)));
    expect(back).toEqual(questions.map((q) => byPlace(questionContentSchema.parse(q))));
  });

  it("a ZIP whose files unpack past the limit is refused before they are read", async () => {
    const { zip } = await import("@/lib/assessments/export/zip");
    const big = new Uint8Array(MAX_QTI_UNPACKED_BYTES + 1);
    await expect(
      readQuestionFile(zip([{ name: "imsmanifest.xml", data: big }]), "bomb.zip", undefined),
    ).rejects.toThrow("The package's files unpack to more than 100 MB");
  });

  it("a ZIP without a manifest is no QTI package", async () => {
    const { zip } = await import("@/lib/assessments/export/zip");
    await expect(
      readQuestionFile(zip([{ name: "a.xml", data: new TextEncoder().encode("<a/>") }]), "a.zip", undefined),
    ).rejects.toThrow("The ZIP archive has no imsmanifest.xml: it is not a QTI package");
  });
});
