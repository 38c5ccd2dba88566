import { describe, expect, it } from "vitest";
import { categoryText, moodleXmlWriter } from "@/lib/assessments/export/moodle-xml";
import { percentText, plainDecimal } from "@/lib/assessments/export/numbers";
import { SAMPLES } from "@/lib/assessments/export/samples.test-data";
import { ExportBuilder } from "@/lib/assessments/export/writer";
import { questionContentSchema } from "@/lib/schemas/questions";

// The writer's output for one question of each type, written out as Moodle's own export lays it out.

const written = (content: Parameters<typeof moodleXmlWriter.question>[0]) => moodleXmlWriter.question(content);

const EMPTY_FEEDBACK = `    <generalfeedback format="html">
      <text></text>
    </generalfeedback>
`;

describe("numbers as the files write them", () => {
  it("fractions as percentages, moved in their decimal text", () => {
    expect(percentText(1)).toBe("100");
    expect(percentText(0)).toBe("0");
    expect(percentText(0.5)).toBe("50");
    expect(percentText(-0.3333333)).toBe("-33.33333");
    expect(percentText(0.125)).toBe("12.5");
    expect(percentText(1e-7)).toBe("0.00001");
  });
  it("numbers without an exponent", () => {
    expect(plainDecimal(1e-7)).toBe("0.0000001");
    expect(plainDecimal(-1.5e-8)).toBe("-0.000000015");
    expect(plainDecimal(1e21)).toBe("1000000000000000000000");
    expect(plainDecimal(12.5)).toBe("12.5");
  });
});

