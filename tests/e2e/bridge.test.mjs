// "Verify on a real cluster": the page, given ?bridge=URL, sends the learner's work to
// `kueue-lab serve`, which replays it on the cluster behind it — here `kueue-lab api`, standing
// in for the course's k3s — and shows each step's verdict beside the simulator's.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { launch, openApp, BASE_URL } from "./helpers.mjs";

const BIN = process.env.KUEUE_LAB_BIN || new URL("../../target/debug/kueue-lab", import.meta.url).pathname;
const TOKEN = "e2e-token-0123456789abcdef";
const solution = readFileSync(new URL("../../labs/kueue-gpu-quota/solution.sh", import.meta.url), "utf8");

let browser;
let work;
const procs = [];

// Starts a kueue-lab subcommand and resolves with the address it listens on.
function start(args) {
  const p = spawn(BIN, args, { stdio: ["ignore", "pipe", "inherit"] });
  procs.push(p);
  return new Promise((resolve, reject) => {
    p.on("error", reject);
    createInterface({ input: p.stdout }).once("line", (line) => resolve(line.replace("listening on ", "")));
  });
}

before(async () => {
  browser = await launch();
  work = mkdtempSync(join(tmpdir(), "kueue-lab-bridge-"));
  writeFileSync(join(work, "token"), TOKEN + "\n");
});
after(async () => {
  for (const p of procs) p.kill();
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

test("the button replays the learner's work on the cluster and shows every step verified", async () => {
  const kc = join(work, "kubeconfig");
  await start(["api", "--listen", "127.0.0.1:0", "--speed", "20", "--kubeconfig-out", kc]);
  const origin = new URL(BASE_URL).origin;
  const bridge = await start([
    "serve", "--listen", "127.0.0.1:0", "--allow-origin", origin, "--token-file", join(work, "token"),
    "--kubeconfig", kc, "--settle-seconds", "2", "--pace", "0.05",
  ]);
  const page = await openApp(browser.context, "?bridge=" + encodeURIComponent(bridge));
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  const input = page.getByTestId("terminal-input");
  for (const line of solution.split("\n")) {
    if (line.startsWith("#")) continue;
    await input.fill(line);
    await input.press("Enter");
  }
  await page.locator('[data-testid="step"][data-step-id="drain"][data-status="pass"]').waitFor();
  // First a wrong token: refused, and asked again next time.
  page.once("dialog", (d) => d.accept("wrong-token-wrong-token"));
  await page.getByTestId("verify-real").click();
  await page.locator('[data-testid="bridge-panel"][data-status="fail"]').waitFor();
  assert.match(await page.getByTestId("bridge-error").innerText(), /token|토큰/);
  page.once("dialog", (d) => d.accept(TOKEN));
  await page.getByTestId("verify-real").click();
  await page.locator('[data-testid="bridge-panel"][data-status="pass"]').waitFor({ timeout: 30000 });
  const real = await page.getByTestId("real-status").evaluateAll((els) => els.map((e) => e.dataset.status));
  assert.deepEqual(real, Array(8).fill("pass"));
  assert.match(await page.getByTestId("bridge-panel").innerText(), /job\.batch\/train-1 deleted/);
});

test("an unreachable bridge is said plainly", async () => {
  const page = await openApp(browser.context, "?bridge=" + encodeURIComponent("http://127.0.0.1:9"));
  page.once("dialog", (d) => d.accept(TOKEN));
  await page.getByTestId("verify-real").click();
  await page.locator('[data-testid="bridge-panel"][data-status="fail"]').waitFor();
  assert.match(await page.getByTestId("bridge-error").innerText(), /cannot be reached|연결할 수 없습니다/);
});

test("no uncaught page errors", () => {
  assert.deepEqual(browser.errors, []);
});
