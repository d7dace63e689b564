// The cluster view explains sharing: a cohort scenario (cluster-view-scenario.sh) typed into the
// terminal shows the ClusterQueues grouped by cohort with the pool, team-b borrowing 2 GPUs that
// team-a lends, then team-a's high-priority job preempting a team-b workload — who preempted it,
// why, and that it waits to come back — in Korean and in English, without horizontal clipping.
// With KUEUE_LAB_SHOTS=<dir> it also saves screenshots of the cluster pane there.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { launch, openApp, setLang, showPane } from "./helpers.mjs";

const scenario = readFileSync(new URL("./cluster-view-scenario.sh", import.meta.url), "utf8");
const MARK = "# -- team-a takes its quota back --";
const [borrowing, preempting] = scenario.split(MARK);
const SHOTS = process.env.KUEUE_LAB_SHOTS;

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Types each line as a learner would (a here-document line by line at the `> ` prompt).
async function typeLines(page, script) {
  const input = page.getByTestId("terminal-input");
  for (const line of script.split("\n")) {
    if (line.startsWith("#")) continue;
    await input.fill(line);
    await input.press("Enter");
  }
}

// Nothing in the cluster pane is wider than the pane.
async function assertNoHorizontalOverflow(page, what) {
  const over = await page.evaluate(() => {
    const pane = document.querySelector(".pane.cluster");
    const bad = [];
    if (pane.scrollWidth > pane.clientWidth + 1) bad.push(`pane ${pane.scrollWidth} > ${pane.clientWidth}`);
    const right = pane.getBoundingClientRect().right + 1;
    if (right > window.innerWidth + 2) bad.push(`pane ends at ${right} > window ${window.innerWidth}`);
    for (const el of pane.querySelectorAll("[data-testid]")) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > right) bad.push(`${el.dataset.testid} ${el.dataset.name || ""} ends at ${r.right} > ${right}`);
    }
    return bad;
  });
  assert.deepEqual(over, [], what);
}

// The whole cluster pane, at the page's width, as tall as its content.
async function shot(page, name) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  const narrow = size.width < 900;
  const style = narrow
    ? await page.addStyleTag({
        content:
          ".app { height: auto !important; } .panes { display: block !important; overflow: visible !important; }" +
          " .pane.steps, .pane.work { display: none !important; } .pane.cluster { overflow: visible !important; }",
      })
    : null;
  const height = await page.locator(".cluster-view").evaluate((e) => e.scrollHeight + 300);
  await page.setViewportSize({ width: size.width, height: Math.min(height, 5000) });
  await page.locator(".pane.cluster").screenshot({ path: join(SHOTS, name) });
  await style?.evaluate((e) => e.remove());
  await page.setViewportSize(size);
}

