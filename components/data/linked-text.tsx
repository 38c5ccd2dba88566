import { Fragment } from "react";
import { splitTextLinks } from "@/components/data/text-links";

/**
 * User-written plain text, line breaks kept, its web and e-mail addresses clickable (they open apart).
 * The links are plain <a>, drawn by the text around them (a message's bubble), so no MUI is loaded.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitTextLinks(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
