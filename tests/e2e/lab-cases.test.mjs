// Every replayed case of every lab (labs/*/cases/*.sh), typed into the browser's terminal: the
// steps pane must show the verdicts the case expects, and the explanation it expects in the
// language it names. The same cases run natively in sim-core/tests/labs.rs.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { launch, openApp } from "./helpers.mjs";

const LABS = new URL("../../labs/", import.meta.url);

// A case's script with `# setup: _file.sh` lines replaced by those files.
function expand(lab, name) {
  const text = readFileSync(new URL(`${lab}/cases/${name}`, LABS), "utf8");
  return text
    .split("\n")
    .map((line) => {
      const m = line.trim().match(/^# setup:\s*(\S+)/);
      return m ? expand(lab, m[1]).replace(/\n$/, "") : line;
    })
    .join("\n");
}

function expectations(script) {
  const out = [];
  for (const line of script.split("\n")) {
    const m = line.trim().match(/^# expect:\s*(.*)$/);
    if (!m) continue;
    const rest = m[1].trim();
    if (rest === "all pass") {
      out.push({ all: true });
      continue;
    }
    const [, step, verdict, tail] = rest.match(/^(\S+)\s+(pass|fail)\s*(.*)$/);
    let lang = "en";
    let text = tail;
    if (text.startsWith("ko ")) {
      lang = "ko";
      text = text.slice(3).trim();
    }
    text = text ? text.slice(1, -1).replaceAll('\\"', '"') : null;
    out.push({ step, verdict, text, lang });
  }
  return out;
}

const cases = [];
for (const lab of readdirSync(LABS)) {
  const dir = new URL(`${lab}/cases/`, LABS);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".sh") && !name.startsWith("_")) cases.push({ lab, name });
  }
}

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("every lab has cases to replay", () => {
  assert.ok(cases.length >= 15, `only ${cases.length}`);
});

for (const { lab, name } of cases) {
  test(`${lab}/cases/${name}`, async () => {
    const script = expand(lab, name);
    const page = await openApp(browser.context, lab === "kueue-gpu-quota" ? "" : `?lab=${lab}`);
    page.once("dialog", (d) => d.accept());
    await page.getByTestId("reset").click();
    const input = page.getByTestId("terminal-input");
    for (const line of script.split("\n")) {
      if (line.startsWith("#")) continue;
      await input.fill(line);
      await input.press("Enter");
    }
    // Let the app judge after the last command.
    await page.waitForTimeout(200);
    for (const e of expectations(script)) {
      if (e.all) {
        const statuses = await page.locator('[data-testid="step"]').evaluateAll((els) => els.map((x) => x.dataset.status));
        assert.ok(statuses.every((s) => s === "pass"), statuses.join(","));
        continue;
      }
      const step = page.locator(`[data-testid="step"][data-step-id="${e.step}"]`);
      await page.locator(`[data-testid="step"][data-step-id="${e.step}"][data-status="${e.verdict}"]`).waitFor({ timeout: 10000 });
      if (e.verdict === "fail" && e.text) {
        const current = (await page.getByTestId("lang-toggle").innerText()) === "English" ? "ko" : "en";
        if (current !== e.lang) await page.getByTestId("lang-toggle").click();
        // textContent: a step's details may be folded, its explanations are still on the page.
        const shown = await step.getByTestId("check-explanation").evaluateAll((els) => els.map((x) => x.textContent));
        assert.ok(
          shown.some((t) => t.replace(/\s+/g, " ").includes(e.text.replaceAll("`", ""))),
          `${e.step}: ${JSON.stringify(shown)} lacks ${JSON.stringify(e.text)}`,
        );
      }
    }
    if ((await page.getByTestId("lang-toggle").innerText()) !== "English") await page.getByTestId("lang-toggle").click();
  });
}

test("no uncaught page errors", () => {
  assert.deepEqual(browser.errors, []);
});
