// The lab in the browser: the reference solution typed into the terminal passes all eight steps
// and the page announces each completed step and the lab's completion; a mistake shows its
// explanation; the cluster view shows GPUs, quota, the waiting Workload's reason; a reload
// restores the exact state (virtual time, progress, hints); export and import carry it over.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, openApp, BASE_URL } from "./helpers.mjs";

const LABS = new URL("../../labs/", import.meta.url);
const solution = readFileSync(new URL("kueue-gpu-quota/solution.sh", LABS), "utf8");
const STEP_IDS = ["flavor", "cluster-queue", "local-queue", "first-job", "queueing", "bypass", "ledger", "drain"];

let browser;
before(async () => {
  browser = await launch();
  // Collect the messages the app posts (to itself when not embedded).
  await browser.context.addInitScript(() => {
    window.__kueueLab = [];
    window.addEventListener("message", (e) => {
      if (e.data && typeof e.data.type === "string") window.__kueueLab.push(e.data);
    });
  });
});
after(async () => {
  await browser?.close();
});

async function freshPage(query = "") {
  const page = await openApp(browser.context, query);
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await page.getByTestId("terminal-input").waitFor();
  // The speed is a preference a reset keeps: a test that paused time and failed before playing it
  // again must not leave the next one with a clock that stands still.
  const play = page.getByTestId("time-play");
  if ((await play.getAttribute("aria-pressed")) !== "true") await play.click();
  return page;
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

async function stepStatus(page, id) {
  return page.locator(`[data-testid="step"][data-step-id="${id}"]`).getAttribute("data-status");
}

async function waitStep(page, id, status) {
  await page.locator(`[data-testid="step"][data-step-id="${id}"][data-status="${status}"]`).waitFor({ timeout: 15000 });
}

test("the reference solution typed into the terminal passes every step and completes the lab", async () => {
  const page = await freshPage();
  for (const id of STEP_IDS) assert.equal(await stepStatus(page, id), "fail");
  await page.evaluate(() => (window.__kueueLab.length = 0));
  await typeLines(page, solution);
  for (const id of STEP_IDS) await waitStep(page, id, "pass");
  assert.match(await page.getByTestId("progress").innerText(), /^8\/8/);
  const msgs = await page.evaluate(() => window.__kueueLab);
  const completed = msgs.filter((m) => m.type === "kueue-lab:step-completed").map((m) => m.stepId);
  assert.deepEqual(completed, STEP_IDS);
  const done = msgs.filter((m) => m.type === "kueue-lab:lab-completed");
  assert.equal(done.length, 1);
  assert.equal(done[0].lab, "kueue-gpu-quota");
  // The cluster view: train-2, train-3 and sneaky hold three of the four GPUs; the quota is full.
  const slots = await page.getByTestId("gpu-slot").allInnerTexts();
  assert.equal(slots.length, 4);
  assert.equal(slots.filter((s) => /team-a\/(train-2|train-3|sneaky)-/.test(s)).length, 3, slots.join(" | "));
  const gpuBar = page.locator('[data-testid="quota-bar"][data-resource="nvidia.com/gpu"]');
  assert.match(await gpuBar.innerText(), /2 \/ 2/);
});

test("a mistake shows what is wrong and where to look, in Korean and in English", async () => {
  const page = await freshPage();
  await typeLines(
    page,
    "cd gsb-kueue\nprintf 'apiVersion: kueue.x-k8s.io/v1beta1\\nkind: ResourceFlavor\\nmetadata:\\n  name: fake-gpu\\n' > flavor.yaml",
  );
  const step = page.locator('[data-testid="step"][data-step-id="flavor"]');
  await waitStep(page, "flavor", "fail");
  const why = step.getByTestId("check-explanation").first();
  // Both languages, whichever the page starts in (the toggle names the other one).
  const toggle = page.getByTestId("lang-toggle");
  if ((await toggle.innerText()) !== "English") await toggle.click();
  assert.match(await why.innerText(), /apiVersion 이 "kueue.x-k8s.io\/v1beta1" 입니다\. 이 클러스터는 kueue.x-k8s.io\/v1beta2 를 받습니다/);
  await toggle.click();
  assert.match(await why.innerText(), /says apiVersion "kueue.x-k8s.io\/v1beta1"; this cluster takes kueue.x-k8s.io\/v1beta2/);
  await toggle.click();
  // The editor marks the same file inline, with what kubectl apply would answer.
  await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/flavor.yaml"]').click();
  await page.locator('[data-testid="editor"] .cm-lint-marker-error').first().waitFor();
  // Hints come one at a time (the first unfinished step is open already).
  if (!(await step.locator("details").evaluate((d) => d.open))) await step.locator("summary").click();
  await step.getByTestId("hint-button").click();
  assert.equal(await step.getByTestId("hint").count(), 1);
  await step.getByTestId("hint-button").click();
  assert.equal(await step.getByTestId("hint").count(), 2);
});

test("the waiting Workload shows Kueue's reason and a plain explanation", async () => {
  const page = await freshPage();
  const upToStep5 = solution.slice(0, solution.indexOf("cat <<'EOF' > sneaky.yaml"));
  await typeLines(page, upToStep5);
  await waitStep(page, "queueing", "pass");
  const waiting = page.locator('[data-testid="workload"][data-state="pending"]');
  await waiting.waitFor();
  assert.match(
    await waiting.getByTestId("workload-reason").innerText(),
    /WaitingForQuota: couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com\/gpu in flavor fake-gpu, 1 more needed/,
  );
  assert.match(await page.getByTestId("events").innerText(), /WaitingForQuota/);
});

test("a reload mid-lab restores the exact state: virtual time, progress and hints", async () => {
  const page = await freshPage();
  const upToStep4 = solution.slice(0, solution.indexOf("sed 's/train-1/train-2/'"));
  await typeLines(page, upToStep4);
  await waitStep(page, "first-job", "pass");
  await page.getByTestId("time-pause").click();
  const step5 = page.locator('[data-testid="step"][data-step-id="queueing"]');
  await step5.getByTestId("hint-button").click();
  const clock = await page.getByTestId("virtual-time").innerText();
  const before = await page.locator('[data-testid="step"]').evaluateAll((els) => els.map((e) => e.dataset.status));
  await page.waitForTimeout(1500);
  assert.equal(await page.getByTestId("virtual-time").innerText(), clock, "paused time does not move");
  await page.reload();
  await page.getByTestId("terminal-input").waitFor();
  assert.equal(await page.getByTestId("virtual-time").innerText(), clock);
  const after = await page.locator('[data-testid="step"]').evaluateAll((els) => els.map((e) => e.dataset.status));
  assert.deepEqual(after, before);
  assert.equal(await step5.getByTestId("hint").count(), 1);
  assert.equal(await page.getByTestId("time-pause").getAttribute("aria-pressed"), "true");
  // Step moves time to the next thing that happens, at least a second.
  await page.getByTestId("time-step").click();
  assert.notEqual(await page.getByTestId("virtual-time").innerText(), clock);
  await page.getByTestId("time-play").click();
});

test("export to a file and to a link, then import, carry the whole state", async () => {
  const page = await freshPage();
  const upToStep3 = solution.slice(0, solution.indexOf("cat <<'EOF' > job-1.yaml"));
  await typeLines(page, upToStep3);
  await waitStep(page, "local-queue", "pass");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-file").click()]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(exported.format, "kueue-lab-state");
  // A link: shown under the header (and copied) with the state in the fragment.
  await page.getByTestId("export-url").click();
  const link = await page.getByTestId("share-link").inputValue();
  assert.match(link, /#state=v2\.[A-Za-z0-9_-]+$/);
  // Start over, then import the file: everything comes back.
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await waitStep(page, "local-queue", "fail");
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("import-file").setInputFiles(file);
  await waitStep(page, "local-queue", "pass");
  assert.ok(await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/cq.yaml"]').count());
  // Start over again and open the link, in this tab (same document) and in a new one.
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await waitStep(page, "local-queue", "fail");
  await page.goto(link);
  await waitStep(page, "local-queue", "pass");
  assert.ok(!page.url().includes("#state="), "the fragment is dropped once loaded");
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await waitStep(page, "local-queue", "fail");
  const other = await browser.context.newPage();
  await other.goto(link);
  await other.locator('[data-testid="step"][data-step-id="local-queue"][data-status="pass"]').waitFor({ timeout: 15000 });
  await other.close();
  // The new tab saved what it opened: this tab stops saving (its ticks would overwrite the newer
  // state), says so, and takes the newer state up when asked.
  await page.getByTestId("superseded").waitFor();
  await Promise.all([page.waitForEvent("load"), page.getByTestId("continue-here").click()]);
  await waitStep(page, "local-queue", "pass");
  assert.equal(await page.getByTestId("superseded").count(), 0);
  // A file that is not a state is refused and nothing is lost.
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("import-file").setInputFiles({ name: "x.json", mimeType: "application/json", buffer: Buffer.from("{\"a\":1}") });
  await page.getByText(/Cannot import|불러올 수 없습니다/).waitFor();
  await waitStep(page, "local-queue", "pass");
});

test("a second lab opens with ?lab= and runs from its own files", async () => {
  const page = await openApp(browser.context, "?lab=exceeds-max-quota");
  await page.locator('[data-testid="step"][data-step-id="too-big"]').waitFor();
  assert.equal(await page.locator('[data-testid="step"]').count(), 3);
  await page.locator('[data-testid="file-list"] li[data-path="/root/lab/queues.yaml"]').waitFor();
  await page.goto(BASE_URL);
  await page.locator('[data-testid="step"][data-step-id="drain"]').waitFor();
});

test("no uncaught page errors", () => {
  assert.deepEqual(browser.errors, []);
});
