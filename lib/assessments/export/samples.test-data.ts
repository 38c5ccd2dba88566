import {
  questionContentSchema,
  type QuestionContentInput,
  type QuestionContentOf,
  type QuestionType,
} from "@/lib/schemas/questions";

// One question of each type, with the settings each format keeps, for the writers' tests.

const parse = <T extends QuestionType>(input: Extract<QuestionContentInput, { type: T }>) =>
  questionContentSchema.parse(input) as QuestionContentOf<T>;

export const SAMPLES = {
  single: parse({
    type: "single_choice",
    name: "Capital: France",
    stem: "<p>Capital of <b>France</b>? A & B ]]> C</p>",
    general_feedback: "<p>Since 987.</p>",
    default_mark: 2,
    tags: ["geo", "europe"],
    shuffle: false,
    choices: [
      { text: "<p>Paris</p>", fraction: 1, feedback: "<p>Yes.</p>" },
      { text: "Lyon {city}", fraction: 0, feedback: "" },
      { text: "Marseille ~ = #", fraction: -0.3333333, feedback: "Third city" },
    ],
  }),
  multiple: parse({
    type: "multiple_response",
    name: "Rivers",
    stem: "<p>Which rivers flow through France?</p>",
    choices: [
      { text: "Seine", fraction: 0.5 },
      { text: "Loire", fraction: 0.5, feedback: "<p>Longest.</p>" },
      { text: "Thames", fraction: -1 },
    ],
  }),
  trueFalse: parse({
    type: "true_false",
    name: "Flat",
    stem: "<p>The earth is flat.</p>",
    correct: false,
    feedback_true: "<p>No, it is round.</p>",
    feedback_false: "<p>Right.</p>",
  }),
  shortAnswer: parse({
    type: "short_answer",
    name: "Sodium",
    stem: "<p>Symbol of sodium?</p>",
    case_sensitive: true,
    answers: [
      { text: "Na", fraction: 1, feedback: "<p>Yes</p>" },
      { text: "N*", fraction: 0.5, feedback: "Close" },
      { text: "\\*", fraction: 0 },
    ],
  }),
  numeric: parse({
    type: "numeric",
    name: "Length",
    stem: "<p>How long, in metres?</p>",
    answers: [
      { value: 1.5, tolerance: 0.01, fraction: 1, feedback: "<p>Yes</p>" },
      { min: 1, max: 2, fraction: 0.5 },
      { min: -Number.MAX_VALUE, max: Number.MAX_VALUE, fraction: 0, feedback: "No" },
    ],
    units: [
      { unit: "m", multiplier: 1 },
      { unit: "cm", multiplier: 100 },
    ],
    unit_required: true,
  }),
  matching: parse({
    type: "matching",
    name: "Capitals",
    stem: "<p>Match</p>",
    pairs: [
      { prompt: "<p>France</p>", answer: "Paris" },
      { prompt: "Italy", answer: "Rome & co" },
    ],
    distractors: ["Lyon"],
  }),
  ordering: parse({
    type: "ordering",
    name: "Sizes",
    stem: "<p>Smallest first</p>",
    items: [
      { id: "i1", text: "Atom" },
      { id: "i2", text: "<p>Cell</p>" },
      { id: "i3", text: "Planet" },
    ],
    grading: "relative_next",
  }),
  cloze: parse({
    type: "fill_in_blanks",
    name: "Tower",
    stem: "<p>Built in [[year]] in [[city]] by [[who]].</p>",
    gaps: [
      {
        id: "city",
        type: "choice",
        weight: 2,
        shuffle: false,
        choices: [
          { text: "Paris", fraction: 1 },
          { text: "Rome}#~", fraction: 0, feedback: "No" },
        ],
      },
      { id: "year", type: "numeric", answers: [{ value: 1889, tolerance: 1, fraction: 1 }] },
      {
        id: "who",
        type: "short_answer",
        case_sensitive: true,
        answers: [
          { text: "Eiffel", fraction: 1 },
          { text: "=Gustave", fraction: 0.5, feedback: "<p>His first name</p>" },
        ],
      },
    ],
  }),
  essay: parse({
    type: "essay",
    name: "Discuss",
    stem: "<p>Discuss.</p>",
    min_words: 100,
    max_words: 500,
    grader_info: "<p>Look for clarity.</p>",
  }),
};
