import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { oas31 } from "zod-openapi";
import { FieldTable, InlineText, referenceSx } from "@/components/api-docs/field-table";
import { MethodChip, OperationSection, operationAnchor } from "@/components/api-docs/operation-section";
import { PageHeader } from "@/components/shell/page-header";
import { fields, operationsByTag } from "@/lib/openapi/describe";

function Prose({ text }: { text: string }) {
  return text.split("\n\n").map((paragraph, i) => (
    <Typography key={i} sx={{ mb: 1.5 }}>
      <InlineText text={paragraph} />
    </Typography>
  ));
}

/** The whole API, rendered from the OpenAPI document: grouped by tag, then the named schemas. */
export function ApiReference({ document }: { document: oas31.OpenAPIObject }) {
  const groups = operationsByTag(document);
  const schemes = Object.entries(document.components?.securitySchemes ?? {}) as [string, oas31.SecuritySchemeObject][];
  const schemas = Object.keys(document.components?.schemas ?? {}).sort();
  return (
    <Box sx={referenceSx}>
      <PageHeader
        title="API reference"
        subtitle={`${document.info.title} ${document.info.version} · OpenAPI ${document.openapi}`}
      />
      <Prose text={document.info.description ?? ""} />
      <Typography sx={{ mb: 3 }}>
        The machine-readable description: <a href="/api/openapi.json">/api/openapi.json</a>.
      </Typography>

      <Typography variant="h5" component="h2" gutterBottom>
        Authentication
      </Typography>
      {schemes.map(([name, scheme]) => (
        <Box key={name} sx={{ mb: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            <code>{name}</code>
          </Typography>
          <Prose text={scheme.description ?? ""} />
        </Box>
      ))}

      <Paper component="nav" aria-label="API sections" variant="outlined" sx={{ p: 2, my: 3 }}>
        {groups.map((g) => (
          <Box key={g.name} sx={{ mb: 1 }}>
            <a href={`#tag-${g.name}`}>{g.name}</a>
            <List dense disablePadding>
              {g.operations.map(({ method, path, operation }) => (
                <ListItem key={`${method} ${path}`} disableGutters sx={{ gap: 1 }}>
                  <MethodChip method={method} />
                  <a href={`#${operationAnchor(operation)}`}>
                    <code>{path}</code>
                  </a>
                </ListItem>
              ))}
            </List>
          </Box>
        ))}
      </Paper>

      {groups.map((g) => (
        <Box key={g.name} component="section" aria-labelledby={`tag-${g.name}`} sx={{ mb: 4 }}>
          <Typography variant="h5" component="h2" id={`tag-${g.name}`} sx={{ scrollMarginTop: 16 }}>
            {g.name}
          </Typography>
          {g.description && <Typography sx={{ mb: 2, color: "text.secondary" }}>{g.description}</Typography>}
          {g.operations.map((entry) => (
            <OperationSection key={`${entry.method} ${entry.path}`} document={document} entry={entry} />
          ))}
        </Box>
      ))}

      <Box component="section" aria-labelledby="schemas">
        <Typography variant="h5" component="h2" id="schemas" gutterBottom>
          Schemas
        </Typography>
        {schemas.map((name) => (
          <Box key={name} id={`schema-${name}`} sx={{ scrollMarginTop: 16 }}>
            <Typography variant="h6" component="h3">
              <code>{name}</code>
            </Typography>
            <FieldTable
              label={`Fields of ${name}`}
              fields={fields(document, { $ref: `#/components/schemas/${name}` })}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}
