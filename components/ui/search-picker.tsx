"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useDebouncedValue } from "@/components/hooks/use-debounced-value";
import { useApi } from "@/lib/client/swr";
import { Icon } from "./icon";
import styles from "./search-picker.module.css";
import { FieldOutline, fieldClasses } from "./text-field";
import fieldStyles from "./text-field.module.css";

export interface SearchOption {
  id: string;
  label: string;
}

export interface SearchPickerProps<T> {
  label: string;
  /** The API path for a search text ("" for the first page). */
  pathFor: (query: string) => string;
  optionsOf: (data: T) => SearchOption[];
  value: SearchOption | null;
  onChange: (option: SearchOption | null) => void;
  size?: "medium" | "small";
  /** What an empty choice means ("Every organization"); the label then stays above the field. */
  placeholder?: string;
  className?: string;
}

/**
 * Pick one record, searching the server as you type (a course, a group): MUI's outlined Autocomplete
 * drawn without runtime styles, as an ARIA 1.2 combobox with a listbox. The list asks the server only
 * while it is open, and the text settles for a moment before each search.
 */
export function SearchPicker<T>({
  label,
  pathFor,
  optionsOf,
  value,
  onChange,
  size = "small",
  placeholder,
  className,
}: SearchPickerProps<T>) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  // What the person typed since the list opened; null shows the chosen option's label.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const query = useDebouncedValue((typed ?? "").trim());
  const { data, isLoading } = useApi<T>(isOpen ? pathFor(typed === null ? "" : query) : null, {
    keepPreviousData: true,
  });
  const options = data ? optionsOf(data) : [];
  const text = typed ?? value?.label ?? "";
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // The option reached with the arrow keys is scrolled into the list's view.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const open = () => {
    setIsOpen(true);
    setActive(-1);
  };
  const close = () => {
    setIsOpen(false);
    setTyped(null);
    setActive(-1);
  };
  const pick = (option: SearchOption | null) => {
    onChange(option);
    close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!isOpen) open();
        else if (options.length > 0) setActive((index) => (index >= last ? 0 : index + 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!isOpen) open();
        else if (options.length > 0) setActive((index) => (index <= 0 ? last : index - 1));
        break;
      case "Enter": {
        const option = isOpen ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

  const hasText = text !== "";
  const status = !data && isLoading ? "Loading…" : data && options.length === 0 ? "No matches" : null;
  const frame = [styles.picker, placeholder && styles.withPlaceholder, className].filter(Boolean).join(" ");
  return (
    <div className={fieldClasses(size, frame, Boolean(placeholder))}>
      <label id={`${id}-label`} htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={`${fieldStyles.control} ${styles.control}`}>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          className={fieldStyles.input}
          placeholder={placeholder ?? " "}
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            setTyped(next);
            setIsOpen(true);
            setActive(-1);
            // Emptying the text clears the choice, as MUI's Autocomplete does.
            if (next === "" && value) onChange(null);
          }}
          onClick={() => (isOpen ? undefined : open())}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <div className={styles.buttons}>
          {hasText && (
            <button
              type="button"
              tabIndex={-1}
              aria-label="Clear"
              title="Clear"
              className={`${styles.button} ${styles.clear}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setTyped("");
                setActive(-1);
                if (value) onChange(null);
                inputRef.current?.focus();
              }}
            >
              <Icon name="clear" size={20} />
            </button>
          )}
          <button
            type="button"
            tabIndex={-1}
            aria-label={isOpen ? "Close" : "Open"}
            title={isOpen ? "Close" : "Open"}
            className={`${styles.button} ${isOpen ? styles.turned : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              if (isOpen) close();
              else open();
              inputRef.current?.focus();
            }}
          >
            <Icon name="arrowDropDown" />
          </button>
        </div>
        <FieldOutline label={label} />
      </div>
      {/* Kept from taking the focus, so the input keeps it while an option is clicked. */}
      <div className={styles.popup} hidden={!isOpen} onMouseDown={(event) => event.preventDefault()}>
        {isOpen && status && (
          <div className={styles.status} role="status">
            {status}
          </div>
        )}
        <ul id={listId} role="listbox" aria-labelledby={`${id}-label`} className={styles.listbox} hidden={!!status}>
          {isOpen &&
            options.map((option, index) => (
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={option.id === value?.id}
                className={index === active ? `${styles.option} ${styles.active}` : styles.option}
                onMouseMove={() => setActive(index)}
                onClick={() => pick(option)}
              >
                {option.label}
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
