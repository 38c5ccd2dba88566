"use client";

import TextField from "@mui/material/TextField";
import { useState } from "react";
import { createPortal } from "react-dom";
import richStyles from "@/components/learning/rich-text.module.css";
import type { QuestionInputProps } from "@/components/quizzes/inputs/input-props";
import { joinNumeric, splitNumeric } from "@/components/quizzes/inputs/numeric-text";
import type { LearnerQuestionView } from "@/components/quizzes/quiz-api";
import { plainText } from "@/components/quizzes/rich-inline";
import styles from "@/components/quizzes/quiz.module.css";

type Gap = Extract<LearnerQuestionView, { type: "fill_in_blanks" }>["gaps"][number];

const MARKER = /\[\[([A-Za-z0-9_-]{1,40})\]\]/g;

/**
 * The stem with a field in place of each `[[id]]`: the sanitized HTML is drawn as it is, each marker as an
 * empty span, and each field is rendered into its span (a portal), so the blanks sit in the sentence.
 */
export function GapsInput({
  question,
  response,
  onChange,
  onBlur,
  idPrefix,
  disabled,
}: QuestionInputProps<"fill_in_blanks">) {
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const ids = new Set(question.gaps.map((g) => g.id));
  const html = question.stem.replace(MARKER, (marker, id: string) =>
    ids.has(id) ? `<span data-gap="${id}"></span>` : marker,
  );
  const gaps = (response?.gaps ?? {}) as Record<string, string>;
  const set = (id: string, value: string, typing: boolean) => onChange({ gaps: { ...gaps, [id]: value } }, typing);
  return (
    <>
      <div ref={setRoot} className={richStyles.richText} dangerouslySetInnerHTML={{ __html: html }} />
      {root &&
        question.gaps.map((gap, index) => {
          const slot = root.querySelector<HTMLElement>(`[data-gap="${gap.id}"]`);
          if (!slot) return null;
          return createPortal(
            <GapField
              gap={gap}
              label={`Blank ${index + 1}`}
              id={`${idPrefix}-gap-${gap.id}`}
              value={gaps[gap.id] ?? ""}
              onChange={(value, typing) => set(gap.id, value, typing)}
              onBlur={onBlur}
              disabled={disabled}
            />,
            slot,
            gap.id,
          );
        })}
    </>
  );
}

function GapField({
  gap,
  label,
  id,
  value,
  onChange,
  onBlur,
  disabled,
}: {
  gap: Gap;
  label: string;
  id: string;
  value: string;
  onChange: (value: string, typing: boolean) => void;
  onBlur: () => void;
  disabled: boolean;
}) {
  if (gap.type === "choice")
    return (
      <TextField
        select
        size="small"
        id={id}
        className={styles.gap}
        value={value}
        onChange={(event) => onChange(event.target.value, false)}
        disabled={disabled}
        slotProps={{ select: { native: true }, htmlInput: { "aria-label": label } }}
      >
        <option value="">Choose…</option>
        {gap.choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {plainText(choice.text)}
          </option>
        ))}
      </TextField>
    );
  if (gap.type === "numeric" && gap.units.length > 0) {
    const { number, unit } = splitNumeric(value, gap.units);
    return (
      <span className={styles.gap}>
        <TextField
          size="small"
          id={id}
          value={number}
          onChange={(event) => onChange(joinNumeric(event.target.value, unit), true)}
          onBlur={onBlur}
          disabled={disabled}
          slotProps={{ htmlInput: { "aria-label": label, inputMode: "decimal", maxLength: 60 } }}
          sx={{ width: 120 }}
        />
        <TextField
          select
          size="small"
          value={unit}
          onChange={(event) => onChange(joinNumeric(number, event.target.value), false)}
          disabled={disabled}
          slotProps={{ select: { native: true }, htmlInput: { "aria-label": `${label}: unit` } }}
        >
          <option value="">{gap.unit_required ? "Unit" : "No unit"}</option>
          {gap.units.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </TextField>
      </span>
    );
  }
  return (
    <TextField
      size="small"
      id={id}
      className={styles.gap}
      value={value}
      onChange={(event) => onChange(event.target.value, true)}
      onBlur={onBlur}
      disabled={disabled}
      slotProps={{
        htmlInput: {
          "aria-label": label,
          maxLength: 1000,
          ...(gap.type === "numeric" ? { inputMode: "decimal" } : {}),
        },
      }}
      sx={{ width: 160 }}
    />
  );
}
