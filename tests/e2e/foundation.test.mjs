// The Foundation's promises, seen from a real browser: terminal and editor share one filesystem,
// a reload loses nothing, the app works offline after the first visit, and the embed mode talks
// to its host page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openApp, typeLine, terminalText, editorText, waitForOutput, BASE_URL } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("a heredoc typed into the terminal creates a file that the editor shows", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "cd gsb-kueue");
  await typeLine(page, "cat <<EOF > flavor.yaml");
  await typeLine(page, "apiVersion: kueue.x-k8s.io/v1beta2");
  await typeLine(page, "kind: ResourceFlavor");
  await typeLine(page, "EOF");
  const out = await terminalText(page);
  assert.match(out, /root@kueue-lab:~\/gsb-kueue# cat <<EOF > flavor.yaml\n> apiVersion: kueue.x-k8s.io\/v1beta2\n> kind: ResourceFlavor\n> EOF/);
  const item = page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/flavor.yaml"]');
  await item.click();
  await page.locator('[data-testid="editor"] .cm-content').waitFor();
  assert.equal(await editorText(page), "apiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\n");
});

test("an edit in the editor is what cat prints", async () => {
  const page = await openApp(browser.context);
  await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/flavor.yaml"]').click();
  const content = page.locator('[data-testid="editor"] .cm-content');
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText("metadata:\n  name: fake-gpu\n");
  await page.keyboard.press("Control+s");
  await page.getByTestId("editor-status").filter({ hasText: "flavor.yaml" }).waitFor();
  await typeLine(page, "cat flavor.yaml");
  const out = await terminalText(page);
  assert.ok(
    out.endsWith("cat flavor.yaml\napiVersion: kueue.x-k8s.io/v1beta2\nkind: ResourceFlavor\nmetadata:\n  name: fake-gpu"),
    out,
  );
});

test("the editor marks a YAML syntax error on its line", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "printf 'a: 1\\n b: 2\\n' > bad.yaml");
  await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/bad.yaml"]').click();
  await page.locator('[data-testid="editor"] .cm-lint-marker-error').first().waitFor();
  await typeLine(page, "rm bad.yaml");
  await page.locator('[data-testid="file-list"] li[data-path="/root/gsb-kueue/bad.yaml"]').waitFor({ state: "detached" });
});

test("reload keeps files, history and the working directory", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "echo persisted > note.txt");
  await page.reload();
  await page.getByTestId("terminal-input").waitFor();
  await typeLine(page, "cat note.txt; pwd");
  const out = await terminalText(page);
  assert.ok(out.endsWith("cat note.txt; pwd\npersisted\n/root/gsb-kueue"), out);
  // History survives too: ↑ brings back the previous command.
  const input = page.getByTestId("terminal-input");
  await input.press("ArrowUp");
  await input.press("ArrowUp");
  assert.equal(await input.inputValue(), "echo persisted > note.txt");
  await input.press("Control+c");
  assert.equal(await input.inputValue(), "");
});

test("Tab completes commands and paths", async () => {
  const page = await openApp(browser.context);
  const input = page.getByTestId("terminal-input");
  await input.click();
  await input.pressSequentially("ca");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "cat ");
  await input.pressSequentially("fla");
  await input.press("Tab");
  assert.equal(await input.inputValue(), "cat flavor.yaml ");
  await input.press("Control+c");
});

test("pasting several lines runs them as typed", async () => {
  const page = await openApp(browser.context);
  const input = page.getByTestId("terminal-input");
  await input.click();
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="terminal-input"]');
    const data = new DataTransfer();
    data.setData("text", "cat <<'EOF' > pasted.txt\n$HOME stays\nEOF\ncat pasted.txt\n");
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await waitForOutput(page, "# cat pasted.txt\n$HOME stays");
});

test("Enter that ends a Korean IME composition does not run the line", async () => {
  const page = await openApp(browser.context);
  const input = page.getByTestId("terminal-input");
  await input.click();
  await input.fill("echo 한글");
  // The Enter that commits a composition arrives with isComposing (keyCode 229 on some systems).
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="terminal-input"]');
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", isComposing: true, bubbles: true, cancelable: true }));
  });
  assert.equal(await input.inputValue(), "echo 한글");
  assert.ok(!(await terminalText(page)).includes("# echo 한글"));
  await input.press("Enter");
  await waitForOutput(page, "# echo 한글\n한글");
});

