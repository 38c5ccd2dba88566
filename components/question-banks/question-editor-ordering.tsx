"use client";

import AddIcon from "@mui/icons-material/Add";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useFieldArray } from "react-hook-form";
import {
  ListError,
  RemoveButton,
  TextInput,
  type EditorControl,
} from "@/components/question-banks/question-editor-fields";

/** Ordering: the items in their right order, and how a partly right order is graded. */
export function OrderingEditor({ control }: { control: EditorControl }) {
  const { fields, append, remove, move } = useFieldArray({ control, name: "items", keyName: "key" });
  return (
    <Stack spacing={1.5} sx={{ my: 2 }}>
      {fields.map((field, i) => (
        <Stack key={field.key} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <TextInput control={control} name={`items.${i}.text`} label={`Item ${i + 1}`} />
          <IconButton
            aria-label={`Move item ${i + 1} up`}
            disabled={i === 0}
            onClick={() => move(i, i - 1)}
            size="small"
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            aria-label={`Move item ${i + 1} down`}
            disabled={i === fields.length - 1}
            onClick={() => move(i, i + 1)}
            size="small"
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <RemoveButton label={`Remove item ${i + 1}`} onClick={() => remove(i)} disabled={fields.length <= 2} />
        </Stack>
      ))}
      <ListError control={control} name="items" />
      <div>
        <Button startIcon={<AddIcon />} onClick={() => append({ text: "" })}>
          Add item
        </Button>
      </div>
      <TextInput control={control} name="grading" label="Grading" select sx={{ maxWidth: 320 }}>
        <MenuItem value="all_or_nothing">All or nothing</MenuItem>
        <MenuItem value="absolute_position">Share of items in their place</MenuItem>
        <MenuItem value="relative_next">Share of items followed by the right one</MenuItem>
      </TextInput>
    </Stack>
  );
}
