// The layout reflows with the width: the lab's first steps done at a phone's (390 px), a tablet's
// (768 px) and a desktop's (1440 px) width — no horizontal overflow anywhere, the terminal
// answers, every step, the editor and the cluster view are reachable; on a phone the header's
// controls are in a menu and an on-screen keyboard does not hide the terminal's input; the same
// inside an iframe (`?embed=1`) at the iframe's width. Screenshots of each size go to SHOTS_DIR.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, BASE_URL, SHOTS_DIR, screenshot, openMenu, setLang, showPane } from "./helpers.mjs";

const solution = readFileSync(new URL("../../labs/kueue-gpu-quota/solution.sh", import.meta.url), "utf8");
// The lab's first three steps: the flavor, the ClusterQueue, the LocalQueue.
const LAST = "kubectl apply -f lq.yaml";
const FIRST_STEPS_SCRIPT = solution.slice(0, solution.indexOf(LAST) + LAST.length);
const FIRST_STEPS = ["flavor", "cluster-queue", "local-queue"];
const ALL_STEPS = ["flavor", "cluster-queue", "local-queue", "first-job", "queueing", "bypass", "ledger", "drain"];

const SIZES = [
  { name: "phone", width: 390, height: 844, layout: "narrow" },
  { name: "tablet", width: 768, height: 1024, layout: "medium" },
  { name: "desktop", width: 1440, height: 900, layout: "wide" },
];

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function open(size, query = "") {
  const page = browser.context.pages()[0] || (await browser.context.newPage());
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto(BASE_URL + query);
  await page.locator(`[data-testid="app"][data-layout="${size.layout}"]`).waitFor();
  return page;
}

async function reset(page) {
  await openMenu(page);
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
}

// Types each line as a learner would (a here-document line by line at the `> ` prompt).
async function typeLines(page, script) {
  const input = page.getByTestId("terminal-input");
  for (const line of script.split("\n")) {
    if (line.startsWith("#")) continue;
    await input.fill(line);
    await input.press("Enter");
  }
}