test("borrowing, lending and preemption read plainly in the cluster view, in Korean and English", async () => {
  const page = await openApp(browser.context);
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await page.getByTestId("terminal-input").waitFor();
  // Virtual time moves only with the scenario's `sleep`s.
  await page.getByTestId("time-pause").click();

  await typeLines(page, borrowing);
  const cohort = page.locator('[data-testid="cohort"][data-name="gpu-pool"]');
  const teamA = cohort.locator('[data-testid="cq"][data-name="team-a"]');
  const teamB = cohort.locator('[data-testid="cq"][data-name="team-b"]');
  const gpu = '[data-testid="quota-bar"][data-resource="nvidia.com/gpu"]';
  await teamB.locator(`${gpu}[data-borrowed="2"]`).waitFor({ timeout: 15000 });

  // Both ClusterQueues sit in the cohort, whose pool is both nominal quotas.
  assert.deepEqual(await cohort.getByTestId("cq").evaluateAll((els) => els.map((e) => e.dataset.name)), ["team-a", "team-b"]);
  assert.equal(await cohort.getByTestId("cohort-pool").getAttribute("data-total"), "4");
  assert.match(await teamB.locator(gpu).innerText(), /4 \/ 2/);
  assert.equal(await teamA.locator(gpu).getAttribute("data-lent"), "2");
  // Long names are cut, with the whole name in a tooltip; the bar has a text alternative.
  assert.equal(await teamB.locator("h4 .name").getAttribute("title"), "team-b");

  await setLang(page, "en");
  assert.match(await cohort.getByTestId("cohort-pool").innerText(), /Pool fake-gpu · nvidia\.com\/gpu: 4 = team-a 2 \+ team-b 2/);
  assert.match(await cohort.getByTestId("cohort-flow").innerText(), /team-b borrows 2 now: team-a lends its idle 2/);
  assert.match(
    await teamB.getByTestId("quota-detail").innerText(),
    /uses 4 = 2 of its own \+ 2 borrowed from the cohort gpu-pool \(team-a lends its idle 2\)/,
  );
  assert.match(await teamB.getByTestId("quota-limits").innerText(), /borrowing limit 2/);
  assert.match(await teamA.getByTestId("quota-detail").innerText(), /uses 0 of its own 2; lends 2 of its idle 2 to team-b/);
  assert.match(await teamB.locator(`${gpu} .bar`).getAttribute("aria-label"), /2 own in use, 2 borrowed; nominal quota 2/);
  const legend = await page.getByTestId("quota-legend").innerText();
  for (const t of ["own quota in use", "borrowed from the cohort", "idle, lent out", "nominal quota"]) assert.ok(legend.includes(t), legend);
  await shot(page, "cluster-view-borrowing-en.png");

  await setLang(page, "ko");
  assert.match(await cohort.getByTestId("cohort-pool").innerText(), /풀 fake-gpu · nvidia\.com\/gpu: 4 = team-a 2 \+ team-b 2/);
  assert.match(await cohort.getByTestId("cohort-flow").innerText(), /빌려 쓰는 중: team-b \(합계 2\) ← team-a 의 놀고 있는 쿼터 2/);
  assert.match(
    await teamB.getByTestId("quota-detail").innerText(),
    /4 사용 = 자기 몫 2 \+ 코호트 gpu-pool 에서 빌린 2 \(← team-a 의 놀고 있는 쿼터 2\)/,
  );
  assert.match(await teamA.getByTestId("quota-detail").innerText(), /자기 몫 2 중 0 사용; 놀고 있는 2 중 2 만큼 team-b 에 빌려줌/);
  assert.match(await page.getByTestId("quota-legend").innerText(), /자기 몫 사용[\s\S]*코호트에서 빌림/);

  // team-a's high-priority job takes its quota back: the newest team-b workload is preempted.
  await typeLines(page, preempting);
  const victim = page.locator('[data-testid="workload"][data-preempted="true"]');
  await victim.waitFor({ timeout: 15000 });
  assert.equal(await victim.count(), 1);
  assert.match(await victim.getAttribute("data-name"), /^job-b\d-/);
  const preemptor = page.locator('[data-testid="workload"]', { has: page.getByTestId("workload-preempts") });
  assert.match(await preemptor.getAttribute("data-name"), /^job-a1-/);
  await teamB.locator(`${gpu}[data-borrowed="1"]`).waitFor();
  assert.equal(await teamA.locator(gpu).getAttribute("data-lent"), "1");
  assert.equal(await victim.getByTestId("workload-preempted").getAttribute("data-reason"), "InCohortReclamation");

  assert.match(
    await victim.getByTestId("workload-preempted").innerText(),
    /team-a\/job-a1-\w+ 에게 선점당함 \(team-a: team-b 에 빌려준 자기 쿼터를 되찾음\)/,
  );
  assert.match(await victim.getByTestId("workload-preempted").innerText(), /preemption\.reclaimWithinCohort/);
  assert.match(await victim.getByTestId("workload-comeback").innerText(), /돌아오기를 기다리는 중/);
  assert.match(await preemptor.getByTestId("workload-priority").innerText(), /우선순위 1000 \(high\)/);
  assert.match(await preemptor.getByTestId("workload-preempts").innerText(), /자리를 만들려고 선점함: team-b\/job-b\d-\w+ \(Job b\d\)/);

  await setLang(page, "en");
  assert.match(
    await victim.getByTestId("workload-preempted").innerText(),
    /preempted by team-a\/job-a1-\w+ \(team-a took back its own quota, which team-b had borrowed\)/,
  );
  assert.match(await victim.getByTestId("workload-preempted").innerText(), /preemptor's priority 1000 \(high\) · this workload's 0/);
  assert.match(await victim.getByTestId("workload-comeback").innerText(), /Waiting to come back: it is in its queue again/);
  assert.match(await victim.getByTestId("workload-reason").innerText(), /WaitingForQuota/);
  assert.match(await preemptor.getByTestId("workload-priority").innerText(), /priority 1000 \(high\)/);
  assert.match(await preemptor.getByTestId("workload-preempts").innerText(), /preempted to make room: team-b\/job-b\d-\w+ \(Job b\d\)/);
  assert.match(await teamB.getByTestId("quota-detail").innerText(), /uses 3 = 2 of its own \+ 1 borrowed from the cohort gpu-pool \(team-a lends its idle 1\)/);
  await shot(page, "cluster-view-preempted-en.png");

  // Legible at a desktop width and on a phone: nothing runs past the pane's right edge.
  await assertNoHorizontalOverflow(page, "desktop");
  await page.setViewportSize({ width: 360, height: 800 });
  // On a phone the cluster view is one of the tabs.
  await page.locator('[data-testid="app"][data-layout="narrow"]').waitFor();
  await showPane(page, "cluster");
  await setLang(page, "ko");
  await assertNoHorizontalOverflow(page, "narrow, Korean");
  await shot(page, "cluster-view-preempted-ko-narrow.png");
  await setLang(page, "en");
  await assertNoHorizontalOverflow(page, "narrow, English");
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId("time-play").click();
});

test("no uncaught page errors", () => {
  assert.deepEqual(browser.errors, []);
});
