// The scale lab in the browser: 200 nodes and eight teams' Jobs arriving while the learner types.
// The cluster pane switches to its summary (totals, a heat map with a cell per node, a row per
// ClusterQueue, admissions per virtual minute); virtual time keeps running at 10×; the terminal
// answers. Keystroke latency while the engine runs is measured and reported (not asserted: timing
// on a shared 2-core machine is a figure for the note, not a pass/fail line).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, waitForOutput, screenshot } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const virtualSeconds = async (page) => {
  const t = await page.getByTestId("virtual-time").innerText();
  const [h, m, s] = t.split(":").map(Number);
  return h * 3600 + m * 60 + s;
};

test("the scale lab runs in the browser, summarised, and the terminal keeps answering", async () => {
  const page = await openApp(browser.context, "?lab=scale");
  await page.getByTestId("time-fast").click();
  const start = await virtualSeconds(page);
  await page.waitForTimeout(8000);
  const view = page.getByTestId("cluster-view");
  assert.equal(await view.getAttribute("data-mode"), "summary");
  assert.equal(await page.locator('[data-testid="heat-map"] li').count(), 200);
  assert.equal(await page.getByTestId("queue-row").count(), 8);
  const jobs = Number(await page.locator('[data-testid="total-jobs"] b').innerText());
  assert.ok(jobs > 50, `Jobs submitted by the teams: ${jobs}`);
  const admitted = (await page.getByTestId("admission-rate").getAttribute("data-admitted")).split(",").map(Number);
  assert.ok(admitted.reduce((a, b) => a + b, 0) > 0, "admissions are plotted");

  // Keystrokes while the engine runs: from the key event's timestamp to the frame after it.
  await page.evaluate(() => {
    window.__latency = [];
    const input = document.querySelector('[data-testid="terminal-input"]');
    input.addEventListener("keydown", (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__latency.push(performance.now() - t0), 0));
    });
  });
  const input = page.getByTestId("terminal-input");
  await input.click();
  const line = "kubectl get clusterqueues -o wide";
  await input.pressSequentially(line, { delay: 60 });
  await input.press("Enter");
  await waitForOutput(page, "team-h   research", 20000);
  const lat = (await page.evaluate(() => window.__latency)).sort((a, b) => a - b);
  const pct = (p) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))].toFixed(1);
  const elapsed = (await virtualSeconds(page)) - start;
  console.log(
    `scale lab in the browser: ${jobs} Jobs after 8 s at 10×; virtual time advanced ${elapsed} s; ` +
      `keystroke latency ms: median ${pct(50)}, p95 ${pct(95)}, max ${lat[lat.length - 1].toFixed(1)} (${lat.length} keys)`,
  );
  assert.ok(lat.length >= line.length, "every keystroke was measured");
  await screenshot(page, "scale-summary.png");
  assert.deepEqual(browser.errors, []);
});
