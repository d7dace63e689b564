// Issue 18, as a new learner meets the lab in the browser: pasted lines each followed by their own
// output (here-documents and foreground commands included), Tab completing kubectl's file names
// and listing candidates on a second Tab, and the page's small things (icons, language, embed
// controls, the share link, the solution per step).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { deflateRawSync } from "node:zlib";
import { launch, openApp, typeLine, terminalText, waitForOutput, setLang, BASE_URL } from "./helpers.mjs";

const solution = readFileSync(new URL("../../labs/kueue-gpu-quota/solution.sh", import.meta.url), "utf8");

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

async function freshPage(query = "") {
  const page = await openApp(browser.context, query);
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await page.getByTestId("terminal-input").waitFor();
  // A reset keeps the speed chosen: time runs again (an earlier test may have paused it).
  await page.getByTestId("time-play").click();
  return page;
}

async function paste(page, text) {
  await page.getByTestId("terminal-input").click();
  await page.evaluate((t) => {
    const el = document.querySelector('[data-testid="terminal-input"]');
    const data = new DataTransfer();
    data.setData("text", t);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const PROMPT = "root@kueue-lab:~/gsb-kueue# ";

test("pasted lines: each command's output follows its own line, as in bash", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "cd ~/gsb-kueue && clear");
  await paste(page, "echo first\necho second\necho third\n");
  await waitForOutput(page, "third");
  const out = await terminalText(page);
  assert.ok(out.includes(`${PROMPT}echo first\nfirst\n${PROMPT}echo second\nsecond\n${PROMPT}echo third\nthird`), out);
});

test("a 200-line here-document pasted with the next command: its output comes before that command", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "cd ~/gsb-kueue && clear");
  const data = Array.from({ length: 200 }, (_, i) => `  k${i}: "v${i}"`).join("\n");
  await paste(page, `kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n${data}\nEOF\necho next\n`);
  await waitForOutput(page, "echo next");
  const out = await terminalText(page);
  assert.match(out, /> {3}k199: "v199"\n> EOF\nconfigmap\/big created\nroot@kueue-lab:~\/gsb-kueue# echo next\nnext/);
});

test("a foreground command holds the lines pasted after it until it ends", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "cd ~/gsb-kueue && clear");
  await paste(page, "kubectl get ns kube-public -w --request-timeout=3s\necho after\n");
  await waitForOutput(page, "kube-public");
  // While the watch runs, the next line is not read yet (the terminal's line buffer keeps it).
  assert.ok(!(await terminalText(page)).includes("echo after"), await terminalText(page));
  await waitForOutput(page, `${PROMPT}echo after\nafter`, 15000);
  const out = await terminalText(page);
  assert.ok(out.indexOf("kube-public") < out.indexOf("echo after"), out);
  // Ctrl-C in a foreground command drops what was pasted after it, as the terminal flushes it.
  await typeLine(page, "clear");
  await paste(page, "kubectl get ns kube-public -w\necho dropped\n");
  await waitForOutput(page, "kube-public");
  await page.getByTestId("terminal-input").press("Control+c");
  await waitForOutput(page, "^C");
  await typeLine(page, "echo typed");
  await waitForOutput(page, "echo typed\ntyped");
  assert.ok(!(await terminalText(page)).includes("dropped"));
});

test("Tab completes kubectl's -f file names; a second Tab lists the candidates under the prompt", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "cd ~/gsb-kueue && clear; touch flavor.yaml flat.txt; mkdir -p flags");
  const input = page.getByTestId("terminal-input");
  await input.click();
  await input.pressSequentially("kubectl apply -f flav");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "kubectl apply -f flavor.yaml ");
  await input.press("Control+c");
  await input.pressSequentially("kubectl apply -f fla");
  await input.press("Tab");
  // Two candidates (flat.txt is not a manifest): nothing to add on the first Tab.
  assert.equal(await input.inputValue(), "kubectl apply -f fla");
  await input.press("Tab");
  await waitForOutput(page, `${PROMPT}kubectl apply -f fla\nflags/`);
  assert.match(await terminalText(page), /kubectl apply -f fla\nflags\/ +flavor\.yaml/);
  // The typed line stays at the prompt.
  assert.equal(await input.inputValue(), "kubectl apply -f fla");
  await input.press("Control+c");
});