describe("moodleXmlWriter, one question of each type", () => {
  it("single choice: fractions, feedback, mark, shuffle, tags; HTML in CDATA, ]]> split", () => {
    expect(written(SAMPLES.single)).toEqual({
      notes: [],
      text: `  <question type="multichoice">
    <name>
      <text>Capital: France</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Capital of <b>France</b>? A & B ]]]]><![CDATA[> C</p>]]></text>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[<p>Since 987.</p>]]></text>
    </generalfeedback>
    <defaultgrade>2</defaultgrade>
    <hidden>0</hidden>
    <single>true</single>
    <shuffleanswers>false</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <answer fraction="100" format="html">
      <text><![CDATA[<p>Paris</p>]]></text>
      <feedback format="html">
        <text><![CDATA[<p>Yes.</p>]]></text>
      </feedback>
    </answer>
    <answer fraction="0" format="html">
      <text><![CDATA[Lyon {city}]]></text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
    <answer fraction="-33.33333" format="html">
      <text><![CDATA[Marseille ~ = #]]></text>
      <feedback format="html">
        <text><![CDATA[Third city]]></text>
      </feedback>
    </answer>
    <tags>
      <tag><text>geo</text></tag>
      <tag><text>europe</text></tag>
    </tags>
  </question>
`,
    });
  });

  it("multiple response: <single>false</single>, negative fractions", () => {
    expect(written(SAMPLES.multiple)).toEqual({
      notes: [],
      text: `  <question type="multichoice">
    <name>
      <text>Rivers</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Which rivers flow through France?</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
    <single>false</single>
    <shuffleanswers>true</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <answer fraction="50" format="html">
      <text><![CDATA[Seine]]></text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
    <answer fraction="50" format="html">
      <text><![CDATA[Loire]]></text>
      <feedback format="html">
        <text><![CDATA[<p>Longest.</p>]]></text>
      </feedback>
    </answer>
    <answer fraction="-100" format="html">
      <text><![CDATA[Thames]]></text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
  </question>
`,
    });
  });

  it("true/false: the answers true and false, each with its feedback", () => {
    expect(written(SAMPLES.trueFalse)).toEqual({
      notes: [],
      text: `  <question type="truefalse">
    <name>
      <text>Flat</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>The earth is flat.</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
    <answer fraction="0" format="moodle_auto_format">
      <text>true</text>
      <feedback format="html">
        <text><![CDATA[<p>No, it is round.</p>]]></text>
      </feedback>
    </answer>
    <answer fraction="100" format="moodle_auto_format">
      <text>false</text>
      <feedback format="html">
        <text><![CDATA[<p>Right.</p>]]></text>
      </feedback>
    </answer>
  </question>
`,
    });
  });

  it("short answer: usecase, wildcards and escaped stars as they are", () => {
    expect(written(SAMPLES.shortAnswer)).toEqual({
      notes: [],
      text: `  <question type="shortanswer">
    <name>
      <text>Sodium</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Symbol of sodium?</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
    <usecase>1</usecase>
    <answer fraction="100" format="html">
      <text>Na</text>
      <feedback format="html">
        <text><![CDATA[<p>Yes</p>]]></text>
      </feedback>
    </answer>
    <answer fraction="50" format="html">
      <text>N*</text>
      <feedback format="html">
        <text><![CDATA[Close]]></text>
      </feedback>
    </answer>
    <answer fraction="0" format="html">
      <text>\\*</text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
  </question>
`,
    });
  });

  it("numerical: tolerance, a range as its middle ± half (noted), * for any number, required units", () => {
    expect(written(SAMPLES.numeric)).toEqual({
      notes: ["Answer 2, the range 1..2, is written as 1.5 ± 0.5 (the same numbers)"],
      text: `  <question type="numerical">
    <name>
      <text>Length</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>How long, in metres?</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
    <answer fraction="100" format="html">
      <text>1.5</text>
      <tolerance>0.01</tolerance>
      <feedback format="html">
        <text><![CDATA[<p>Yes</p>]]></text>
      </feedback>
    </answer>
    <answer fraction="50" format="html">
      <text>1.5</text>
      <tolerance>0.5</tolerance>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
    <answer fraction="0" format="html">
      <text>*</text>
      <tolerance>0</tolerance>
      <feedback format="html">
        <text><![CDATA[No]]></text>
      </feedback>
    </answer>
    <units>
      <unit>
        <multiplier>1</multiplier>
        <unit_name>m</unit_name>
      </unit>
      <unit>
        <multiplier>100</multiplier>
        <unit_name>cm</unit_name>
      </unit>
    </units>
    <unitgradingtype>1</unitgradingtype>
    <unitpenalty>1.0000000</unitpenalty>
    <showunits>0</showunits>
    <unitsleft>0</unitsleft>
  </question>
`,
    });
  });

  it("matching: pairs as subquestions, a distractor as one with no text, plain answers escaped", () => {
    expect(written(SAMPLES.matching)).toEqual({
      notes: [],
      text: `  <question type="matching">
    <name>
      <text>Capitals</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Match</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
    <shuffleanswers>true</shuffleanswers>
    <subquestion format="html">
      <text><![CDATA[<p>France</p>]]></text>
      <answer>
        <text>Paris</text>
      </answer>
    </subquestion>
    <subquestion format="html">
      <text><![CDATA[Italy]]></text>
      <answer>
        <text>Rome &amp; co</text>
      </answer>
    </subquestion>
    <subquestion format="html">
      <text></text>
      <answer>
        <text>Lyon</text>
      </answer>
    </subquestion>
  </question>
`,
    });
  });

  it("ordering: the plugin's format, each item's place as its fraction", () => {
    expect(written(SAMPLES.ordering)).toEqual({
      notes: [],
      text: `  <question type="ordering">
    <name>
      <text>Sizes</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Smallest first</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
    <layouttype>VERTICAL</layouttype>
    <selecttype>ALL</selecttype>
    <selectcount>0</selectcount>
    <gradingtype>RELATIVE_NEXT_EXCLUDE_LAST</gradingtype>
    <showgrading>SHOW</showgrading>
    <numberingstyle>none</numberingstyle>
    <answer fraction="1" format="html">
      <text><![CDATA[Atom]]></text>
    </answer>
    <answer fraction="2" format="html">
      <text><![CDATA[<p>Cell</p>]]></text>
    </answer>
    <answer fraction="3" format="html">
      <text><![CDATA[Planet]]></text>
    </answer>
  </question>
`,
    });
  });

  it("fill in the blanks: cloze gaps in the text, weights, escapes, %0% before a wrong answer", () => {
    expect(written(SAMPLES.cloze)).toEqual({
      notes: [],
      text: `  <question type="cloze">
    <name>
      <text>Tower</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Built in {1:NUMERICAL:=1889:1} in {2:MULTICHOICE:=Paris~%0%Rome\\}\\#\\~#No} by {1:SHORTANSWER_C:=Eiffel~%50%=Gustave#<p>His first name<\\/p>}.</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
  </question>
`,
    });
  });

  it("essay: an editor response, word limits, grader information", () => {
    expect(written(SAMPLES.essay)).toEqual({
      notes: [],
      text: `  <question type="essay">
    <name>
      <text>Discuss</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Discuss.</p>]]></text>
    </questiontext>
${EMPTY_FEEDBACK}    <defaultgrade>1</defaultgrade>
    <hidden>0</hidden>
    <responseformat>editor</responseformat>
    <responserequired>1</responserequired>
    <responsefieldlines>15</responsefieldlines>
    <minwordlimit>100</minwordlimit>
    <maxwordlimit>500</maxwordlimit>
    <attachments>0</attachments>
    <attachmentsrequired>0</attachmentsrequired>
    <graderinfo format="html">
      <text><![CDATA[<p>Look for clarity.</p>]]></text>
    </graderinfo>
    <responsetemplate format="html">
      <text></text>
    </responsetemplate>
  </question>
`,
    });
  });
});

