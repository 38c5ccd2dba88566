"use client";

import AddPhotoAlternateIcon from "@mui/icons-material/AddPhotoAlternate";
import FormatBoldIcon from "@mui/icons-material/FormatBold";
import FormatItalicIcon from "@mui/icons-material/FormatItalic";
import FormatListBulletedIcon from "@mui/icons-material/FormatListBulleted";
import FormatListNumberedIcon from "@mui/icons-material/FormatListNumbered";
import LinkIcon from "@mui/icons-material/Link";
import RedoIcon from "@mui/icons-material/Redo";
import UndoIcon from "@mui/icons-material/Undo";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import {
  CONTENT_IMAGE_TYPES,
  foreignImagesNotice,
  imageFileOf,
  withoutForeignImages,
} from "@/components/forms/pasted-images";
import { RichTextImageDialog } from "@/components/forms/rich-text-image-dialog";

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: ReactNode;
  minHeight?: number;
  /**
   * Whether the text may show images (lesson text, questions): an "Insert image" button uploads one to the
   * organization's store. Off where no image belongs (a course description, which the public catalog shows).
   */
  images?: boolean;
}

/** HTML of the document, "" for an empty one (tiptap's empty document is "<p></p>"). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

/**
 * A tiptap editor with a small toolbar. It produces HTML; the server sanitizes whatever arrives, so the
 * toolbar is a convenience, not a security boundary (an image survives only as one of the organization's
 * uploaded content images).
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  minHeight = 160,
  images = false,
}: RichTextEditorProps) {
  const labelId = useId();
  // The Insert image dialog, with the image file a paste or drop brought, if any.
  const [imageDialog, setImageDialog] = useState<{ pasted: File | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** A pasted or dropped image file goes through Insert image; true when the event was one. */
  const takeImageFile = (data: DataTransfer | null): boolean => {
    const file = imageFileOf(data);
    if (!file) return false;
    if (!images) setNotice(foreignImagesNotice(1, false));
    else if (!CONTENT_IMAGE_TYPES.includes(file.type)) setNotice("Only JPEG, PNG, GIF or WebP images can be inserted.");
    else setImageDialog({ pasted: file });
    return true;
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
      // Inline, as Moodle's question text holds them: an image sits in its paragraph.
      ...(images ? [Image.configure({ inline: true, allowBase64: false })] : []),
    ],
    content: value,
    // Rendering on the server would mismatch on hydration: the editor is created in the browser.
    immediatelyRender: false,
    editorProps: {
      attributes: { role: "textbox", "aria-multiline": "true", "aria-labelledby": labelId, class: "rich-text-content" },
      transformPastedHTML: (html) => {
        const kept = withoutForeignImages(html, images);
        if (kept.removed > 0) setNotice(foreignImagesNotice(kept.removed, images));
        return kept.html;
      },
      handlePaste: (_view, event) => takeImageFile(event.clipboardData),
      handleDrop: (_view, event) => takeImageFile(event.dataTransfer),
    },
    onUpdate: ({ editor: e }) => onChange(htmlOf(e)),
    onBlur: () => onBlur?.(),
  });

  // A value set from outside (a form reset, a loaded lesson) replaces the document.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box sx={{ my: 2 }}>
      <Typography
        id={labelId}
        component="span"
        variant="body2"
        sx={{ display: "block", mb: 0.5, color: error ? "error.main" : "text.secondary" }}
      >
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? "error.main" : "divider",
          borderRadius: 1,
          "&:focus-within": { borderColor: "primary.main" },
          "& .rich-text-content": { minHeight, px: 1.5, py: 1, outline: "none" },
          "& .rich-text-content p": { my: 1 },
          "& .rich-text-content img": { maxWidth: "100%", height: "auto", verticalAlign: "middle" },
          "& .rich-text-content img.ProseMirror-selectednode": { outline: "2px solid", outlineColor: "primary.main" },
        }}
      >
        <Toolbar
          editor={editor}
          label={label}
          onInsertImage={images ? () => setImageDialog({ pasted: null }) : undefined}
        />
        <Divider />
        <EditorContent editor={editor} />
      </Box>
      {notice && (
        <Alert severity="warning" role="status" onClose={() => setNotice(null)} sx={{ mt: 1 }}>
          {notice}
        </Alert>
      )}
      {editor && imageDialog && (
        <RichTextImageDialog
          pasted={imageDialog.pasted}
          onClose={() => setImageDialog(null)}
          onInsert={(image) => {
            editor.chain().focus().setImage(image).run();
            setImageDialog(null);
          }}
        />
      )}
      {helperText && <FormHelperText error={error}>{helperText}</FormHelperText>}
    </Box>
  );
}

