import { describe, expect, it } from "vitest";
import { QtiPackageBuilder } from "@/lib/assessments/export/qti-package";
import { SAMPLES } from "@/lib/assessments/export/samples.test-data";
import { readQuestionFile } from "@/lib/assessments/import/parse";
import { MAX_QTI_UNPACKED_BYTES, parseQtiXml } from "@/lib/assessments/import/qti";
import { questionContentSchema, type QuestionContent } from "@/lib/schemas/questions";

// QTI 3.0 import: an item written by hand as another system writes one, field by field; a package our
// export wrote comes back as the same questions (QTI carries no feedback and no tags, so these have none);
// what has no type here is refused with its reason.

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

const noFeedback = (content: QuestionContent): QuestionContent =>
  JSON.parse(JSON.stringify(content, (key, value) => (/feedback/.test(key) ? "" : key === "tags" ? undefined : value)));

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
      { ...SAMPLES.essay, min_words: undefined, max_words: undefined },
    ].map(noFeedback);
    const builder = new QtiPackageBuilder();
    builder.category(["Bank"]);
    questions.forEach((q) => builder.add(q));
    expect(builder.report.skipped).toEqual([]);
    const { format, parsed } = await readQuestionFile(builder.build(), "bank.zip", undefined);
    expect(format).toBe("qti3");
    expect(parsed.refusals).toEqual([]);
    // An ordering question's items come back with new random ids (the file's are not kept).
    const itemsByPlace = (q: QuestionContent) =>
      q.type === "ordering" ? { ...q, items: q.items.map((item, i) => ({ ...item, id: `i${i + 1}` })) } : q;
    const back = parsed.questions.map((q) => itemsByPlace(questionContentSchema.parse(q.question)));
    expect(back).toEqual(questions.map((q) => itemsByPlace(questionContentSchema.parse(q))));
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
