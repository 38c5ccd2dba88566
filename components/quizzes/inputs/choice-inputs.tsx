"use client";

import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import type { QuestionInputProps } from "@/components/quizzes/inputs/input-props";
import { RichInline } from "@/components/quizzes/rich-inline";

export function SingleChoiceInput({
  question,
  response,
  onChange,
  labelledBy,
  disabled,
}: QuestionInputProps<"single_choice">) {
  const value = typeof response?.choice_id === "string" ? response.choice_id : "";
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      value={value}
      onChange={(_, choiceId) => onChange({ choice_id: choiceId })}
    >
      {question.choices.map((choice) => (
        <FormControlLabel
          key={choice.id}
          value={choice.id}
          control={<Radio />}
          label={<RichInline html={choice.text} />}
          disabled={disabled}
        />
      ))}
    </RadioGroup>
  );
}

export function MultipleResponseInput({
  question,
  response,
  onChange,
  labelledBy,
  disabled,
}: QuestionInputProps<"multiple_response">) {
  const picked = Array.isArray(response?.choice_ids) ? (response.choice_ids as string[]) : [];
  const toggle = (id: string, on: boolean) =>
    // In the question's order, so the saved response reads as the learner sees it.
    onChange({
      choice_ids: question.choices.map((c) => c.id).filter((c) => (c === id ? on : picked.includes(c))),
    });
  return (
    <FormGroup role="group" aria-labelledby={labelledBy}>
      {question.choices.map((choice) => (
        <FormControlLabel
          key={choice.id}
          control={
            <Checkbox
              checked={picked.includes(choice.id)}
              onChange={(event) => toggle(choice.id, event.target.checked)}
            />
          }
          label={<RichInline html={choice.text} />}
          disabled={disabled}
        />
      ))}
    </FormGroup>
  );
}

export function TrueFalseInput({ response, onChange, labelledBy, disabled }: QuestionInputProps<"true_false">) {
  const value = typeof response?.value === "boolean" ? String(response.value) : "";
  return (
    <RadioGroup
      row
      aria-labelledby={labelledBy}
      value={value}
      onChange={(_, picked) => onChange({ value: picked === "true" })}
    >
      <FormControlLabel value="true" control={<Radio />} label="True" disabled={disabled} />
      <FormControlLabel value="false" control={<Radio />} label="False" disabled={disabled} />
    </RadioGroup>
  );
}