test("files can be created, renamed and deleted from the editor", async () => {
  const page = await openApp(browser.context);
  page.once("dialog", (d) => d.accept("lq.yaml"));
  await page.getByTestId("file-new").click();
  const tab = page.locator('[data-testid="editor-tab"][data-path="/root/gsb-kueue/lq.yaml"]');
  await tab.waitFor();
  await page.locator('[data-testid="editor"] .cm-content').click();
  await page.keyboard.insertText("kind: LocalQueue\n");
  page.once("dialog", (d) => d.accept("gsb-kueue/localqueue.yaml"));
  await page.getByTestId("file-rename").click();
  await page.locator('[data-testid="editor-tab"][data-path="/root/gsb-kueue/localqueue.yaml"]').waitFor();
  await typeLine(page, "cat localqueue.yaml; ls lq.yaml");
  await waitForOutput(page, "kind: LocalQueue\nls: cannot access 'lq.yaml': No such file or directory");
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("file-delete").click();
  await page.locator('[data-testid="editor-tab"][data-path="/root/gsb-kueue/localqueue.yaml"]').waitFor({ state: "detached" });
  await typeLine(page, "ls localqueue.yaml");
  await waitForOutput(page, "ls: cannot access 'localqueue.yaml': No such file or directory");
});

test("kubectl talks to the simulated cluster", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "kubectl get nodes");
  await waitForOutput(page, "# kubectl get nodes\nNAME         STATUS   ROLES                  AGE");
  await waitForOutput(page, "lab-node-1   Ready    control-plane,master");
  await typeLine(page, "cat <<EOF > rf.yaml");
  for (const l of ["apiVersion: kueue.x-k8s.io/v1beta1", "kind: ResourceFlavor", "metadata:", "  name: fake-gpu"]) await typeLine(page, l);
  await typeLine(page, "EOF");
  await typeLine(page, "kubectl apply -f rf.yaml");
  await waitForOutput(page, 'error: resource mapping not found for name: "fake-gpu" namespace: "" from "rf.yaml": no matches for kind "ResourceFlavor" in version "kueue.x-k8s.io/v1beta1"\nensure CRDs are installed first');
  await typeLine(page, "sed -i 's/v1beta1/v1beta2/' rf.yaml && kubectl apply -f rf.yaml");
  await waitForOutput(page, "resourceflavor.kueue.x-k8s.io/fake-gpu created");
  // The cluster survives a reload.
  await page.reload();
  await page.getByTestId("terminal-input").waitFor();
  await typeLine(page, "kubectl get rf");
  await waitForOutput(page, "# kubectl get rf\nNAME       AGE\nfake-gpu   ");
  await typeLine(page, "kubectl delete -f rf.yaml");
  await waitForOutput(page, 'resourceflavor.kueue.x-k8s.io "fake-gpu" deleted');
});

test("kubectl get -w streams changes as time passes, until Ctrl-C", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "kubectl create namespace watch-demo && kubectl create job tick -n watch-demo --image=busybox:1.36 -- sleep 3");
  await waitForOutput(page, "job.batch/tick created");
  await typeLine(page, "kubectl get jobs -n watch-demo -w");
  await waitForOutput(page, "# kubectl get jobs -n watch-demo -w\nNAME   STATUS    COMPLETIONS   DURATION   AGE\ntick   Running   0/1");
  // Virtual time follows the wall clock, so the Job completes a few seconds later and the
  // watch prints its new row without a header.
  await waitForOutput(page, "\ntick   Complete   1/1", 20000);
  assert.equal((await page.locator(".prompt").innerText()).trim(), "");
  // Enter does not start another command while the watch runs.
  await typeLine(page, "echo too-early");
  assert.doesNotMatch(await terminalText(page), /too-early/);
  await page.getByTestId("terminal-input").fill("");
  await page.getByTestId("terminal-input").press("Control+c");
  await waitForOutput(page, "\n^C");
  await typeLine(page, "echo back");
  await waitForOutput(page, "^C\n");
  await waitForOutput(page, "# echo back\nback");
  // A line typed while a command runs waits, as in a tty's buffer, and runs once it ends.
  await typeLine(page, "kubectl get jobs -n watch-demo -w --request-timeout=3s");
  await typeLine(page, "echo typed-ahead");
  assert.doesNotMatch(await terminalText(page), /typed-ahead/);
  await waitForOutput(page, "# echo typed-ahead\ntyped-ahead", 20000);
});

