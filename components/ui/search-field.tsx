"use client";

import { useSearchText } from "@/components/hooks/use-search-text";
import { TextField } from "./text-field";
import styles from "./text-field.module.css";

/** A list's search box, searching as you type (useSearchText), drawn without runtime styles. */
export function SearchField({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useSearchText(value, onSearch);
  return (
    <TextField
      label={label}
      type="search"
      size="small"
      icon="search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      className={styles.searchField}
    />
  );
}
