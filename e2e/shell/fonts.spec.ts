import { expect, test, type Page } from "@playwright/test";
import { createCourse, enroll } from "@/test/course-factories";
import { createTenant, type TestTenant } from "@/test/factories";
import { origin, signIn } from "../support";

// Pages render in the app's own fonts (Roboto, Roboto Mono, served with the app), never in a font the
// machine happens to have. Chromium reports, per element, which fonts really drew its text and whether
// each is a web font (CDP CSS.getPlatformFontsForNode): every glyph must come from a web font.

let tenant: TestTenant;
let courseId: string;
test.beforeAll(async () => {
  tenant = await createTenant();
  const course = await createCourse(tenant.id, {
    title: "Fonts course",
    description: "<p>Some <em>text</em> and <code>code()</code>.</p>",
  });
  courseId = course.id;
  await enroll(tenant.id, course.id, tenant.users.learner.id);
});

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/**
 * Marks the fewest drawn elements that show every character of the page in every font it asks for: a
 * character falls back to an installed font only where the requested face (family, weight, style,
 * stretch) lacks it, so one element per face and character is proof enough, and a page as long as
 * /api-docs needs dozens of font queries instead of thousands. Returns each marked element's text.
 */
function markFontProbes(): string[] {
  for (const marked of document.querySelectorAll<HTMLElement>("[data-font-probe]")) delete marked.dataset.fontProbe;
  const samples: string[] = [];
  const covered = new Map<string, Set<string>>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) =>
      ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes((node as Element).tagName)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node as HTMLElement;
    const text = [...element.childNodes]
      .filter((child) => child.nodeType === Node.TEXT_NODE)
      .map((child) => child.nodeValue ?? "")
      .join("")
      .trim();
    if (!text || !element.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(element);
    const face = [style.fontFamily, style.fontWeight, style.fontStyle, style.fontStretch].join("|");
    const characters = covered.get(face) ?? new Set<string>();
    covered.set(face, characters);
    const fresh = [...text].filter((character) => character.trim() && !characters.has(character));
    if (fresh.length === 0) continue;
    for (const character of fresh) characters.add(character);
    element.dataset.fontProbe = String(samples.length);
    samples.push(text);
  }
  return samples;
}

/** Every font that drew text on the page: family → whether it is a web font, and a sample of its text. */
async function fontsDrawingText(page: Page): Promise<Map<string, { isWebFont: boolean; sample: string }>> {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  // Marked again if the page redrew a marked element before it was found (a list filled in late).
  let samples: string[] = [];
  let nodeIds: number[] = [];
  for (let attempt = 0; attempt < 3 && (samples.length === 0 || nodeIds.length !== samples.length); attempt++) {
    samples = await page.evaluate(markFontProbes);
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    // In document order, as they were marked.
    ({ nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "[data-font-probe]" }));
  }
  expect(samples.length, "elements with text found").toBeGreaterThan(3);
  expect(nodeIds.length, "marked elements found again").toBe(samples.length);
  const answers = await Promise.all(
    nodeIds.map((nodeId) => cdp.send("CSS.getPlatformFontsForNode", { nodeId }) as Promise<{ fonts: PlatformFont[] }>),
  );
  await cdp.detach();
  const fonts = new Map<string, { isWebFont: boolean; sample: string }>();
  answers.forEach(({ fonts: used }, i) => {
    for (const font of used)
      if (font.glyphCount > 0 && !fonts.has(font.familyName))
        fonts.set(font.familyName, { isWebFont: font.isCustomFont, sample: samples[i]!.slice(0, 80) });
  });
  return fonts;
}

async function expectOnlyWebFonts(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  const fonts = await fontsDrawingText(page);
  const installed = [...fonts]
    .filter(([, font]) => !font.isWebFont)
    .map(([family, font]) => `${family} (in "${font.sample}")`);
  expect(installed, `${url} draws text with installed fonts`).toEqual([]);
  // Chromium names the face that drew ("Roboto Medium", "Roboto Mono"): all of them Roboto's.
  expect(
    [...fonts.keys()].filter((family) => !family.startsWith("Roboto")),
    `${url}: ${[...fonts.keys()].join(", ")}`,
  ).toEqual([]);
}

test("public pages draw their text in Roboto only", async ({ page }) => {
  test.setTimeout(240_000); // four pages, one of them /api-docs with every operation of the API
  await expectOnlyWebFonts(page, `${origin(null)}/`);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/login`);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/search`);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/api-docs`);
});

test("signed-in pages draw their text in Roboto and Roboto Mono only", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.learner);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/dashboard`);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/courses/${courseId}`);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/profile`);
});

test("the admin pages draw their text in Roboto only", async ({ page }) => {
  await signIn(page, tenant.subdomain, tenant.users.admin);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/admin/courses`);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/admin/courses/${courseId}`);
  await expectOnlyWebFonts(page, `${origin(tenant.subdomain)}/admin/thumbnail-debug`);
});
