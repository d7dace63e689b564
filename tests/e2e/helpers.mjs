// Shared helpers for the browser end-to-end tests: Debian's Chromium driven by playwright-core.
import { chromium } from "playwright-core";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const BASE_URL = process.env.KUEUE_LAB_URL || "http://127.0.0.1:8080/";
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

// A browser with a fresh profile; close() also removes the profile.
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), "kueue-lab-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
    ],
  });
  const errors = [];
  context.on("weberror", (e) => errors.push(String(e.error())));
  return {
    context,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function openApp(context, query = "") {
  const page = context.pages()[0] || (await context.newPage());
  await page.goto(BASE_URL + query);
  await page.getByTestId("terminal-input").waitFor({ state: "visible" });
  return page;
}

// Types a line into the terminal and presses Enter.
export async function typeLine(page, line) {
  const input = page.getByTestId("terminal-input");
  await input.click();
  await input.pressSequentially(line);
  await input.press("Enter");
}

export async function terminalText(page) {
  return page.getByTestId("terminal-output").innerText();
}

// The editor's document, line by line as CodeMirror renders it.
export async function editorText(page) {
  const lines = await page.locator('[data-testid="editor"] .cm-line').allInnerTexts();
  return lines.map((l) => (l === "\n" ? "" : l)).join("\n");
}

// Waits until the terminal's output contains `text` (exactly, newlines included).
export async function waitForOutput(page, text, timeout = 10000) {
  await page.waitForFunction(
    (t) => document.querySelector('[data-testid="terminal-output"]').innerText.includes(t),
    text,
    { timeout },
  );
}

// Where tests write screenshots for a reviewer (not committed): KUEUE_LAB_SHOTS, which
// `cargo xtask test` sets to <target>/e2e-shots, else target/e2e-shots in the workspace.
export const SHOTS_DIR = process.env.KUEUE_LAB_SHOTS || fileURLToPath(new URL("../../target/e2e-shots/", import.meta.url));

export async function screenshot(page, name, options = {}) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, name), ...options });
}

// Opens the header's menu when the controls are behind it (narrow layout).
export async function openMenu(page) {
  const toggle = page.getByTestId("menu-toggle");
  if ((await toggle.count()) && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

// Switches the app to a language ("ko" or "en") with its toggle.
export async function setLang(page, code) {
  if ((await page.getByTestId("app").getAttribute("lang")) !== code) {
    await openMenu(page);
    await page.getByTestId("lang-toggle").click();
  }
  await page.locator(`[data-testid="app"][lang="${code}"]`).waitFor();
}

// Shows a pane through its tab when the layout has tabs (narrow and medium widths).
export async function showPane(page, name) {
  const tab = page.getByTestId(`view-tab-${name}`);
  if (await tab.count()) await tab.click();
}