test("the cluster view marks a GPU that bypassed Kueue, a Terminating pod and warnings about deleted objects", async () => {
  const page = await freshPage();
  await setLang(page, "en");
  // The lab up to sneaky: two train Jobs admitted (quota 2/2) and sneaky on a third GPU.
  await typeLines(page, solution.split("printf 'suspended=")[0]);
  const sneaky = page.locator('[data-testid="gpu-slot"][data-bypassed="true"]');
  await sneaky.waitFor({ timeout: 15000 });
  assert.match(await sneaky.innerText(), /team-a\/sneaky-[a-z0-9]+\nbypassed Kueue/);
  assert.equal(await page.locator('[data-testid="gpu-slot"][data-bypassed="false"].used').count(), 2);
  assert.match(await page.getByTestId("gpu-bypass-note").innerText(), /1 pod\(s\) hold GPUs without going through Kueue \(team-a\/sneaky-/);
  assert.match(await page.getByTestId("gpu-legend").innerText(), /bypassed Kueue: ran without the queue label/);
  await setLang(page, "ko");
  assert.match(await sneaky.innerText(), /Kueue 우회/);
  assert.match(await page.getByTestId("gpu-legend").innerText(), /큐 라벨 없이/);
  // Deleted, sneaky's pod (no SIGTERM trap) stays Terminating through its grace period.
  await page.getByTestId("time-pause").click();
  await typeLines(page, "kubectl -n team-a delete job sneaky");
  const terminating = page.locator('[data-testid="gpu-slot"][data-terminating="true"]');
  await terminating.waitFor();
  assert.match(await terminating.innerText(), /team-a\/sneaky-[a-z0-9]+\nTerminating/);
  assert.match(await page.getByTestId("gpu-legend").innerText(), /Terminating: 삭제되어/);
  // A pod that cannot be scheduled warns (FailedScheduling); once its Job is deleted the
  // warning is about an object that no longer exists: no longer highlighted, and said so.
  await typeLines(
    page,
    "cat <<'EOF' | kubectl apply -f -\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: huge\n  namespace: team-a\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: c\n        image: busybox:1.36\n        command: [\"sleep\", \"60\"]\n        resources:\n          limits:\n            nvidia.com/gpu: 9\nEOF",
  );
  await page.getByTestId("time-step").click();
  const warning = page.locator('[data-testid="event"][data-reason="FailedScheduling"]').first();
  await warning.waitFor();
  assert.equal(await warning.getAttribute("data-gone"), "false");
  assert.match((await warning.getAttribute("class")) || "", /\bwarn\b/);
  await typeLines(page, "kubectl -n team-a delete job huge");
  await page.getByTestId("time-step").click();
  await page.locator('[data-testid="event"][data-reason="FailedScheduling"][data-gone="true"]').first().waitFor();
  const gone = page.locator('[data-testid="event"][data-reason="FailedScheduling"]').first();
  assert.doesNotMatch((await gone.getAttribute("class")) || "", /\bwarn\b/);
  assert.match(await gone.innerText(), /\(삭제된 객체\)/);
});

test("⏸ and ⏭ are SVG icons with labels in the language shown; <html lang> follows the language", async () => {
  const page = await openApp(browser.context);
  await setLang(page, "ko");
  for (const [id, ko, en] of [["time-pause", "멈춤", "Pause"], ["time-step", "다음 일로 건너뛰기", "Skip ahead"]]) {
    const button = page.getByTestId(id);
    assert.equal(await button.locator("svg").count(), 1, id);
    assert.doesNotMatch(await button.innerText(), /[⏸⏭]/u);
    assert.equal(await button.getAttribute("aria-label"), ko);
    await setLang(page, "en");
    assert.equal(await button.getAttribute("aria-label"), en);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
    await setLang(page, "ko");
    assert.equal(await page.evaluate(() => document.documentElement.lang), "ko");
  }
});

// WCAG's contrast ratio of two CSS rgb() colours.
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test("YAML keys in the editor keep WCAG AA contrast on its background", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "cd ~/gsb-kueue; printf 'apiVersion: v1\\nkind: ConfigMap\\n' > keys.yaml");
  await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/keys.yaml"]').click();
  const key = page.locator('[data-testid="editor"] .cm-line span', { hasText: "apiVersion" }).first();
  await key.waitFor();
  const [fg, bg] = await key.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest(".cm-editor")).backgroundColor]);
  assert.ok(contrast(fg, bg) >= 4.5, `key ${fg} on ${bg}: ${contrast(fg, bg).toFixed(2)}:1`);
});

