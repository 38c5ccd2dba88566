import { ApiReference } from "@/components/api-docs/api-reference";
import { guardPage } from "@/lib/auth/page-guard";
import { openApiDocument } from "@/lib/openapi/document";

export const metadata = { title: "API reference · Learning Management" };

export default async function ApiDocsPage() {
  await guardPage("/api-docs");
  return <ApiReference document={openApiDocument()} />;
}
