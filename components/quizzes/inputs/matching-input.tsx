"use client";

import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import type { QuestionInputProps } from "@/components/quizzes/inputs/input-props";
import { RichInline } from "@/components/quizzes/rich-inline";

/** Each prompt with a select of the answers offered; the prompt names its select. */
export function MatchingInput({ question, response, onChange, idPrefix, disabled }: QuestionInputProps<"matching">) {
  const matches = (response?.matches ?? {}) as Record<string, string>;
  const pick = (promptId: string, answer: string) => {
    const next = { ...matches };
    if (answer) next[promptId] = answer;
    else delete next[promptId];
    onChange({ matches: next });
  };
  return (
    <Box
      component="ul"
      sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5, gridTemplateColumns: "minmax(0, 1fr) auto" }}
    >
      {question.prompts.map((prompt) => {
        const promptId = `${idPrefix}-prompt-${prompt.id}`;
        return (
          <Box component="li" key={prompt.id} sx={{ display: "contents" }}>
            <Box sx={{ alignSelf: "center" }}>
              <RichInline html={prompt.prompt} id={promptId} />
            </Box>
            <TextField
              select
              size="small"
              value={matches[prompt.id] ?? ""}
              onChange={(event) => pick(prompt.id, event.target.value)}
              disabled={disabled}
              slotProps={{ select: { native: true }, htmlInput: { "aria-labelledby": promptId } }}
              sx={{ minWidth: 200 }}
            >
              <option value="">Choose…</option>
              {question.answers.map((answer) => (
                <option key={answer} value={answer}>
                  {answer}
                </option>
              ))}
            </TextField>
          </Box>
        );
      })}
    </Box>
  );
}
