// The question file formats the import reads (a list the browser's upload form shares with the server).

export const QUESTION_FILE_FORMATS = ["moodle_xml", "gift", "qti3"] as const;
export type QuestionFileFormat = (typeof QUESTION_FILE_FORMATS)[number];
