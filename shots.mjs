import { chromium } from "playwright-core";
const [,, who, ...paths] = process.argv;
const [email, host] = who.split("@@");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const base = `http://${host}:3000`;
await page.goto(`${base}/login`);
await page.getByRole("button", { name: "Sign in" }).waitFor();
await page.waitForTimeout(1500);
await page.getByLabel("Email").fill(email);
await page.getByLabel("Password").fill("Password123!");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL((u) => !u.pathname.startsWith("/login"), { timeout: 30000 });
console.log("landed", page.url());
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(800);
  const name = `/tmp/shots/${email.split("@")[0]}-${host.split(".")[0]}${p.replaceAll("/", "_").replaceAll("?", "_")}.png`;
  await page.screenshot({ path: name, fullPage: false });
  console.log(name, (await page.title()));
}
await browser.close();
