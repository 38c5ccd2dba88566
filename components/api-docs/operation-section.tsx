import Box from "@mui/material/Box";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { oas31 } from "zod-openapi";
import { FieldTable, InlineText, notes, TypeLabel } from "@/components/api-docs/field-table";
import {
  constraints,
  fields,
  refName,
  resolveParameter,
  resolveResponse,
  typeTokens,
  type OperationEntry,
} from "@/lib/openapi/describe";
import { accessOf } from "@/lib/openapi/operation";
import { MONO_FONT_FAMILY } from "@/components/theme/fonts";

const METHOD_COLORS = { get: "info", post: "success", put: "warning", patch: "warning", delete: "error" } as const;
const ACCESS_LABELS = { public: "Public", optional: "Sign-in optional", "signed-in": "Sign-in required" } as const;

type Doc = oas31.OpenAPIObject;

export function operationAnchor(operation: oas31.OperationObject): string {
  return `op-${operation.operationId ?? "unnamed"}`;
}

export function MethodChip({ method }: { method: string }) {
  const color = METHOD_COLORS[method as keyof typeof METHOD_COLORS] ?? "default";
  return <Chip label={method.toUpperCase()} color={color} size="small" sx={{ fontWeight: 700, minWidth: 64 }} />;
}

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

function Body({ document, content, label }: { document: Doc; content: oas31.ContentObject; label: string }) {
  return Object.entries(content).map(([mediaType, media]) => {
    const list = fields(document, media.schema);
    return (
      <div key={mediaType}>
        <p>
          <code>{mediaType}</code>: <TypeLabel tokens={typeTokens(media.schema)} />
        </p>
        {list.length > 0 && <FieldTable label={`${label} (${mediaType})`} fields={list} />}
      </div>
    );
  });
}

function ResponseRow({
  document,
  status,
  response,
  title,
}: {
  document: Doc;
  status: string;
  response: oas31.ResponseObject;
  title: string;
}) {
  const headers = Object.keys(response.headers ?? {});
  const content = Object.entries(response.content ?? {});
  // A named schema is described once, under Schemas; an inline body is described right here.
  const inline = content
    .flatMap(([mediaType, media]) =>
      refName(media.schema) ? [] : [[mediaType, fields(document, media.schema)] as const],
    )
    .filter(([, list]) => list.length > 0);
  return (
    <div>
      <p>
        <strong>
          <code>{status}</code>
        </strong>{" "}
        {notes(response.description, headers.length ? [`header ${headers.join(", ")}`] : [])}
        {content.map(([mediaType, media]) => (
          <span key={mediaType}>
            {" "}
            <ArrowForwardIcon fontSize="inherit" sx={{ verticalAlign: "middle" }} />{" "}
            <TypeLabel tokens={typeTokens(media.schema)} /> <small>({mediaType})</small>
          </span>
        ))}
      </p>
      {inline.map(([mediaType, list]) => (
        <FieldTable key={mediaType} label={`${status} response of ${title}`} fields={list} />
      ))}
    </div>
  );
}

/** One operation: method, path, who may call it, its inputs and its answers. */
export function OperationSection({ document, entry }: { document: Doc; entry: OperationEntry }) {
  const { method, path, operation } = entry;
  const title = `${method.toUpperCase()} ${path}`;
  const parameters = (operation.parameters ?? []).map((p) => resolveParameter(document, p));
  const body = operation.requestBody && "content" in operation.requestBody ? operation.requestBody : undefined;
  return (
    <Paper
      component="section"
      variant="outlined"
      id={operationAnchor(operation)}
      aria-label={title}
      sx={{ p: 2, mb: 2, scrollMarginTop: 16, typography: "body2", "& p": { my: 0.75 } }}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <MethodChip method={method} />
        <Typography
          variant="h6"
          component="h3"
          sx={{ fontFamily: MONO_FONT_FAMILY, fontSize: "1rem", wordBreak: "break-all" }}
        >
          {path}
        </Typography>
        <Chip label={ACCESS_LABELS[accessOf(operation.security)]} size="small" variant="outlined" />
      </Box>
      <Typography sx={{ mt: 1, fontWeight: 500 }}>{operation.summary}</Typography>
      {operation.description && (
        <p>
          <InlineText text={operation.description} />
        </p>
      )}

      {parameters.length > 0 && (
        <>
          <Heading>Parameters</Heading>
          <FieldTable
            label={`Parameters of ${title}`}
            nameHeader="Parameter"
            fields={parameters.map((p) => ({
              name: `${p.name} (${p.in})`,
              type: typeTokens(p.schema),
              required: Boolean(p.required),
              description: p.description,
              constraints: constraints(p.schema),
            }))}
          />
        </>
      )}

      {body && (
        <>
          <Heading>Request body</Heading>
          <Body document={document} content={body.content} label={`Request body of ${title}`} />
        </>
      )}

      <Heading>Responses</Heading>
      {Object.entries(operation.responses ?? {}).map(([status, raw]) => (
        <ResponseRow
          key={status}
          document={document}
          status={status}
          response={resolveResponse(document, raw as oas31.ResponseObject | oas31.ReferenceObject)}
          title={title}
        />
      ))}
    </Paper>
  );
}
