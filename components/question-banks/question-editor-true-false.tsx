"use client";

import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import { Controller } from "react-hook-form";
import { TextInput, type EditorControl } from "@/components/question-banks/question-editor-fields";

/** True/false: the right answer, and the feedback for each answer given. */
export function TrueFalseEditor({ control }: { control: EditorControl }) {
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Controller
        control={control}
        name="correct"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="true-false-correct">The statement is</FormLabel>
            <RadioGroup
              row
              aria-labelledby="true-false-correct"
              value={field.value === undefined ? "" : String(field.value)}
              onChange={(e) => field.onChange(e.target.value === "true")}
            >
              <FormControlLabel value="true" control={<Radio />} label="True" />
              <FormControlLabel value="false" control={<Radio />} label="False" />
            </RadioGroup>
          </FormControl>
        )}
      />
      <TextInput control={control} name="feedback_true" label="Feedback when answered true" />
      <TextInput control={control} name="feedback_false" label="Feedback when answered false" />
    </Stack>
  );
}
