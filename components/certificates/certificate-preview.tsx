"use client";

import Box from "@mui/material/Box";
import { useLayoutEffect, useRef, useState } from "react";
import "@fontsource/noto-sans/400.css";
import {
  drawsSignatureLine,
  findClashes,
  logoBox,
  pageSize,
  qrBox,
  SIGNATURE_LINE,
  signatureImageBox,
  verificationLines,
  VERIFY_TEXT_SIZE,
  type Box as PartBox,
  type Clash,
} from "@/lib/certificates/layout";
import type { CertificateDesign, TextBlock } from "@/lib/schemas/certificates";
import { fillFields, SAMPLE_VALUES } from "@/lib/certificates/fields";

/** The page where codes are typed in, as the preview prints it (the real certificate has the organization's). */
const SAMPLE_VERIFY_PAGE = "https://your-organization.example.com/verify";

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/**
 * The live preview: the page at the design's proportions, every part where the PDF puts it (the geometry of
 * lib/certificates/layout.ts), in the PDF's font. Parts that overlap are outlined and reported through
 * `onClashes`, measured from what the browser drew, so the designer sees a clash before saving (the server
 * measures again and refuses it).
 */
export function CertificatePreview({
  design,
  logoUrl,
  onClashes,
}: {
  design: CertificateDesign;
  logoUrl: string | null;
  onClashes?: (clashes: Clash[]) => void;
}) {
  const page = pageSize(design);
  const values = { ...SAMPLE_VALUES, signature_name: design.signature_name };
  const frame = useRef<HTMLDivElement>(null);
  const [clashing, setClashing] = useState<Set<string>>(new Set());
  const [qrLines] = useState(() => verificationLines(SAMPLE_VERIFY_PAGE, SAMPLE_VALUES.certificate_code));
  const designKey = JSON.stringify(design);

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const outer = element.getBoundingClientRect();
      if (outer.width === 0) return;
      const scale = page.width / outer.width;
      const boxes: PartBox[] = [...element.querySelectorAll<HTMLElement>("[data-part]")].map((part) => {
        const r = part.getBoundingClientRect();
        return {
          label: part.dataset.part ?? "",
          left: (r.left - outer.left) * scale,
          top: (r.top - outer.top) * scale,
          width: r.width * scale,
          height: r.height * scale,
        };
      });
      const found = findClashes(boxes);
      setClashing(new Set(found.flatMap((c) => [c.a, c.b])));
      onClashes?.(found);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The PDF's font arrives after the first paint and changes every width.
    void document.fonts?.ready.then(measure);
    return () => observer.disconnect();
    // The design's content, not its identity: a new object with the same content needs no new measurement.
  }, [designKey, logoUrl, onClashes, page.width]);

  const outline = (label: string) =>
    clashing.has(label) ? { outline: "2px solid #d32f2f", outlineOffset: "1px" } : undefined;
  const text = (label: string, block: TextBlock, content: string) => (
    <Box
      key={label}
      data-part={label}
      sx={{
        position: "absolute",
        top: `${block.y}%`,
        left: `${block.x}%`,
        transform: `translate(${block.align === "center" ? "-50%" : block.align === "right" ? "-100%" : "0"}, -50%)`,
        // Points of the page, as a share of its width: the preview scales with its box.
        fontSize: `${(block.size / page.width) * 100}cqw`,
        lineHeight: 1.2,
        color: block.color,
        whiteSpace: "nowrap",
        ...outline(label),
      }}
    >
      {content}
    </Box>
  );
  const logo = logoBox(page);
  const signature = signatureImageBox(page);
  const qr = qrBox(page);

  return (
    <Box
      ref={frame}
      data-testid="certificate-preview"
      sx={{
        position: "relative",
        width: "100%",
        aspectRatio: `${page.width} / ${page.height}`,
        border: 1,
        borderColor: "divider",
        bgcolor: "#fff",
        overflow: "hidden",
        containerType: "inline-size",
        fontFamily: '"Noto Sans", sans-serif',
        backgroundImage: design.background_image ? `url(${design.background_image})` : undefined,
        backgroundSize: "100% 100%",
      }}
    >
      {design.show_logo && logoUrl ? (
        <Box
          data-part="the logo"
          sx={{
            position: "absolute",
            left: percent(logo.left, page.width),
            top: percent(logo.top, page.height),
            width: percent(logo.width, page.width),
            height: percent(logo.height, page.height),
            display: "flex",
            justifyContent: "center",
            ...outline("the logo"),
          }}
        >
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={logoUrl} alt="" style={{ maxWidth: "100%", maxHeight: "100%", objectFit: "contain" }} />
        </Box>
      ) : null}
      {design.text_blocks.map((block, i) => text(`Text ${i + 1}`, block, fillFields(block.text, values)))}
      {design.signature_image ? (
        <Box
          data-part="the signature image"
          sx={{
            position: "absolute",
            left: percent(signature.left, page.width),
            top: percent(signature.top, page.height),
            width: percent(signature.width, page.width),
            height: percent(signature.height, page.height),
            ...outline("the signature image"),
          }}
        >
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={design.signature_image} alt="" style={{ maxWidth: "100%", maxHeight: "100%" }} />
        </Box>
      ) : null}
      {drawsSignatureLine(design) ? text("the signature name", SIGNATURE_LINE, design.signature_name) : null}
      <Box
        sx={{
          position: "absolute",
          right: percent(page.width - (design.show_qr_code ? qr.left - 10 : page.width - 20), page.width),
          bottom: percent(20, page.height),
          textAlign: "right",
          fontSize: `${(VERIFY_TEXT_SIZE / page.width) * 100}cqw`,
          lineHeight: 1.2,
          color: "#555555",
          whiteSpace: "nowrap",
        }}
      >
        {qrLines.map((line) => (
          <Box
            key={line}
            data-part="the verification address"
            sx={{ width: "max-content", ml: "auto", mt: "0.375em", ...outline("the verification address") }}
          >
            {line}
          </Box>
        ))}
      </Box>
      {design.show_qr_code ? (
        <Box
          data-part="the QR code"
          aria-label="QR code to the verification page"
          sx={{
            position: "absolute",
            left: percent(qr.left, page.width),
            top: percent(qr.top, page.height),
            width: percent(qr.width, page.width),
            aspectRatio: "1",
            border: "2px dashed #999",
            boxSizing: "border-box",
            ...outline("the QR code"),
          }}
        />
      ) : null}
    </Box>
  );
}