describe("what Moodle XML cannot hold is skipped with its reason", () => {
  it("an essay graded along a rubric", () => {
    const rubric = questionContentSchema.parse({
      ...SAMPLES.essay,
      grading: {
        method: "rubric",
        criteria: [
          {
            id: "c",
            description: "Clarity",
            levels: [
              { points: 0, description: "No" },
              { points: 1, description: "Yes" },
            ],
          },
        ],
      },
    });
    expect(written(rubric)).toEqual({
      skipped: "It is graded along a rubric, which a Moodle essay cannot hold (Moodle grades it with a comment)",
    });
  });
  it("a range whose middle and half-width do not give its ends back", () => {
    const range = questionContentSchema.parse({
      ...SAMPLES.numeric,
      answers: [
        { value: 1, fraction: 1 },
        { min: 0.1, max: 0.7, fraction: 0.5 },
      ],
    });
    expect(written(range)).toEqual({
      skipped: "Answer 2 is the range 0.1..0.7, which Moodle XML cannot write exactly",
    });
  });
  it("a gap weighing 1.5, a gap with units, text that reads as a gap", () => {
    const gap = (over: object) => questionContentSchema.parse({ ...SAMPLES.cloze, ...over });
    const units = { unit: "m", multiplier: 1 };
    expect(
      written(gap({ gaps: SAMPLES.cloze.gaps.map((g) => (g.id === "city" ? { ...g, weight: 1.5 } : g)) })),
    ).toEqual({
      skipped: "Gap 2's weight 1.5 is not a whole number, which a cloze gap needs",
    });
    expect(
      written(gap({ gaps: SAMPLES.cloze.gaps.map((g) => (g.type === "numeric" ? { ...g, units: [units] } : g)) })),
    ).toEqual({
      skipped: "Gap 1 takes units, which a cloze gap cannot hold",
    });
    expect(written(gap({ stem: `${SAMPLES.cloze.stem} {1:SA:=x}` }))).toEqual({
      skipped: "Its text holds {n:TYPE:…} outside its gaps, which Moodle would read as another gap",
    });
  });
  it("control characters XML cannot carry", () => {
    expect(written({ ...SAMPLES.essay, grader_info: "bell \u0007" })).toEqual({
      skipped: "It holds control characters, which an XML file cannot carry",
    });
  });
});

describe("the file", () => {
  it("categories as $course$/top/…, // for a slash; the report as a comment before <quiz>", () => {
    expect(categoryText(["Chemistry", "Acids/bases"])).toBe("$course$/top/Chemistry/Acids//bases");
    const builder = new ExportBuilder(moodleXmlWriter);
    builder.category(["Bank -- one"]);
    builder.add(SAMPLES.ordering);
    builder.add({ ...SAMPLES.essay, grading: { method: "rubric", criteria: [] } });
    const file = builder.build();
    expect(
      file.startsWith(`<?xml version="1.0" encoding="UTF-8"?>
<!--
Skipped 1 question(s) this format cannot hold:
- 'Discuss' (Bank - - one): It is graded along a rubric, which a Moodle essay cannot hold (Moodle grades it with a comment)
-->
<quiz>
  <question type="category">
    <category>
      <text>$course$/top/Bank -- one</text>
    </category>
    <info format="html">
      <text></text>
    </info>
  </question>
  <question type="ordering">
`),
    ).toBe(true);
    expect(file.endsWith(`    </answer>\n  </question>\n</quiz>\n`)).toBe(true);
  });
});
