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
 * Finds the fewest drawn elements that show every character of the page in every font it asks for: a
 * character falls back to an installed font only where the requested face (family, weight, style,
 * stretch) lacks it, so one element per face and character is proof enough, and a page as long as
 * /api-docs needs dozens of font queries instead of thousands. The elements are kept in `window.fontProbes`,
 * not marked with an attribute: an editor watching its content for changes redraws a marked element.
 * Returns each element's text.
 */
function findFontProbes(): string[] {
  const probes: HTMLElement[] = [];
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
    probes.push(element);
    samples.push(text);
  }
  (window as unknown as { fontProbes: HTMLElement[] }).fontProbes = probes;
  return samples;
}

/**
 * Resolves once the document has gone `quietMs` without a change, or after `limitMs`: what a page fills in
 * after the load event is then there to be probed.
 */
function domQuiet({ quietMs, limitMs }: { quietMs: number; limitMs: number }): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(finish, quietMs);
    const limit = setTimeout(finish, limitMs);
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(finish, quietMs);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(limit);
      resolve();
    }
  });
}

/** Every font that drew text on the page: family → whether it is a web font, and a sample of its text. */
async function fontsDrawingText(page: Page): Promise<Map<string, { isWebFont: boolean; sample: string }>> {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(domQuiet, { quietMs: 500, limitMs: 10_000 });
  const samples = await page.evaluate(findFontProbes);
  expect(samples.length, "elements with text found").toBeGreaterThan(3);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  await cdp.send("DOM.getDocument", { depth: 0 });
  const nodeIds: number[] = [];
  for (let i = 0; i < samples.length; i++) {
    const { result } = await cdp.send("Runtime.evaluate", { expression: `window.fontProbes[${i}]` });
    const { nodeId } = await cdp.send("DOM.requestNode", { objectId: result.objectId! });
    nodeIds.push(nodeId);
  }
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
  // The load event, then the fonts (fontsDrawingText waits for document.fonts.ready). Not "networkidle":
  // Playwright starts that timer when a request ends, and /api-docs (3 MB) has fetched all it fetches
  // before its document has even parsed, so with nothing fetched afterwards it never fires.
  await page.goto(url, { waitUntil: "load" });
  const fonts = await fontsDrawingText(page);
  expect(fonts.size, `${url}: fonts that drew text`).toBeGreaterThan(0);
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
