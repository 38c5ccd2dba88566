"use client";

import MoreVertIcon from "@mui/icons-material/MoreVert";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Link from "@/components/navigation/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { PendingConfirmDialog, type PendingConfirmation } from "@/components/feedback/confirm-dialog";
import { BankDialog } from "@/components/question-banks/bank-dialog";
import { buildBankTree, type BankNode } from "@/components/question-banks/bank-tree-model";
import { plural } from "@/components/question-banks/labels";
import { EmptyState } from "@/components/shell/empty-state";
import { apiDelete } from "@/lib/client/api";
import type { QuestionBankJson } from "@/lib/server/questions/json";

/** The banks the caller manages, nested, each with its question count and its actions (edit, delete). */
export function BankTree({ banks }: { banks: QuestionBankJson[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<QuestionBankJson | null>(null);
  const [confirm, setConfirm] = useState<PendingConfirmation | null>(null);
  if (banks.length === 0)
    return (
      <EmptyState
        title="No question banks yet"
        description="A bank holds questions for quizzes. Create one with 'New bank', then write questions or import them from Moodle."
      />
    );
  const askDelete = (bank: QuestionBankJson) =>
    setConfirm({
      title: `Delete the bank '${bank.name}'?`,
      message: "Only an empty bank can be deleted, and not while a quiz draws questions from it.",
      confirmLabel: "Delete",
      run: async () => {
        await apiDelete(`/api/question-banks/${bank.id}`);
        router.refresh();
      },
    });
  return (
    <Paper variant="outlined" sx={{ p: 1 }}>
      <BankList nodes={buildBankTree(banks)} label="Question banks" onEdit={setEditing} onDelete={askDelete} />
      {editing && <BankDialog banks={banks} bank={editing} onClose={() => setEditing(null)} />}
      <PendingConfirmDialog pending={confirm} onClose={() => setConfirm(null)} />
    </Paper>
  );
}

interface ListProps {
  nodes: BankNode<QuestionBankJson>[];
  label: string;
  onEdit: (bank: QuestionBankJson) => void;
  onDelete: (bank: QuestionBankJson) => void;
}

function BankList({ nodes, label, onEdit, onDelete }: ListProps) {
  return (
    <Stack component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, pl: nodes[0]?.depth ? 3 : 0 }}>
      {nodes.map((node) => (
        <li key={node.bank.id}>
          <BankRow bank={node.bank} onEdit={onEdit} onDelete={onDelete} />
          {node.children.length > 0 && (
            <BankList
              nodes={node.children}
              label={`Sub-banks of ${node.bank.name}`}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          )}
        </li>
      ))}
    </Stack>
  );
}

function BankRow({
  bank,
  onEdit,
  onDelete,
}: {
  bank: QuestionBankJson;
  onEdit: (bank: QuestionBankJson) => void;
  onDelete: (bank: QuestionBankJson) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const act = (run: (bank: QuestionBankJson) => void) => () => {
    setAnchor(null);
    run(bank);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", py: 0.5 }}>
      <Link href={`/admin/question-banks/${bank.id}`}>{bank.name}</Link>
      <Chip size="small" label={plural(bank.question_count, "question")} />
      {bank.description && (
        <Stack component="span" sx={{ color: "text.secondary", fontSize: "0.875rem" }}>
          {bank.description}
        </Stack>
      )}
      <IconButton size="small" aria-label={`Actions for ${bank.name}`} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={act(onEdit)}>Rename or move</MenuItem>
        <MenuItem onClick={act(onDelete)}>Delete</MenuItem>
      </Menu>
    </Stack>
  );
}
