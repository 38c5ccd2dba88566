import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { openCsv } from "@/lib/server/imports/parse-csv";

// The import's CSV reader (lib/server/imports/parse-csv.ts): encodings, delimiters, quoting, limits.
// The file arrives in chunks, as an upload does; every expected value is written out here.

async function* chunks(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(bytes: Uint8Array | string, size = 7) {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const csv = await openCsv(chunks(data, size));
  const rows: string[][] = [];
  for await (const row of csv.rows) rows.push(row);
  return { header: csv.header, delimiter: csv.delimiter, encoding: csv.encoding(), rows, bytes: csv.bytes() };
}

async function failure(bytes: Uint8Array | string, limits?: Parameters<typeof openCsv>[1]): Promise<AppError> {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  try {
    const csv = await openCsv(chunks(data, 64), limits);
    for await (const row of csv.rows) void row;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("the file was read without an error");
}

describe("reading an import file", () => {
  it("reads UTF-8 with a BOM and drops the BOM from the first column's name", async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode("email,first_name,last_name\r\nzoë@example.test,Zoë,Ångström\r\n"),
    ]);
    const csv = await read(bytes);
    expect(csv.header).toEqual(["email", "first_name", "last_name"]);
    expect(csv.encoding).toBe("utf-8");
    expect(csv.rows).toEqual([["zoë@example.test", "Zoë", "Ångström"]]);
  });

  it("reads UTF-8 without a BOM, a multi-byte character split across chunks", async () => {
    const csv = await read("email;first_name;last_name\nnoel@example.test;Noël;Müller\n", 3);
    expect(csv.encoding).toBe("utf-8");
    expect(csv.rows).toEqual([["noel@example.test", "Noël", "Müller"]]);
  });

  it("detects Windows-1252 and converts it (é, ü, the euro sign, curly quotes)", async () => {
    // "Ren\xe9", "M\xfcller", "\x80uro", "\x93quoted\x94" as Excel on Windows saves them.
    const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
    const bytes = new Uint8Array([
      ...ascii("email,first_name,last_name\r\nrene@example.test,Ren"),
      0xe9,
      ...ascii(",M"),
      0xfc,
      ...ascii("ller\r\neuro@example.test,"),
      0x80,
      ...ascii("uro,"),
      0x93,
      ...ascii("quoted"),
      0x94,
      ...ascii("\r\n"),
    ]);
    const csv = await read(bytes);
    expect(csv.encoding).toBe("windows-1252");
    expect(csv.rows).toEqual([
      ["rene@example.test", "René", "Müller"],
      ["euro@example.test", "€uro", "\u201cquoted\u201d"],
    ]);
  });

  it("detects semicolons and tabs, and keeps commas inside fields", async () => {
    expect((await read("email;first_name;last_name\na@example.test;Ann, Jr.;Lee\n")).rows).toEqual([
      ["a@example.test", "Ann, Jr.", "Lee"],
    ]);
    const tabs = await read("email\tfirst_name\tlast_name\nb@example.test\tBo\tKim; Park\n");
    expect(tabs.delimiter).toBe("\t");
    expect(tabs.rows).toEqual([["b@example.test", "Bo", "Kim; Park"]]);
    expect((await read('email,"first;name",last_name\nc@example.test,Cy,Ng\n')).delimiter).toBe(",");
  });

  it("reads quoted fields with delimiters, doubled quotes and line breaks inside", async () => {
    const csv = await read(
      'email,first_name,last_name,groups\r\n"d@example.test","Dee ""DJ""","Line one\r\nline two","Sales, North|Support"\r\ne@example.test,Eve,Ode,\r\n',
    );
    expect(csv.rows).toEqual([
      ["d@example.test", 'Dee "DJ"', "Line one\r\nline two", "Sales, North|Support"],
      ["e@example.test", "Eve", "Ode", ""],
    ]);
  });

  it("skips blank lines and lines of empty cells, and counts the bytes", async () => {
    const text = "email,first_name,last_name\n\nf@example.test,Fay,Fox\n,,\n";
    const csv = await read(text);
    expect(csv.rows).toEqual([["f@example.test", "Fay", "Fox"]]);
    expect(csv.bytes).toBe(54);
  });

  it("reads 100,000 rows", async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `user${i}@example.test,First${i},Last${i},learner`);
    const csv = await read(`email,first_name,last_name,role\n${lines.join("\n")}\n`, 64 * 1024);
    expect(csv.rows.length).toBe(100_000);
    expect(csv.rows[99_999]).toEqual(["user99999@example.test", "First99999", "Last99999", "learner"]);
  });

  it("refuses a file past the row or size limit, and bad files, each with a sentence saying why", async () => {
    const rows = Array.from({ length: 4 }, (_, i) => `u${i}@example.test,A,B`).join("\n");
    expect((await failure(`email,first_name,last_name\n${rows}\n`, { maxRows: 3 })).message).toBe(
      "The file has more than 3 rows: split it into smaller files",
    );
    const big = await failure(`email,first_name,last_name\n${rows}\n`, { maxBytes: 40 });
    expect([big.status, big.message]).toEqual([413, "The file is larger than 0 MB: split it into smaller files"]);
    expect((await failure("")).message).toBe(
      "The file is empty: it needs a header line (email, first_name, last_name, …) and one line per person",
    );
    expect((await failure("email,first_name,last_name\n")).message).toBe(
      "The file has a header line but no rows below it",
    );
    expect((await failure('email,first_name\n"g@example.test,Gil\n')).message).toBe(
      'The file is not valid CSV: a quoted field is never closed (line 2): every " that opens a field needs one that closes it',
    );
    expect((await failure(new Uint8Array([0xff, 0xfe, 0x65, 0x00]))).message).toBe(
      "The file is UTF-16: save it as CSV UTF-8 (or Windows-1252) and upload it again",
    );
    expect((await failure(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).message).toBe(
      "This is not a CSV file: it holds binary content",
    );
  });
});
