// Benchmark (not a test): time from navigation start to a usable prompt in headless Chromium,
// read from the app's own performance mark "kueue-lab:prompt-ready". Cold = a fresh profile
// (nothing cached); warm = the second visit, served by the service worker.
// Run with: cargo xtask bench-startup
import { launch, BASE_URL } from "./helpers.mjs";

const RUNS = Number(process.env.RUNS || 10);

async function readyAt(page) {
  await page.getByTestId("terminal-input").waitFor();
  return page.evaluate(async () => {
    for (let i = 0; i < 100; i++) {
      const m = performance.getEntriesByName("kueue-lab:prompt-ready")[0];
      if (m) return m.startTime;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("no prompt-ready mark");
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

// Where a cold start's time goes: the app's own marks and when the wasm and the editor bundle
// finished downloading, each as ms since navigation.
async function phases(page) {
  return page.evaluate(() => {
    const at = {};
    for (const r of performance.getEntriesByType("resource")) {
      if (r.name.endsWith(".wasm")) at["wasm downloaded"] = r.responseEnd;
      if (/editor-[0-9a-f]+\.js$/.test(r.name)) at["editor bundle downloaded"] = r.responseEnd;
    }
    const nav = performance.getEntriesByType("navigation")[0];
    if (nav) at["DOMContentLoaded"] = nav.domContentLoadedEventEnd;
    for (const m of performance.getEntriesByType("mark")) {
      if (m.name.startsWith("kueue-lab:")) at[m.name.slice("kueue-lab:".length)] = m.startTime;
    }
    return at;
  });
}

const cold = [];
const warm = [];
const coldPhases = [];
for (let i = 0; i < RUNS; i++) {
  const b = await launch();
  try {
    const page = b.context.pages()[0] || (await b.context.newPage());
    await page.goto(BASE_URL);
    cold.push(await readyAt(page));
    coldPhases.push(await phases(page));
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await readyAt(page);
    await page.reload();
    warm.push(await readyAt(page));
  } finally {
    await b.close();
  }
}
const fmt = (xs) => `median ${median(xs).toFixed(0)} ms, min ${Math.min(...xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
console.log(`navigation → usable prompt over ${RUNS} runs`);
console.log(`  cold (fresh profile):          ${fmt(cold)}`);
console.log(`  warm (service worker cache):   ${fmt(warm)}`);
console.log("  cold start, phase medians (ms since navigation):");
const names = [...new Set(coldPhases.flatMap((p) => Object.keys(p)))];
const rows = names.map((n) => [n, median(coldPhases.map((p) => p[n]).filter((x) => x !== undefined))]).sort((a, b) => a[1] - b[1]);
for (const [n, t] of rows) console.log(`    ${n.padEnd(26)} ${t.toFixed(0)}`);

// The engine in the browser's build: the native bench's "lab scale" line, measured in wasm
// (app's bench_lab_apply export, on the page's own module instance).
{
  const b = await launch();
  try {
    const page = b.context.pages()[0] || (await b.context.newPage());
    await page.goto(BASE_URL);
    await readyAt(page);
    const ms = await page.evaluate(async () => {
      const app = await import(document.querySelector('link[rel="modulepreload"]').href);
      app.bench_lab_apply(3);
      return app.bench_lab_apply(20);
    });
    console.log(`lab scale (wasm, headless Chromium): apply + settle of one Job: ${ms.toFixed(2)} ms (mean of 20)`);
  } finally {
    await b.close();
  }
}