test("kubectl edit opens the object in the editor and applies it when its tab closes", async () => {
  const page = await openApp(browser.context);
  await typeLine(page, "kubectl create namespace edit-demo");
  await waitForOutput(page, "namespace/edit-demo created");
  await typeLine(page, "kubectl edit ns edit-demo");
  const tab = page.locator('[data-testid="editor-tab"][data-path^="/tmp/kubectl-edit-"]');
  await tab.waitFor();
  await waitForOutput(page, "(×)");
  const text = await editorText(page);
  assert.match(text, /^# Please edit the object below\. Lines beginning with a '#' will be ignored,\n/);
  const edited = text.replace("    kubernetes.io/metadata.name: edit-demo\n", "    kubernetes.io/metadata.name: edit-demo\n    team: a\n");
  assert.notEqual(edited, text);
  await page.locator('[data-testid="editor"] .cm-content').click();
  await page.keyboard.press("Control+a");
  await page.keyboard.insertText(edited);
  await tab.locator("button.close").click();
  await waitForOutput(page, "namespace/edit-demo edited");
  await typeLine(page, "kubectl get ns edit-demo --show-labels");
  await waitForOutput(page, "kubernetes.io/metadata.name=edit-demo,team=a");
});

test("with the network off, a second visit still works", async () => {
  const page = await openApp(browser.context);
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state;
  });
  // The page that registered the worker is controlled from its next load on.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await browser.context.setOffline(true);
  try {
    await page.reload();
    await page.getByTestId("terminal-input").waitFor();
    await typeLine(page, "echo offline-ok");
    assert.match(await terminalText(page), /# echo offline-ok\noffline-ok$/);
  } finally {
    await browser.context.setOffline(false);
  }
});

test("?embed=1 is chrome-less and posts the ready message to its host", async () => {
  const page = browser.context.pages()[0];
  // www/embed.html is the embedding example shipped with the site: it logs what the app posts.
  await page.goto(BASE_URL + "embed.html");
  await page.waitForFunction(() => window.received.some((m) => m && m.type === "kueue-lab:ready"), null, { timeout: 20000 });
  const frame = page.frameLocator("iframe");
  await frame.getByTestId("terminal-input").waitFor();
  assert.equal(await frame.locator(".app.embed").count(), 1);
});

test("the language toggle switches every product string and is remembered", async () => {
  const page = await openApp(browser.context);
  const toggle = page.getByTestId("lang-toggle");
  const before = await page.getByTestId("progress").innerText();
  await toggle.click();
  const afterText = await page.getByTestId("progress").innerText();
  assert.notEqual(before, afterText);
  await page.reload();
  await page.getByTestId("terminal-input").waitFor();
  assert.equal(await page.getByTestId("progress").innerText(), afterText);
  await page.getByTestId("lang-toggle").click();
});

test("Reset restores the initial state after a confirmation", async () => {
  const page = await openApp(browser.context);
  page.once("dialog", (d) => d.accept());
  await page.getByTestId("reset").click();
  await typeLine(page, "ls -a gsb-kueue; history | wc -l");
  const out = await terminalText(page);
  assert.ok(out.endsWith("ls -a gsb-kueue; history | wc -l\n.  ..\n1"), out);
});

test("a Rust panic shows the error banner with a reload button, not a dead page", async () => {
  const page = browser.context.pages()[0];
  await page.goto(BASE_URL + "?debug-panic=1");
  const banner = page.getByTestId("panic-banner");
  await banner.waitFor();
  assert.match(await banner.innerText(), /deliberate panic/);
  assert.equal(await banner.getByRole("button").count(), 1);
  browser.errors.length = 0;
});

test("no uncaught page errors", () => {
  assert.deepEqual(browser.errors, []);
});
