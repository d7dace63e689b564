// The browser side of "Verify on a real cluster": POSTs the learner's work to `kueue-lab serve`
// and hands each line of its streamed answer to the app. A refusal (bad token, wrong origin…)
// arrives as one {type: "refused", status, error} event; a bridge that cannot be reached
// rejects the promise.
window.KueueBridge = {
  async verify(url, token, body, onEvent) {
    const res = await fetch(url.replace(/\/$/, "") + "/verify", {
      method: "POST",
      headers: { Authorization: "Bearer " + token, "Content-Type": "application/json" },
      body,
    });
    if (!res.ok) {
      let error = { ko: "HTTP " + res.status, en: "HTTP " + res.status };
      try {
        error = (await res.json()).error || error;
      } catch (_) {}
      onEvent(JSON.stringify({ type: "refused", status: res.status, error }));
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line) onEvent(line);
      }
    }
    if (buf.trim()) onEvent(buf.trim());
  },
};
