"use client";

import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import type { QuestionInputProps } from "@/components/quizzes/inputs/input-props";
import { plainText, RichInline } from "@/components/quizzes/rich-inline";

/**
 * The items as a list the learner reorders with a pair of buttons per item: reachable by keyboard and
 * named for a screen reader ("Move Cell up"), which a drag alone is not. Untouched, the question is
 * unanswered; the first move saves the whole order.
 */
export function OrderingInput({ question, response, onChange, labelledBy, disabled }: QuestionInputProps<"ordering">) {
  const order = currentOrder(
    question.items.map((i) => i.id),
    response,
  );
  const byId = new Map(question.items.map((item) => [item.id, item]));
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange({ order: next });
  };
  return (
    <Box component="ol" aria-labelledby={labelledBy} sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
      {order.map((id, index) => {
        const item = byId.get(id)!;
        const name = plainText(item.text);
        return (
          <Paper
            component="li"
            variant="outlined"
            key={id}
            sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 0.5 }}
          >
            <Box component="span" sx={{ color: "text.secondary", minWidth: "1.5em" }}>
              {index + 1}.
            </Box>
            <Box sx={{ flex: 1 }}>
              <RichInline html={item.text} />
            </Box>
            <IconButton
              aria-label={`Move ${name} up`}
              onClick={() => move(index, -1)}
              disabled={disabled || index === 0}
              size="small"
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={`Move ${name} down`}
              onClick={() => move(index, 1)}
              disabled={disabled || index === order.length - 1}
              size="small"
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </Paper>
        );
      })}
    </Box>
  );
}

/** The saved order when it names exactly the question's items, else the order they were shown in. */
function currentOrder(shown: string[], response: QuestionInputProps["response"]): string[] {
  const saved = Array.isArray(response?.order) ? (response.order as string[]) : null;
  if (saved && saved.length === shown.length && shown.every((id) => saved.includes(id))) return saved;
  return shown;
}