test("?embed=1 hides Export, Link, Import and Reset unless the host asks for them", async () => {
  const page = await openApp(browser.context, "?embed=1");
  for (const id of ["export-file", "export-url", "import", "reset"]) assert.equal(await page.getByTestId(id).count(), 0, id);
  assert.equal(await page.getByTestId("lang-toggle").count(), 1);
  await openApp(browser.context, "?embed=1&controls=export,import");
  assert.equal(await page.getByTestId("export-file").count(), 1);
  assert.equal(await page.getByTestId("import").count(), 1);
  assert.equal(await page.getByTestId("export-url").count(), 0);
  assert.equal(await page.getByTestId("reset").count(), 0);
  // Outside an embedding page every control is there.
  await openApp(browser.context);
  for (const id of ["export-file", "export-url", "import", "reset"]) assert.equal(await page.getByTestId(id).count(), 1, id);
});

test("the solution is revealed one step at a time", async () => {
  const page = await freshPage();
  await setLang(page, "en");
  const step = (id) => page.locator(`[data-testid="step"][data-step-id="${id}"]`);
  await step("flavor").locator("details").evaluate((d) => (d.open = true));
  const button = step("flavor").getByTestId("step-solution-button");
  await button.waitFor({ state: "visible" });
  page.once("dialog", (d) => d.accept());
  await button.click();
  const shown = step("flavor").getByTestId("step-solution");
  await shown.waitFor();
  const text = await shown.innerText();
  assert.match(text, /kind: ResourceFlavor/);
  assert.doesNotMatch(text, /kind: ClusterQueue/);
  assert.equal(await page.getByTestId("step-solution").count(), 1);
  assert.equal(await step("cluster-queue").getByTestId("step-solution-button").count(), 1);
  // Remembered across a reload.
  await page.reload();
  await page.getByTestId("terminal-input").waitFor();
  assert.equal(await page.getByTestId("step-solution").count(), 1);
});

test("the share link is short, copied to the clipboard with a visible confirmation, and opens the state; old links still open", async () => {
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(BASE_URL).origin });
  const page = await freshPage();
  await setLang(page, "en");
  await typeLines(page, solution.split("kubectl apply -f lq.yaml")[0] + "kubectl apply -f lq.yaml");
  await page.locator('[data-testid="step"][data-step-id="local-queue"][data-status="pass"]').waitFor({ timeout: 15000 });
  let dialogs = 0;
  page.on("dialog", () => dialogs++);
  await page.getByTestId("export-url").click();
  const notice = page.locator('[data-testid="share-notice"][data-copied="true"]');
  await notice.waitFor();
  assert.match(await notice.innerText(), /Link copied to the clipboard \(\d+ characters\)/);
  assert.equal(dialogs, 0, "no prompt()");
  const link = await page.getByTestId("share-link").inputValue();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  assert.match(link, /#state=v2\.[A-Za-z0-9_-]+$/);
  // The old form of the same state, for comparison: the whole snapshot deflated.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-file").click();
  const file = await (await download).path();
  const old = deflateRawSync(readFileSync(file), { level: 9 }).toString("base64url");
  assert.ok(link.length * 3 < old.length * 2, `short link ${link.length} vs the old form ${old.length}`);
  for (const fragment of [link.split("#state=")[1], old]) {
    page.once("dialog", (d) => d.accept());
    await page.getByTestId("reset").click();
    await page.locator('[data-testid="step"][data-step-id="local-queue"][data-status="fail"]').waitFor();
    await page.goto(BASE_URL + "#state=" + fragment);
    await page.locator('[data-testid="step"][data-step-id="local-queue"][data-status="pass"]').waitFor({ timeout: 15000 });
    assert.ok(await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/cq.yaml"]').count());
  }
});
