"use client";

import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import type { QuestionInputProps } from "@/components/quizzes/inputs/input-props";
import { joinNumeric, splitNumeric, wordCount } from "@/components/quizzes/inputs/numeric-text";

const textOf = (response: QuestionInputProps["response"]) => (typeof response?.text === "string" ? response.text : "");

export function ShortAnswerInput({
  response,
  onChange,
  onBlur,
  idPrefix,
  disabled,
}: QuestionInputProps<"short_answer">) {
  return (
    <TextField
      id={`${idPrefix}-answer`}
      label="Your answer"
      value={textOf(response)}
      onChange={(event) => onChange({ text: event.target.value }, true)}
      onBlur={onBlur}
      disabled={disabled}
      slotProps={{ htmlInput: { maxLength: 1000 } }}
      sx={{ maxWidth: 480 }}
      fullWidth
    />
  );
}

export function NumericInput({
  question,
  response,
  onChange,
  onBlur,
  idPrefix,
  disabled,
}: QuestionInputProps<"numeric">) {
  const { number, unit } = splitNumeric(textOf(response), question.units);
  return (
    <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
      <TextField
        id={`${idPrefix}-number`}
        label="Your answer"
        value={number}
        onChange={(event) => onChange({ text: joinNumeric(event.target.value, unit) }, true)}
        onBlur={onBlur}
        disabled={disabled}
        slotProps={{ htmlInput: { inputMode: "decimal", maxLength: 60 } }}
        sx={{ width: 220 }}
      />
      {question.units.length > 0 && (
        <TextField
          id={`${idPrefix}-unit`}
          select
          label="Unit"
          value={unit}
          onChange={(event) => onChange({ text: joinNumeric(number, event.target.value) })}
          disabled={disabled}
          required={question.unit_required}
          // Shrunk: an empty native select shows its first option ("No unit"), which the label would cover.
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 160 }}
        >
          <option value="">{question.unit_required ? "Choose a unit" : "No unit"}</option>
          {question.units.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </TextField>
      )}
    </Box>
  );
}

export function EssayInput({ question, response, onChange, onBlur, idPrefix, disabled }: QuestionInputProps<"essay">) {
  const text = textOf(response);
  const words = wordCount(text);
  const limits = [
    question.min_words !== null ? `at least ${question.min_words}` : null,
    question.max_words !== null ? `at most ${question.max_words}` : null,
  ].filter(Boolean);
  const outside =
    (question.min_words !== null && words > 0 && words < question.min_words) ||
    (question.max_words !== null && words > question.max_words);
  return (
    <TextField
      id={`${idPrefix}-essay`}
      label="Your answer"
      value={text}
      onChange={(event) => onChange({ text: event.target.value }, true)}
      onBlur={onBlur}
      disabled={disabled}
      multiline
      minRows={6}
      fullWidth
      error={outside}
      helperText={`${words} ${words === 1 ? "word" : "words"}${limits.length ? ` (${limits.join(", ")})` : ""}`}
    />
  );
}
