"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import ShuffleIcon from "@mui/icons-material/Shuffle";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, type CSSProperties } from "react";
import { useFieldArray, useWatch, type Control, type Path, type UseFormReturn } from "react-hook-form";
import { FormSwitch } from "@/components/forms/form-switch";
import { QUESTION_TYPE_LABELS } from "@/components/question-banks/labels";
import { QuestionPickerDialog, RandomDrawDialog } from "@/components/quizzes/quiz-settings-pickers";
import { SlotNumberField, SlotTagsField } from "@/components/quizzes/quiz-settings-slot-fields";
import {
  type QuizFormInput,
  type QuizFormOutput,
  type SlotInput,
  type SlotNames,
} from "@/components/quizzes/quiz-settings-values";

type QuizForm = UseFormReturn<QuizFormInput, unknown, QuizFormOutput>;

/** What a person calls a slot, in labels and announcements. */
function slotTitle(slot: SlotInput | undefined, names: SlotNames): string {
  if (!slot) return "slot";
  if (slot.kind === "fixed") return names.questions[slot.question_id]?.name ?? "Question";
  return `Random draw from ${names.banks[slot.bank_id] ?? "a bank"}`;
}

/** The quiz's slots in order: added from the banks, reordered by drag and drop (pointer or keyboard), removed. */
export function QuizSettingsSlots({
  form,
  names,
  onNames,
}: {
  form: QuizForm;
  names: SlotNames;
  onNames: (names: SlotNames) => void;
}) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "slots" });
  const slots = useWatch({ control: form.control, name: "slots" }) ?? [];
  const [picking, setPicking] = useState<"question" | "random" | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: unknown) => fields.findIndex((f) => f.id === id);
  const titleOf = (id: unknown) => slotTitle(slots[indexOf(id)], names);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${titleOf(active.id)} picked up, place ${indexOf(active.id) + 1} of ${fields.length}`,
    // Over itself (as every drag starts) is no move: the pick-up stays what was said.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${titleOf(active.id)} moved to place ${indexOf(over.id) + 1} of ${fields.length}`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped. It is now in place ${indexOf(over.id) + 1} of ${fields.length}`
        : `${titleOf(active.id)} dropped`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(indexOf(active.id), indexOf(over.id));
  };
  const placed = new Set(slots.flatMap((s) => (s?.kind === "fixed" ? [s.question_id] : [])));
  const total = slots.reduce(
    (sum, s) => sum + (Number(s?.mark ?? 1) || 0) * (s?.kind === "random" ? Number(s.count) || 0 : 1),
    0,
  );
  const slotsError = form.formState.errors.slots;
  const listError = slotsError?.message ?? slotsError?.root?.message;

  return (
    <>
      {listError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {listError}
        </Alert>
      )}
      {fields.length === 0 ? (
        <Typography color="text.secondary" sx={{ my: 2 }}>
          No questions yet. Add a question from a bank, or a random draw of questions.
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {`An attempt is worth ${Math.round(total * 100) / 100} marks. Drag the handles to reorder; with a keyboard, focus a handle, press Space, use the arrow keys, press Space again.`}
        </Typography>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <Box component="ol" aria-label="Questions of the quiz" sx={{ listStyle: "none", p: 0, m: 0 }}>
            {fields.map((field, index) => (
              <SlotRow
                key={field.id}
                id={field.id}
                index={index}
                slot={slots[index]}
                names={names}
                form={form}
                onRemove={() => remove(index)}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: "wrap" }}>
        <Button startIcon={<AddIcon />} onClick={() => setPicking("question")}>
          Add question
        </Button>
        <Button startIcon={<ShuffleIcon />} onClick={() => setPicking("random")}>
          Add random draw
        </Button>
      </Stack>
      {picking === "question" && (
        <QuestionPickerDialog
          placed={placed}
          onClose={() => setPicking(null)}
          onPick={(question, bankName) => {
            onNames({
              ...names,
              questions: {
                ...names.questions,
                [question.id]: { name: question.name, type: question.type, bank_name: bankName },
              },
            });
            append({ kind: "fixed", question_id: question.id, version: null, mark: 1 });
          }}
        />
      )}
      {picking === "random" && (
        <RandomDrawDialog
          onClose={() => setPicking(null)}
          onAdd={(draw, bankName) => {
            onNames({ ...names, banks: { ...names.banks, [draw.bank_id]: bankName } });
            append({ kind: "random", mark: 1, ...draw });
            setPicking(null);
          }}
        />
      )}
    </>
  );
}

function SlotRow({
  id,
  index,
  slot,
  names,
  form,
  onRemove,
}: {
  id: string;
  index: number;
  slot: SlotInput | undefined;
  names: SlotNames;
  form: QuizForm;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
  };
  const title = slotTitle(slot, names);
  const place = `${index + 1}. ${title}`;
  const at = (field: string) => `slots.${index}.${field}` as Path<QuizFormInput>;
  const question = slot?.kind === "fixed" ? names.questions[slot.question_id] : undefined;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={style}
      aria-label={place}
      sx={{ display: "flex", gap: 1, alignItems: "flex-start", p: 1, mb: 1, borderRadius: 1, bgcolor: "action.hover" }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        aria-label={`Drag ${place}`}
        {...attributes}
        {...listeners}
        sx={{ mt: 2, cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 1.5, flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 500 }}>{place}</Typography>
          {slot?.kind === "fixed" ? (
            <>
              {question && <Chip size="small" variant="outlined" label={QUESTION_TYPE_LABELS[question.type]} />}
              {question && (
                <Typography variant="body2" color="text.secondary">
                  {`${question.bank_name}${slot.version ? ` · version ${slot.version}` : " · current version"}`}
                </Typography>
              )}
            </>
          ) : (
            <Chip size="small" variant="outlined" label="Random" />
          )}
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ sm: 2 }} sx={{ alignItems: { sm: "center" } }}>
          {slot?.kind === "random" && (
            <>
              <SlotNumberField form={form} name={at("count")} label="Questions drawn" min={1} />
              <SlotTagsField form={form} name={at("tags")} label="Tags" />
              <Box sx={{ minWidth: 200 }}>
                <FormSwitch
                  control={form.control as unknown as Control<QuizFormInput>}
                  name={at("include_sub_banks")}
                  label="Include sub-banks"
                />
              </Box>
            </>
          )}
          <SlotNumberField form={form} name={at("mark")} label="Marks" min={0} step="any" />
        </Stack>
      </Box>
      <IconButton aria-label={`Remove ${place}`} onClick={onRemove} sx={{ mt: 1 }}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
