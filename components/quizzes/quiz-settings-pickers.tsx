"use client";

import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useDeferredValue, useState } from "react";
import { QUESTION_TYPE_LABELS } from "@/components/question-banks/labels";
import { tagsFromText } from "@/components/quizzes/quiz-settings-values";
import { failureMessage } from "@/lib/client/spec-calls";
import { useApi } from "@/lib/client/swr";
import type { Page } from "@/lib/schemas/pagination";
import type { QuestionBankJson, QuestionSummaryJson } from "@/lib/server/questions/json";

// Choosing what a slot draws from: a question of a bank (searched by name), or a bank to draw from at
// random. Both list only the banks the caller manages, as the question bank API answers them.

function useBanks() {
  return useApi<Page<QuestionBankJson>>("/api/question-banks?page_size=100");
}

function BankSelect({ value, onChange }: { value: string; onChange: (id: string, name: string) => void }) {
  const { data, error, isLoading } = useBanks();
  if (error) return <Alert severity="error">{failureMessage(error, "Could not load the question banks")}</Alert>;
  if (isLoading) return <Skeleton variant="rounded" height={56} sx={{ my: 2 }} />;
  const banks = data?.items ?? [];
  if (banks.length === 0)
    return (
      <Alert severity="info" sx={{ my: 2 }}>
        You have no question banks yet: create one and its questions through the question bank API or an import.
      </Alert>
    );
  return (
    <TextField
      select
      label="Question bank"
      margin="normal"
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value, banks.find((b) => b.id === e.target.value)?.name ?? "")}
    >
      {banks.map((bank) => (
        <MenuItem key={bank.id} value={bank.id}>
          {`${bank.name} (${bank.question_count} question${bank.question_count === 1 ? "" : "s"})`}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Pick questions from a bank, one click each; the dialog stays open to add several. */
export function QuestionPickerDialog({
  placed,
  onPick,
  onClose,
}: {
  /** Questions already in the quiz: a question is placed once. */
  placed: Set<string>;
  onPick: (question: QuestionSummaryJson, bankName: string) => void;
  onClose: () => void;
}) {
  const [bank, setBank] = useState({ id: "", name: "" });
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const { data, error, isLoading } = useApi<Page<QuestionSummaryJson>>(
    bank.id ? `/api/question-banks/${bank.id}/questions?page_size=50${q ? `&q=${encodeURIComponent(q)}` : ""}` : null,
    { keepPreviousData: true },
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="question-picker-title">
      <DialogTitle id="question-picker-title">Add question</DialogTitle>
      <DialogContent>
        <BankSelect value={bank.id} onChange={(id, name) => setBank({ id, name })} />
        {bank.id && (
          <>
            <TextField
              label="Search questions"
              type="search"
              margin="normal"
              fullWidth
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {error && <Alert severity="error">{failureMessage(error, "Could not load the questions")}</Alert>}
            {isLoading && !data && <Skeleton variant="rounded" height={120} />}
            {data && data.items.length === 0 && (
              <Typography color="text.secondary" sx={{ my: 2 }}>
                {q ? `No question of this bank matches "${q}".` : "This bank has no questions."}
              </Typography>
            )}
            {data && data.items.length > 0 && (
              <List aria-label={`Questions of ${bank.name}`} dense>
                {data.items.map((question) => {
                  const isPlaced = placed.has(question.id);
                  return (
                    <ListItem
                      key={question.id}
                      divider
                      secondaryAction={
                        <Button
                          size="small"
                          disabled={isPlaced}
                          aria-label={isPlaced ? `${question.name} is in the quiz` : `Add ${question.name}`}
                          onClick={() => onPick(question, bank.name)}
                        >
                          {isPlaced ? "Added" : "Add"}
                        </Button>
                      }
                    >
                      <ListItemText
                        primary={question.name}
                        secondary={[QUESTION_TYPE_LABELS[question.type], ...question.tags].join(" · ")}
                        sx={{ pr: 8 }}
                      />
                    </ListItem>
                  );
                })}
              </List>
            )}
            {data && data.total > data.items.length && (
              <Typography variant="body2" color="text.secondary">
                {`Showing ${data.items.length} of ${data.total}: search to narrow the list.`}
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

export interface RandomDraw {
  bank_id: string;
  include_sub_banks: boolean;
  tags: string[];
  count: number;
}

/** A random draw: which bank, with its sub-banks or not, which tags, how many questions. */
export function RandomDrawDialog({
  onAdd,
  onClose,
}: {
  onAdd: (draw: RandomDraw, bankName: string) => void;
  onClose: () => void;
}) {
  const [bank, setBank] = useState({ id: "", name: "" });
  const [subBanks, setSubBanks] = useState(false);
  const [tags, setTags] = useState("");
  const [count, setCount] = useState("1");
  const [tried, setTried] = useState(false);
  const countValue = Number(count);
  const countError = !Number.isInteger(countValue) || countValue < 1 ? "Draw at least 1 question" : null;
  const add = () => {
    setTried(true);
    if (!bank.id || countError) return;
    onAdd({ bank_id: bank.id, include_sub_banks: subBanks, tags: tagsFromText(tags), count: countValue }, bank.name);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="random-draw-title">
      <DialogTitle id="random-draw-title">Add random draw</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          Each attempt draws its own questions from the bank when it starts, never one it already holds.
        </Typography>
        <BankSelect value={bank.id} onChange={(id, name) => setBank({ id, name })} />
        {tried && !bank.id && <Alert severity="error">Choose the bank to draw from</Alert>}
        <FormControlLabel
          control={<Switch checked={subBanks} onChange={(e) => setSubBanks(e.target.checked)} />}
          label="Include sub-banks"
        />
        <TextField
          label="Tags"
          margin="normal"
          fullWidth
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          helperText="Comma-separated: drawn questions have every one; empty: any question"
        />
        <TextField
          label="Questions drawn"
          type="number"
          margin="normal"
          fullWidth
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={tried && Boolean(countError)}
          helperText={tried ? countError : undefined}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={add}>
          Add draw
        </Button>
      </DialogActions>
    </Dialog>
  );
}
