import Box from "@mui/material/Box";
import type { CertificateDesign } from "@/lib/schemas/certificates";
import { fillFields, type CertificateValues } from "@/lib/certificates/fields";

/** Values the preview fills in, so a designer sees a certificate as a learner would get it. */
export const SAMPLE_VALUES: CertificateValues = {
  learner_name: "Zoë O'Brien-Łukasz",
  course_title: "Workplace Safety",
  completed_on: "27 November 2026",
  expires_on: "27 November 2027",
  score: "92%",
  certificate_code: "7K3M9QX2D4HV6TNB8RPW5Y1Z",
  organization_name: "Your organization",
  signature_name: "",
};

const PAGE_POINTS = { A4: [842, 595], Letter: [792, 612] } as const;

/** The live preview: the page at the design's proportions, blocks where the PDF puts them. */
export function CertificatePreview({ design, logoUrl }: { design: CertificateDesign; logoUrl: string | null }) {
  const [long, short] = PAGE_POINTS[design.page_size];
  const [width, height] = design.orientation === "landscape" ? [long, short] : [short, long];
  const values = { ...SAMPLE_VALUES, signature_name: design.signature_name };
  return (
    <Box
      data-testid="certificate-preview"
      sx={{
        position: "relative",
        width: "100%",
        aspectRatio: `${width} / ${height}`,
        border: 1,
        borderColor: "divider",
        bgcolor: "#fff",
        overflow: "hidden",
        containerType: "inline-size",
        backgroundImage: design.background_image ? `url(${design.background_image})` : undefined,
        backgroundSize: "100% 100%",
      }}
    >
      {design.show_logo && logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={logoUrl}
          alt=""
          style={{ position: "absolute", top: "4%", left: "50%", transform: "translateX(-50%)", maxHeight: "10%" }}
        />
      ) : null}
      {design.text_blocks.map((block, i) => (
        <Box
          key={i}
          sx={{
            position: "absolute",
            top: `${block.y}%`,
            left: `${block.x}%`,
            transform: `translate(${block.align === "center" ? "-50%" : block.align === "right" ? "-100%" : "0"}, -50%)`,
            // Points of the page, as a share of its width: the preview scales with its box.
            fontSize: `${(block.size / width) * 100}cqw`,
            color: block.color,
            whiteSpace: "nowrap",
          }}
        >
          {fillFields(block.text, values)}
        </Box>
      ))}
      {design.signature_image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={design.signature_image}
          alt=""
          style={{ position: "absolute", left: "12%", top: "74%", maxHeight: "10%" }}
        />
      ) : null}
      {design.signature_name ? (
        <Box
          sx={{
            position: "absolute",
            left: "12%",
            top: "88%",
            transform: "translateY(-50%)",
            fontSize: `${(11 / width) * 100}cqw`,
          }}
        >
          {design.signature_name}
        </Box>
      ) : null}
      {design.show_qr_code ? (
        <Box
          aria-label="QR code to the verification page"
          sx={{
            position: "absolute",
            right: `${(20 / width) * 100}%`,
            bottom: `${(20 / height) * 100}%`,
            width: `${(80 / width) * 100}%`,
            aspectRatio: "1",
            border: "2px dashed #999",
          }}
        />
      ) : null}
    </Box>
  );
}
