"use client";

import UploadFileIcon from "@mui/icons-material/UploadFile";
import Button from "@mui/material/Button";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { ImportQuestionsDialog } from "@/components/question-banks/import-questions-dialog";

/** "Import questions": the dialog, and afterwards the bank's questions and sub-banks read again. */
export function ImportQuestionsButton({ bankId, bankName }: { bankId: string; bankName: string }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const imported = () => {
    void mutate((key) => typeof key === "string" && key.startsWith(`/api/question-banks/${bankId}/questions`));
    router.refresh();
  };
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        Import questions
      </Button>
      {open && (
        <ImportQuestionsDialog
          bankId={bankId}
          bankName={bankName}
          onImported={imported}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
