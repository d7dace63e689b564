// Accessibility: axe-core (npm, injected into the page) audits each pane — header, steps, editor,
// terminal, cluster — in Korean, then in English, on a wide screen and with each tab of the narrow
// layout: no serious or critical violation (contrast AA included). The terminal and the editor
// are reachable and operable with the keyboard alone, and the focus is always visible.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { launch, BASE_URL, setLang, showPane, openMenu, waitForOutput } from "./helpers.mjs";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const solution = readFileSync(new URL("../../labs/kueue-gpu-quota/solution.sh", import.meta.url), "utf8");
// Up to the first Job: files in the editor, passed and failing steps, quota and a Workload.
const LAST = "kubectl apply -f job-1.yaml";
const SCRIPT = solution.slice(0, solution.indexOf(LAST) + LAST.length);

const PANES = [
  ["header", ".topbar"],
  ["steps", "#pane-steps"],
  ["editor", "#pane-editor"],
  ["terminal", "#pane-terminal"],
  ["cluster", "#pane-cluster"],
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function typeLines(page, script) {
  const input = page.getByTestId("terminal-input");
  for (const line of script.split("\n")) {
    if (line.startsWith("#")) continue;
    await input.fill(line);
    await input.press("Enter");
  }
}

// The lab part-way through, on a page of the given size.
async function labPage(width, height) {
  const page = browser.context.pages()[0] || (await browser.context.newPage());
  await page.setViewportSize({ width, height });
  await page.goto(BASE_URL);
  await page.getByTestId("app").waitFor();
  await openMenu(page);
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await showPane(page, "terminal");
  await typeLines(page, SCRIPT);
  await page.getByTestId("terminal-output").filter({ hasText: "job.batch/train-1 created" }).waitFor({ timeout: 15000 });
  await page.locator('[data-testid="workload"]').first().waitFor({ state: "attached", timeout: 15000 });
  await showPane(page, "editor");
  await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/cq.yaml"]').click();
  await page.locator('[data-testid="editor"] .cm-content', { hasText: "ClusterQueue" }).waitFor();
  // A hint open, so its text is audited too: in the step that is open (the first not passed),
  // whose hint button is the only one visible (the others are in closed <details>). The live
  // checks may pass that step meanwhile, or it may have no hints: then the next open one.
  await showPane(page, "steps");
  let done = false; // a hint opened, or the open step has none to open
  for (let attempt = 0; attempt < 3 && !done; attempt++) {
    const openStep = page.locator('[data-testid="step"][data-status="fail"] details[open]').first();
    await openStep.waitFor();
    const button = openStep.locator('[data-testid="hint-button"]');
    done = !(await button.count()) || (await button.click({ timeout: 3000 }).then(() => true, () => false));
  }
  assert.ok(done, "the open step's hint button could not be clicked");
  await page.addScriptTag({ path: AXE });
  return page;
}

// axe on one part of the page (or all of it): the violations, serious and critical first.
async function audit(page, selector) {
  const result = await page.evaluate(async (sel) => {
    const r = await window.axe.run(sel ? { include: [[sel]] } : document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary.split("\n").slice(1, 3).join(" ").trim()}`),
    }));
  }, selector);
  return result;
}

function blocking(violations) {
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

function report(violations) {
  return violations.map((v) => `${v.impact} ${v.id} (${v.help}):\n    ${v.nodes.join("\n    ")}`).join("\n");
}

test("axe finds no serious or critical violation in any pane, in Korean and English, on a wide screen", async (t) => {
  const page = await labPage(1280, 800);
  const found = [];
  for (const lang of ["ko", "en"]) {
    await setLang(page, lang);
    for (const [name, selector] of [...PANES, ["the whole page", null]]) {
      const v = await audit(page, selector);
      const minor = v.filter((x) => !blocking([x]).length);
      if (minor.length) t.diagnostic(`${lang} ${name}, minor/moderate:\n${report(minor)}`);
      if (blocking(v).length) found.push(`${lang}, ${name}:\n${report(blocking(v))}`);
    }
  }
  assert.equal(found.join("\n"), "");
  await setLang(page, "ko");
});

test("axe finds no serious or critical violation with each tab of the phone layout, in Korean and English", async (t) => {
  const page = await labPage(390, 844);
  const found = [];
  for (const lang of ["ko", "en"]) {
    await setLang(page, lang);
    for (const tab of ["steps", "editor", "terminal", "cluster"]) {
      await showPane(page, tab);
      const v = await audit(page, null);
      const minor = v.filter((x) => !blocking([x]).length);
      if (minor.length) t.diagnostic(`${lang} ${tab} (390 px), minor/moderate:\n${report(minor)}`);
      if (blocking(v).length) found.push(`${lang}, ${tab} tab at 390 px:\n${report(blocking(v))}`);
    }
    await page.getByTestId("menu-toggle").click();
    const v = await audit(page, ".topbar");
    if (blocking(v).length) found.push(`${lang}, the open menu:\n${report(blocking(v))}`);
    await page.keyboard.press("Escape");
  }
  assert.equal(found.join("\n"), "");
  await setLang(page, "ko");
  await page.setViewportSize({ width: 1280, height: 720 });
});

// Whether the focused element shows that it has the focus: its own outline, or the ring around
// the terminal (whose input has none) or around the editor.
async function focusVisible(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "nothing focused";
    const shown = (s) => s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 1;
    if (shown(getComputedStyle(el))) return "";
    const term = el.closest(".terminal");
    if (term && getComputedStyle(term).boxShadow !== "none") return "";
    const cm = el.closest(".cm-editor");
    if (cm && shown(getComputedStyle(cm))) return "";
    return `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} [${el.getAttribute("data-testid") || el.id || ""}] shows no focus`;
  });
}

async function focusedId(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "";
    return el.dataset.testid || el.id || el.className || el.tagName.toLowerCase();
  });
}

test("the keyboard alone reaches and works the terminal, with the focus visible all the way", async () => {
  const page = browser.context.pages()[0];
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(BASE_URL);
  await page.getByTestId("terminal-input").waitFor();
  // The page starts with the focus in the terminal, where Tab completes: Escape then Tab leaves.
  assert.equal(await focusedId(page), "terminal-input");
  await page.keyboard.press("Escape");
  // Tab round the whole page (past its end, back from the top) to the terminal's input again,
  // every stop showing its focus.
  let reached = false;
  const stops = [];
  for (let i = 0; i < 150 && !reached; i++) {
    // Tab indents in the editor; Escape first moves on (CodeMirror's way out).
    if (await page.evaluate(() => document.activeElement?.classList.contains("cm-content"))) await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    const id = await focusedId(page);
    stops.push(id);
    if (id === "") continue; // past the page's end
    assert.equal(await focusVisible(page), "", `Tab stop ${i + 1}`);
    reached = id === "terminal-input";
  }
  assert.ok(stops.includes("skip-to-terminal") && stops.includes("lang-toggle") && stops.includes("cluster-pane"), stops.join(" "));
  assert.ok(reached, "Tab reaches the terminal's input");
  await page.keyboard.type("echo by-keyboard");
  await page.keyboard.press("Enter");
  await waitForOutput(page, "# echo by-keyboard\nby-keyboard");
  // Tab completes in the terminal; Escape then Tab moves on, Shift-Tab comes back.
  await page.keyboard.type("ech");
  await page.keyboard.press("Tab");
  assert.equal(await page.getByTestId("terminal-input").inputValue(), "echo ");
  assert.equal(await focusedId(page), "terminal-input");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.notEqual(await focusedId(page), "terminal-input", "Escape then Tab leaves the terminal");
  assert.equal(await focusVisible(page), "");
  await page.keyboard.press("Shift+Tab");
  assert.equal(await focusedId(page), "terminal-input", "Shift-Tab comes back");
  await page.keyboard.press("Control+c");

  // The skip button is the first stop and lands in the terminal.
  await page.getByTestId("cluster-pane").focus();
  for (let i = 0; i < 3 && (await focusedId(page)) !== "skip-to-terminal"; i++) await page.keyboard.press("Tab");
  assert.equal(await focusedId(page), "skip-to-terminal");
  assert.equal(await focusVisible(page), "");
  assert.ok(await page.getByTestId("skip-to-terminal").isVisible(), "the skip button shows when focused");
  await page.keyboard.press("Enter");
  assert.equal(await focusedId(page), "terminal-input");
});

test("the keyboard alone opens a file, edits and saves it in the editor, and leaves the editor", async () => {
  const page = browser.context.pages()[0];
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(BASE_URL);
  await page.getByTestId("terminal-input").waitFor();
  await page.getByTestId("terminal-input").fill("printf 'kind: ConfigMap\\n' > kbd.yaml");
  await page.getByTestId("terminal-input").press("Enter");
  const file = page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/kbd.yaml"] button');
  await file.waitFor();
  await file.focus();
  await page.keyboard.press("Enter");
  await page.locator('[data-testid="editor-tab"][data-path="/root/gsb-kueue/kbd.yaml"]').waitFor();
  // Tab on to the editing area.
  let inEditor = false;
  for (let i = 0; i < 20 && !inEditor; i++) {
    await page.keyboard.press("Tab");
    assert.equal(await focusVisible(page), "", `Tab stop ${i + 1} after the file list`);
    inEditor = await page.evaluate(() => document.activeElement?.classList.contains("cm-content"));
  }
  assert.ok(inEditor, "Tab reaches the editor");
  assert.match(await page.locator(".cm-content").getAttribute("aria-label"), /kbd\.yaml/);
  await page.keyboard.press("Control+End");
  await page.keyboard.type("data:");
  await page.keyboard.press("Enter");
  // Tab indents inside the editor (the focus stays).
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("cm-content")), true, "Tab indents in the editor");
  await page.keyboard.type("by: keyboard");
  await page.keyboard.press("Control+s");
  await page.getByTestId("editor-status").filter({ hasText: "kbd.yaml" }).waitFor();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("cm-content")), false, "Escape then Tab leaves the editor");
  assert.equal(await focusVisible(page), "");
  await page.getByTestId("terminal-input").fill("cat kbd.yaml; rm kbd.yaml");
  await page.getByTestId("terminal-input").press("Enter");
  await page.waitForFunction(() => /kind: ConfigMap\ndata:\n +by: keyboard/.test(document.querySelector('[data-testid="terminal-output"]').innerText));
});

test("no uncaught page errors", () => {
  assert.deepEqual(browser.errors, []);
});
