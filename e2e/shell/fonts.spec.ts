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

/** Every font that drew text on the page: family → whether it is a web font, and a sample of its text. */
async function fontsDrawingText(page: Page): Promise<Map<string, { isWebFont: boolean; sample: string }>> {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1, pierce: false });
  const withText: { nodeId: number; text: string }[] = [];
  const walk = (node: {
    nodeId: number;
    nodeType: number;
    nodeName: string;
    nodeValue?: string;
    children?: (typeof node)[];
  }) => {
    if (node.nodeName === "SCRIPT" || node.nodeName === "STYLE" || node.nodeName === "NOSCRIPT") return;
    const text = (node.children ?? [])
      .filter((c) => c.nodeType === 3)
      .map((c) => c.nodeValue ?? "")
      .join("")
      .trim();
    if (text) withText.push({ nodeId: node.nodeId, text });
    for (const child of node.children ?? []) walk(child);
  };
  walk(root);
  const fonts = new Map<string, { isWebFont: boolean; sample: string }>();
  // Asked all at once: one round trip per node, in order, takes too long on pages as long as /api-docs.
  const answers = await Promise.all(
    withText.map(
      ({ nodeId }) => cdp.send("CSS.getPlatformFontsForNode", { nodeId }) as Promise<{ fonts: PlatformFont[] }>,
    ),
  );
  answers.forEach(({ fonts: used }, i) => {
    for (const font of used)
      if (font.glyphCount > 0 && !fonts.has(font.familyName))
        fonts.set(font.familyName, { isWebFont: font.isCustomFont, sample: withText[i]!.text.slice(0, 80) });
  });
  await cdp.detach();
  expect(withText.length, "text nodes found").toBeGreaterThan(3);
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