function Toolbar({
  editor,
  label,
  onInsertImage,
}: {
  editor: Editor | null;
  label: string;
  /** Opens Insert image; absent where the text shows no images. */
  onInsertImage?: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            link: e.isActive("link"),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const chain = () => editor!.chain().focus();
  const tool = (name: string, active: boolean | undefined, icon: ReactNode, run: () => void, disabled = false) => (
    <Tooltip title={name}>
      <span>
        <IconButton
          size="small"
          aria-label={name}
          aria-pressed={active ?? false}
          color={active ? "primary" : "default"}
          disabled={!editor || disabled}
          onClick={run}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const heading = (level: 2 | 3, active: boolean | undefined) => (
    <Button
      size="small"
      aria-label={`Heading ${level}`}
      aria-pressed={active ?? false}
      color={active ? "primary" : "inherit"}
      disabled={!editor}
      onClick={() => chain().toggleHeading({ level }).run()}
      sx={{ minWidth: 36 }}
    >
      H{level}
    </Button>
  );
  return (
    <Box
      role="toolbar"
      aria-label={`${label} formatting`}
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, p: 0.5 }}
    >
      {tool("Bold", state?.bold, <FormatBoldIcon fontSize="small" />, () => chain().toggleBold().run())}
      {tool("Italic", state?.italic, <FormatItalicIcon fontSize="small" />, () => chain().toggleItalic().run())}
      {heading(2, state?.h2)}
      {heading(3, state?.h3)}
      {tool("Bulleted list", state?.bullet, <FormatListBulletedIcon fontSize="small" />, () =>
        chain().toggleBulletList().run(),
      )}
      {tool("Numbered list", state?.ordered, <FormatListNumberedIcon fontSize="small" />, () =>
        chain().toggleOrderedList().run(),
      )}
      {tool("Link", state?.link, <LinkIcon fontSize="small" />, () => setLinkOpen(true))}
      {onInsertImage && tool("Insert image", false, <AddPhotoAlternateIcon fontSize="small" />, onInsertImage)}
      {tool("Undo", false, <UndoIcon fontSize="small" />, () => chain().undo().run(), !state?.canUndo)}
      {tool("Redo", false, <RedoIcon fontSize="small" />, () => chain().redo().run(), !state?.canRedo)}
      {editor && linkOpen && <LinkDialog editor={editor} onClose={() => setLinkOpen(false)} />}
    </Box>
  );
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState<string>(
    () => (editor.getAttributes("link").href as string | undefined) ?? "https://",
  );
  const valid = /^(https?:\/\/|mailto:)\S+$/i.test(href.trim());
  const apply = () => {
    editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Link</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="URL"
          value={href}
          onChange={(e) => setHref(e.target.value)}
          error={!valid && href !== "https://"}
          helperText="An https://, http:// or mailto: address"
          onKeyDown={(e) => {
            if (e.key === "Enter" && valid) {
              e.preventDefault();
              apply();
            }
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onClose();
          }}
        >
          Remove link
        </Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!valid} onClick={apply}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type FormProps<T extends FieldValues> = Omit<RichTextEditorProps, "value" | "onChange" | "onBlur" | "error"> & {
  control: Control<T>;
  name: Path<T>;
};

/** The editor bound to react-hook-form, showing the zod (or server) message under it. */
export function FormRichTextEditor<T extends FieldValues>({ control, name, helperText, ...props }: FormProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor
          {...props}
          value={(field.value as string | undefined) ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
