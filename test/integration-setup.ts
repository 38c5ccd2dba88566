// Integration tests run inside `npm test` (scripts/test.ts), which provides a migrated database and a
// running production server. Fail fast with a clear message when started on their own.
export default function setup(): void {
  for (const name of ["TEST_BASE_URL", "TEST_DATABASE_URL"]) {
    if (!process.env[name])
      throw new Error(`${name} is not set: run integration tests through \`npm test\` (scripts/test.ts).`);
  }
}