// Nothing on the page is wider than the window, except inside a container made to scroll
// sideways (the editor's lines, the open-file strip); no pane scrolls sideways.
async function assertNoHorizontalOverflow(page, what) {
  const bad = await page.evaluate(() => {
    const out = [];
    const width = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > width) out.push(`document ${doc.scrollWidth} > ${width}`);
    if (document.body.scrollWidth > width) out.push(`body ${document.body.scrollWidth} > ${width}`);
    const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && !el.classList.contains("pane");
    for (const el of document.querySelectorAll(".app *")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
      let p = el.parentElement;
      while (p && !scrolls(p)) p = p.parentElement;
      if (!p) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ends at ${Math.round(r.right)} > ${width}`);
    }
    for (const pane of document.querySelectorAll(".pane, .view-tabs, .topbar")) {
      if (pane.offsetParent !== null && pane.scrollWidth > pane.clientWidth + 1) {
        out.push(`${pane.className} scrolls sideways: ${pane.scrollWidth} > ${pane.clientWidth}`);
      }
    }
    return out.slice(0, 10);
  });
  assert.deepEqual(bad, [], what);
}

// No text in the cluster view is cut off: long names and event messages wrap.
async function assertNothingClipped(page, what) {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll(".cluster-view *")]
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => ["hidden", "clip"].includes(getComputedStyle(el).overflowX))
      .map((el) => `${el.className}: ${el.textContent.slice(0, 60)}`),
  );
  assert.deepEqual(clipped, [], what);
}

async function assertStepsReachable(page, passed) {
  await showPane(page, "steps");
  for (const id of ALL_STEPS) {
    const step = page.locator(`[data-testid="step"][data-step-id="${id}"]`);
    await step.scrollIntoViewIfNeeded();
    assert.ok(await step.isVisible(), `step ${id} is on screen`);
    if (passed.includes(id)) assert.equal(await step.getAttribute("data-status"), "pass", id);
  }
}

// The element is inside the window (not under an on-screen keyboard, not off to a side).
async function assertInView(locator, what) {
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize();
  assert.ok(box, `${what} is rendered`);
  assert.ok(box.y >= 0 && box.y + box.height <= size.height + 1, `${what} is inside the window: ${JSON.stringify(box)} in ${size.height}`);
  assert.ok(box.x >= 0 && box.x + box.width <= size.width + 1, `${what} is inside the window: ${JSON.stringify(box)} in ${size.width}`);
}

for (const size of SIZES) {
  test(`the lab's first steps at ${size.width} px (${size.name}): terminal answers, steps reachable, no horizontal overflow`, async () => {
    const page = await open(size);
    await reset(page);
    const tabs = await page.getByTestId("view-tabs").count();
    assert.equal(tabs, size.layout === "wide" ? 0 : 1, "pane tabs only when the panes do not all fit");
    await setLang(page, "ko");
    await assertNoHorizontalOverflow(page, `${size.name}, fresh, Korean`);
    await screenshot(page, `${size.name}-${size.width}-start-ko.png`);

    // The terminal: one tap away on a phone (its tab), always on screen otherwise.
    await showPane(page, "terminal");
    const input = page.getByTestId("terminal-input");
    await assertInView(input, "the terminal's input");
    if (size.layout === "narrow") {
      assert.equal(await page.evaluate(() => document.activeElement?.id), "terminal-input", "the terminal tab focuses the input");
    }
    await typeLines(page, FIRST_STEPS_SCRIPT);
    await page.getByTestId("terminal-output").filter({ hasText: "localqueue.kueue.x-k8s.io/lq created" }).waitFor({ timeout: 15000 });
    await assertInView(input, "the terminal's input after the commands");
    await assertNoHorizontalOverflow(page, `${size.name}, terminal`);
    await screenshot(page, `${size.name}-${size.width}-terminal-ko.png`);

    for (const id of FIRST_STEPS) {
      await page.locator(`[data-testid="step"][data-step-id="${id}"][data-status="pass"]`).waitFor({ state: "attached", timeout: 15000 });
    }
    await assertStepsReachable(page, FIRST_STEPS);
    await assertNoHorizontalOverflow(page, `${size.name}, steps`);
    await screenshot(page, `${size.name}-${size.width}-steps-ko.png`);

    // The editor shows a file the terminal wrote.
    await showPane(page, "editor");
    await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/cq.yaml"]').click();
    await page.locator('[data-testid="editor"] .cm-content', { hasText: "ClusterQueue" }).waitFor();
    await assertInView(page.locator('[data-testid="editor"] .cm-editor'), "the editor");
    await assertNoHorizontalOverflow(page, `${size.name}, editor`);
    await screenshot(page, `${size.name}-${size.width}-editor-ko.png`);

    // The cluster view: the ClusterQueue's quota, the LocalQueue, the events.
    await showPane(page, "cluster");
    const cq = page.locator('[data-testid="cq"][data-name="team-a"]');
    await cq.waitFor();
    await cq.scrollIntoViewIfNeeded();
    assert.ok(await cq.isVisible());
    await page.getByTestId("events").scrollIntoViewIfNeeded();
    assert.ok(await page.getByTestId("events").isVisible());
    await assertNoHorizontalOverflow(page, `${size.name}, cluster, Korean`);
    await assertNothingClipped(page, `${size.name}, cluster, Korean`);
    await screenshot(page, `${size.name}-${size.width}-cluster-ko.png`);

    await setLang(page, "en");
    await assertNoHorizontalOverflow(page, `${size.name}, cluster, English`);
    await assertNothingClipped(page, `${size.name}, cluster, English`);
    await screenshot(page, `${size.name}-${size.width}-cluster-en.png`);
    await assertStepsReachable(page, FIRST_STEPS);
    await assertNoHorizontalOverflow(page, `${size.name}, steps, English`);
    await screenshot(page, `${size.name}-${size.width}-steps-en.png`);
    if (size.layout === "wide") await screenshot(page, `${size.name}-${size.width}-full-en.png`, { fullPage: true });
    await setLang(page, "ko");
  });
}

