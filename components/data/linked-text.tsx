import Link from "@mui/material/Link";
import { Fragment } from "react";
import { splitTextLinks } from "@/components/data/text-links";

/** User-written plain text, line breaks kept, its web and e-mail addresses clickable (they open apart). */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitTextLinks(text).map((part, i) =>
        part.href ? (
          <Link key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </Link>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
