// Text inside an XML file the way Moodle writes it: plain text escaped, HTML in CDATA sections.

/** Characters XML 1.0 cannot carry at all, escaped or not. */
export const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** HTML as a CDATA section; a "]]>" inside is split over two sections. Empty text is an empty element. */
export const cdata = (html: string): string =>
  html === "" ? "" : `<![CDATA[${html.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/** A comment's text: "--" may not appear in one. */
export const commentText = (text: string): string => text.replace(/--/g, "- -").replace(/-$/, "- ");