test("on a phone the header's controls are in a menu, and the keyboard does not hide the terminal's input", async () => {
  const size = SIZES[0];
  const page = await open(size);
  // The controls are hidden until the menu opens; Escape closes it and returns the focus.
  assert.equal(await page.getByTestId("lang-toggle").isVisible(), false);
  await page.getByTestId("menu-toggle").click();
  assert.equal(await page.getByTestId("menu-toggle").getAttribute("aria-expanded"), "true");
  for (const id of ["export-file", "export-url", "import", "lang-toggle", "reset"]) assert.ok(await page.getByTestId(id).isVisible(), id);
  await assertNoHorizontalOverflow(page, "menu open");
  await screenshot(page, `phone-${size.width}-menu-ko.png`);
  await page.keyboard.press("Escape");
  assert.equal(await page.getByTestId("lang-toggle").isVisible(), false);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "menu-toggle");
  // Choosing an item closes the menu.
  await page.getByTestId("menu-toggle").click();
  await page.getByTestId("lang-toggle").click();
  await page.locator('[data-testid="app"][lang="en"]').waitFor();
  assert.equal(await page.getByTestId("lang-toggle").isVisible(), false);
  assert.match(await page.getByTestId("menu-toggle").innerText(), /Menu/);
  await setLang(page, "ko");
  assert.match(await page.getByTestId("menu-toggle").innerText(), /메뉴/);

  // An on-screen keyboard takes the lower half of the screen: the input stays visible, above it.
  await showPane(page, "terminal");
  const input = page.getByTestId("terminal-input");
  await typeLines(page, "kubectl get nodes\nkubectl get pods -A\nkubectl get events -A");
  await page.getByTestId("terminal-output").filter({ hasText: "# kubectl get events -A" }).waitFor();
  await page.setViewportSize({ width: size.width, height: 420 });
  await page.waitForFunction(() => {
    const r = document.getElementById("terminal-input").getBoundingClientRect();
    return r.bottom <= window.innerHeight && r.top >= 0;
  });
  await assertInView(input, "the input above the keyboard");
  await assertInView(page.getByTestId("view-tab-terminal"), "the tabs above the keyboard");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "terminal-input");
  await screenshot(page, `phone-${size.width}-keyboard-open.png`);
  // The key row gives what a phone's keyboard lacks: Tab completes, ↑ brings the last command back.
  await input.fill("ca");
  await page.getByTestId("key-tab").click();
  assert.equal(await input.inputValue(), "cat ");
  await page.getByTestId("key-ctrl-c").click();
  assert.equal(await input.inputValue(), "");
  await page.getByTestId("key-↑").click();
  assert.equal(await input.inputValue(), "kubectl get events -A");
  await page.getByTestId("key-ctrl-c").click();
  assert.equal(await page.evaluate(() => document.activeElement?.id), "terminal-input", "the keys keep the focus in the input");
  await page.setViewportSize({ width: size.width, height: size.height });
});

test("the pane tabs follow the keyboard (arrow keys), and a resize changes the layout", async () => {
  const page = await open(SIZES[0]);
  await showPane(page, "steps");
  const tabs = page.getByRole("tab");
  assert.equal(await tabs.count(), 4);
  await page.getByTestId("view-tab-steps").focus();
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.getByTestId("view-tab-editor").getAttribute("aria-selected"), "true");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "view-tab-editor");
  assert.ok(await page.locator("#pane-editor").isVisible());
  assert.equal(await page.locator("#pane-steps").isVisible(), false);
  await page.keyboard.press("End");
  assert.equal(await page.getByTestId("view-tab-cluster").getAttribute("aria-selected"), "true");
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.getByTestId("view-tab-steps").getAttribute("aria-selected"), "true");
  // Wider: the medium layout keeps the editor and terminal on screen beside the steps or cluster.
  await page.setViewportSize({ width: 820, height: 900 });
  await page.locator('[data-testid="app"][data-layout="medium"]').waitFor();
  assert.equal(await page.getByRole("tab").count(), 2);
  for (const id of ["#pane-steps", "#pane-editor", "#pane-terminal"]) assert.ok(await page.locator(id).isVisible(), id);
  await page.getByTestId("view-tab-cluster").click();
  assert.ok(await page.locator("#pane-cluster").isVisible());
  assert.equal(await page.locator("#pane-steps").isVisible(), false);
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.locator('[data-testid="app"][data-layout="wide"]').waitFor();
  for (const id of ["#pane-steps", "#pane-editor", "#pane-terminal", "#pane-cluster"]) assert.ok(await page.locator(id).isVisible(), id);
  assert.equal(await page.getByRole("tab").count(), 0);
});

test("inside an iframe (?embed=1) the layout follows the iframe's width", async () => {
  const page = browser.context.pages()[0];
  for (const [width, layout] of [[420, "narrow"], [1300, "wide"]]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(BASE_URL + "embed.html");
    const frame = page.frameLocator("iframe");
    await frame.locator(`.app.embed[data-layout="${layout}"]`).waitFor({ timeout: 20000 });
    const term = frame.getByTestId("view-tab-terminal");
    if (layout === "narrow") await term.click();
    const input = frame.getByTestId("terminal-input");
    await input.fill("echo embedded");
    await input.press("Enter");
    await frame.getByTestId("terminal-output").filter({ hasText: "# echo embedded" }).waitFor();
    assert.match(await frame.getByTestId("terminal-output").innerText(), /# echo embedded\nembedded$/);
    const over = await frame.locator("html").evaluate((d) => d.scrollWidth - window.innerWidth);
    assert.ok(over <= 0, `the embedded page is ${over} px wider than its iframe`);
    await screenshot(page, `embed-${width}-${layout}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  console.log(`screenshots: ${SHOTS_DIR}`);
});

test("no uncaught page errors", () => {
  assert.deepEqual(browser.errors, []);
});
