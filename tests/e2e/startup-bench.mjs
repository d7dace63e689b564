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

const cold = [];
const warm = [];
for (let i = 0; i < RUNS; i++) {
  const b = await launch();
  try {
    const page = b.context.pages()[0] || (await b.context.newPage());
    await page.goto(BASE_URL);
    cold.push(await readyAt(page));
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
