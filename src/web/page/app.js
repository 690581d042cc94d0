// The playground: levels, solving with live progress, the construction drawn step by step,
// dragging given points (replayed in floats by geom.js, checked exactly by the server on
// release), verification, the numbers game and the shattered window.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const W = 600, H = 450;

// POST JSON; the parsed answer, or an Error carrying the server's message (and line, column).
async function post(path, body, signal) {
  const r = await fetch(path, { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(body), signal });
  return answer(r);
}
async function answer(r) {
  const j = await r.json().catch(() => ({ error: "the server sent no JSON (" + r.status + ")" }));
  if (!r.ok) throw Object.assign(new Error(j.error || ("HTTP " + r.status)), j, { status: r.status });
  return j;
}
function download(name, text, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
const fmt = (n) => n.toLocaleString("en-US");

// ---------------------------------------------------------------- the drawing
// A figure in an <svg>: givens, goals, the first `shown` steps (the last highlighted);
// free points of the problem are handles that can be dragged.
class Viewer {
  constructor(svg, onRelease) {
    this.svg = svg;
    this.onRelease = onRelease;
    this.fig = null;
    svg.addEventListener("pointermove", (ev) => this.drag(ev));
    svg.addEventListener("pointerup", (ev) => this.release(ev));
    svg.addEventListener("pointercancel", (ev) => this.release(ev));
  }

  // Shows a figure (the server's values); `steps` of its entries follow the problem's.
  show(fig, shown) {
    this.fig = fig;
    this.moved = {};
    this.values = fig.entries.map((e) => serverValue(e));
    this.error = fig.error;
    this.nSteps = fig.entries.length - fig.problem_len;
    this.shown = shown === undefined ? this.nSteps : shown;
    this.fitView();
    this.redraw();
  }

  // Replays the figure in floats with the moved free points.
  replay() {
    const r = Geom.replay(this.fig.entries, this.moved);
    this.values = r.values;
    this.error = r.error;
  }

  // Fits the view to every point of the figure (steps included, shown or not), the ends of
  // segments and rays, the centres of circles (a large circle does not shrink the rest), and
  // of each whole line its point nearest the middle of the rest, so no line is out of view.
  fitView() {
    const xs = [], ys = [];
    const add = (p) => { if (p && Number.isFinite(p.x) && Number.isFinite(p.y)) { xs.push(p.x); ys.push(p.y); } };
    const lines = [];
    this.values.forEach((v, i) => {
      if (!v || !(this.isStep(i) || this.visible(i))) return;
      if (Geom.isPoint(v)) add(v);
      else if (Geom.isLine(v) && this.fig.entries[i].kind !== "Line") { add(v.p); add(v.q); }
      else if (Geom.isLine(v)) lines.push(v);
      else if (Geom.isCircle(v)) add(v.c);
    });
    if (!xs.length) { xs.push(-1, 1); ys.push(-1, 1); }
    const mid = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
    for (const l of lines) {
      const d = { x: l.q.x - l.p.x, y: l.q.y - l.p.y }, dd = d.x * d.x + d.y * d.y;
      if (!(dd > 0)) continue;
      const t = ((mid.x - l.p.x) * d.x + (mid.y - l.p.y) * d.y) / dd;
      add({ x: l.p.x + t * d.x, y: l.p.y + t * d.y });
    }
    let x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    let w = Math.max(x1 - x0, 1e-9), h = Math.max(y1 - y0, 1e-9);
    const size = Math.max(w, h * W / H) * 1.25;
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    this.k = W / size;
    this.cx = cx; this.cy = cy;
  }
  sx(x) { return W / 2 + (x - this.cx) * this.k; }
  sy(y) { return H / 2 - (y - this.cy) * this.k; }
  toFigure(ev) {
    const m = this.svg.getScreenCTM().inverse();
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m);
    return { x: this.cx + (p.x - W / 2) / this.k, y: this.cy - (p.y - H / 2) / this.k };
  }

  isGiven(i) { return this.fig.givens.includes(i); }
  isGoal(i) { return this.fig.goals.some((g) => g.some((alt) => alt.includes(i))); }
  isStep(i) { return i >= this.fig.problem_len; }
  isFree(i) { const op = this.fig.entries[i].op; return !this.isStep(i) && (op === "FreePoint" || op === "PointOn"); }
  visible(i) {
    if (this.isStep(i)) return i - this.fig.problem_len < this.shown;
    return this.isGiven(i) || this.isGoal(i) || this.isFree(i);
  }

  // Draws one value; `style` gives stroke, width, dash, point radius.
  drawValue(g, v, kind, st) {
    if (!v) return;
    if (Geom.isPoint(v)) {
      el("circle", { cx: this.sx(v.x), cy: this.sy(v.y), r: st.r || 3.5, fill: st.fill || st.stroke,
        stroke: st.stroke, "stroke-width": st.hollow ? 2 : 0 }, g);
    } else if (Geom.isLine(v)) {
      let a = v.p, b = v.q;
      const d = { x: b.x - a.x, y: b.y - a.y }, len = Math.hypot(d.x, d.y);
      const far = 4 * W / this.k / len;
      if (kind !== "Segment") b = { x: a.x + d.x * far, y: a.y + d.y * far };
      if (kind === "Line") a = { x: v.p.x - d.x * far, y: v.p.y - d.y * far };
      el("line", { x1: this.sx(a.x), y1: this.sy(a.y), x2: this.sx(b.x), y2: this.sy(b.y),
        stroke: st.stroke, "stroke-width": st.w || 1.5, "stroke-dasharray": st.dash || "" }, g);
    } else if (Geom.isCircle(v)) {
      el("circle", { cx: this.sx(v.c.x), cy: this.sy(v.c.y), r: Math.sqrt(v.r2) * this.k, fill: "none",
        stroke: st.stroke, "stroke-width": st.w || 1.5, "stroke-dasharray": st.dash || "" }, g);
    }
  }
  label(g, v, text, color) {
    if (!v || !Geom.isPoint(v) || text.startsWith("_") || text.length > 12) return;
    const t = el("text", { x: this.sx(v.x) + 6, y: this.sy(v.y) - 6, fill: color, "font-size": 13 }, g);
    t.textContent = text;
  }

  redraw() {
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (!this.fig) return;
    const ents = this.fig.entries, n0 = this.fig.problem_len;
    const curves = el("g", {}, svg), points = el("g", {}, svg), labels = el("g", {}, svg);
    const current = n0 + this.shown - 1;
    ents.forEach((e, i) => {
      if (!this.visible(i)) return;
      const v = this.values[i];
      const layer = v && Geom.isPoint(v) ? points : curves;
      let st;
      if (this.isStep(i)) st = i === current ? { stroke: "#f08c00", w: 3, r: 5 } : { stroke: "#1f6fb5", w: 1.5 };
      else if (this.isGiven(i)) st = { stroke: "#1d2330", w: 2 };
      else if (this.isGoal(i)) st = { stroke: "#d62828", w: 2, dash: "7 5", r: 8, hollow: true, fill: "none" };
      else st = { stroke: "#9aa1ad", w: 1, r: 3 };
      this.drawValue(layer, v, e.kind, st);
      if (this.isGiven(i) || (this.isStep(i) && v && Geom.isPoint(v))) this.label(labels, v, e.name, st.stroke);
    });
    // Handles for the free points, on top.
    ents.forEach((e, i) => {
      const v = this.values[i];
      if (!this.isFree(i) || !v || !Geom.isPoint(v)) return;
      const h = el("circle", { cx: this.sx(v.x), cy: this.sy(v.y), r: 9, fill: "rgba(31,111,181,0.15)",
        stroke: "#1f6fb5", "stroke-width": 1.5, class: "handle", "data-name": e.name }, svg);
      h.addEventListener("pointerdown", (ev) => {
        this.dragging = i;
        this.svg.setPointerCapture(ev.pointerId);
        ev.preventDefault();
      });
    });
  }

  drag(ev) {
    if (this.dragging === undefined) return;
    const i = this.dragging, e = this.fig.entries[i], at = this.toFigure(ev);
    if (e.op === "FreePoint") this.moved[i] = [at.x, at.y];
    else this.moved[i] = [Geom.nearestParam(this.values[e.args[0]], at)];
    this.replay();
    this.redraw();
    if (this.onChange) this.onChange();
  }

  release() {
    if (this.dragging === undefined) return;
    this.dragging = undefined;
    if (this.onRelease) this.onRelease(this.movedByName());
  }

  // The moved free points by name, as exact decimals: {A: ["1.5", "-2"], P: "0.25"}.
  movedByName() {
    const out = {};
    for (const i in this.moved) {
      const e = this.fig.entries[i], nums = this.moved[i].map((x) => String(x));
      out[e.name] = e.op === "FreePoint" ? nums : nums[0];
    }
    return out;
  }

  // Whether every goal is on the board in the floats: an equal object, or a goal point on two
  // drawn curves.
  goalsMet() {
    const board = this.fig.givens.concat(this.fig.entries.map((_, i) => i).filter((i) => this.isStep(i)));
    const vals = board.map((i) => this.values[i]).filter((v) => v);
    const curves = vals.filter((v) => !Geom.isPoint(v) && v.v === undefined);
    const found = (g) => {
      const v = this.values[g];
      if (!v) return false;
      if (vals.some((b) => Geom.sameObject(b, v))) return true;
      return Geom.isPoint(v) && curves.filter((c) => Geom.onCurve(v, c)).length >= 2;
    };
    return this.fig.goals.every((alts) => alts.some((alt) => alt.every(found)));
  }
}

function serverValue(e) {
  const v = e.value;
  if (!v) return null;
  if (v.p) return { p: v.p, q: v.q, kind: e.kind };
  return v;
}

// ---------------------------------------------------------------- solve tab
const app = {
  input: null, problem: null, result: null, construction: null, solving: null, playing: null,
  // The catalogue's levels, or the error that kept them from loading (a problem may be
  // opened, and the list drawn, before they arrive).
  levels: [], levelsError: null,
  viewer: new Viewer($("drawing"), (moved) => exactCheck(moved)),
};
window.app = app;
app.viewer.onChange = () => showLive();

function showLive() {
  const v = app.viewer;
  if (!app.construction) { $("live").textContent = ""; return; }
  const met = v.error === null && v.goalsMet();
  $("live").innerHTML = met
    ? '<span class="ok">live (floats): the construction follows — goal met</span>'
    : '<span class="bad">live (floats): ' + (v.error ? "broken at " + v.error : "the goal is missed") + "</span>";
  $("live").dataset.met = met;
}

async function loadLevels() {
  try {
    app.levels = (await answer(await fetch("/api/levels"))).levels;
  } catch (e) {
    app.levelsError = "the levels did not load: " + e.message;
  }
  renderLevels();
}
function renderLevels() {
  const q = $("level-search").value.trim().toLowerCase();
  const ul = $("level-list");
  ul.innerHTML = "";
  if (app.levelsError) { ul.textContent = app.levelsError; return; }
  for (const l of app.levels) {
    if (q && !(l.id.toLowerCase().includes(q) || (l.title || "").toLowerCase().includes(q))) continue;
    const li = document.createElement("li");
    li.dataset.id = l.id;
    if (app.input && app.input.level === l.id) li.className = "current";
    li.innerHTML = "<span></span><span class=best></span>";
    li.firstChild.textContent = l.id.replace("euclidea/", "") + "  " + (l.title || "");
    li.lastChild.textContent = (l.best_l ?? "–") + "L / " + (l.best_e ?? "–") + "E";
    li.onclick = () => openProblem({ level: l.id });
    ul.appendChild(li);
  }
}

// Loads a problem (a level or a text) and draws its figure.
async function openProblem(input, opts) {
  stopSolve();
  $("problem-error").textContent = "";
  let p;
  try {
    p = input.level
      ? await answer(await fetch("/api/levels/" + input.level))
      : await post("/api/figure", input);
  } catch (e) {
    $("problem-error").textContent = e.message;
    if (e.line && !input.level) caretAt($("problem-text"), e.line, e.column);
    return;
  }
  app.input = input;
  app.problem = p;
  app.result = null;
  app.construction = null;
  $("problem-title").textContent = (input.level ? input.level + " — " : "") + (p.title || "untitled") +
    "  (best " + (p.best_l ?? "–") + "L / " + (p.best_e ?? "–") + "E)";
  $("cost").value = (opts && opts.cost) || p.cost;
  $("solve").disabled = false;
  for (const b of ["export-svg", "export-ggb", "export-json"]) $(b).disabled = true;
  $("export-link").disabled = false;
  for (const id of ["steps", "counts", "verdict", "live", "exact", "progress", "step-at"]) $(id).textContent = "";
  delete $("exact").dataset.kind;
  delete $("live").dataset.met;
  app.viewer.show(p.figure, 0);
  renderLevels();
  setHash();
}

function caretAt(ta, line, col) {
  const lines = ta.value.split("\n");
  let pos = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
  pos += Math.max(0, col - 1);
  ta.focus();
  ta.setSelectionRange(pos, pos + 1);
}

function hashOf() {
  const q = new URLSearchParams();
  if (app.input.level) q.set("level", app.input.level); else q.set("problem", app.input.problem);
  q.set("cost", $("cost").value);
  return q.toString();
}
function setHash() {
  const h = hashOf();
  history.replaceState(null, "", "#" + h);
  $("link").value = location.origin + location.pathname + "#" + h;
}
function openHash() {
  const q = new URLSearchParams(location.hash.slice(1));
  const tab = q.get("tab");
  if (tab) showTab(tab);
  const opts = { cost: q.get("cost") };
  if (q.get("level")) openProblem({ level: q.get("level") }, opts);
  else if (q.get("problem")) { $("problem-text").value = q.get("problem"); $("paste").open = true; openProblem({ problem: q.get("problem") }, opts); }
}

function stopSolve() {
  if (app.solving) app.solving.abort();
  app.solving = null;
  $("cancel").disabled = true;
}

async function solve() {
  stopSolve();
  const ctl = new AbortController();
  app.solving = ctl;
  $("solve").disabled = true;
  $("cancel").disabled = false;
  $("progress").textContent = "starting…";
  const body = Object.assign({}, app.input, { cost: $("cost").value, time_limit: Number($("time-limit").value) || 30 });
  try {
    const r = await fetch("/api/solve", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(body), signal: ctl.signal });
    if (!r.ok) await answer(r);
    const reader = r.body.getReader(), dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = JSON.parse(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        onSolveLine(line);
      }
    }
  } catch (e) {
    $("progress").innerHTML = e.name === "AbortError"
      ? '<span class="bad">cancelled</span>' : '<span class="bad"></span>';
    if (e.name !== "AbortError") $("progress").firstChild.textContent = e.message;
  } finally {
    if (app.solving === ctl) app.solving = null;
    $("solve").disabled = false;
    $("cancel").disabled = true;
  }
}

function onSolveLine(line) {
  const unit = $("cost").value.toUpperCase();
  if (line.event === "progress") {
    $("progress").textContent = "searching cost ≤ " + line.cost + unit + " · " + fmt(line.nodes) +
      " nodes · " + line.elapsed.toFixed(1) + " s";
  } else if (line.event === "error") {
    $("progress").innerHTML = '<span class="bad"></span>';
    $("progress").firstChild.textContent = line.error;
  } else if (line.event === "result") {
    showResult(line);
  }
}

function showResult(line) {
  app.result = line;
  const out = line.outcome, sol = out.solutions[0];
  $("progress").textContent = out.searched.text.split(";")[0];
  $("progress").title = out.searched.text;
  if (!sol) {
    $("verdict").innerHTML = '<span class="bad">no construction found</span>';
    $("verdict").title = out.searched.text;
    return;
  }
  app.construction = line.construction;
  for (const b of ["export-svg", "export-ggb", "export-json"]) $(b).disabled = false;
  if (!line.svg) $("export-svg").disabled = true;
  const ol = $("steps");
  ol.innerHTML = "";
  sol.steps.forEach((s, k) => {
    const li = document.createElement("li");
    li.textContent = s.text.replace(/^\d+\.\s*/, "");
    li.onclick = () => setStep(k + 1);
    ol.appendChild(li);
  });
  $("counts").innerHTML = "<b>" + sol.cost.e + "E</b> · <b>" + sol.cost.l + "L</b>" +
    (out.searched.proof ? " — minimal: every cheaper construction searched" : "");
  $("verdict").innerHTML = verdictHtml(sol.verdict, sol.family);
  app.viewer.show(line.figure, 0);
  setStep(sol.steps.length);
  showLive();
}

function verdictHtml(v, family) {
  const fam = family ? " · holds on " + family.holds + " of " + family.n + " random figures" : "";
  switch (v.kind) {
    case "general":
      return '<span class="ok">general</span> (exact on the figure and ' + v.instances +
        " random ones; error bound 2^" + Math.round(v.log2_bound) + ")" + fam;
    case "coincidental": {
      const f = v.counterexample.failure;
      return '<span class="bad">coincidental</span> — on instance ' + v.counterexample.instance + " " +
        (f.kind === "goal" ? "the goal " + esc(f.name) + " is missed (" + esc(f.measure) + " ≈ " +
          Number(f.residual_approx).toPrecision(3) + ")" : "step " + esc(f.step) + " fails: " + esc(f.reason)) + fam;
    }
    case "misses": return '<span class="bad">misses</span> goal ' + esc(v.name);
    case "invalid": return '<span class="bad">invalid</span> at step ' + esc(v.step) + ": " + esc(v.reason);
    default: return '<span class="bad">' + esc(v.kind) + "</span> " + esc(v.reason || "");
  }
}
function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

function setStep(k) {
  const v = app.viewer;
  if (!v.fig) return;
  k = Math.max(0, Math.min(v.nSteps, k));
  v.shown = k;
  v.redraw();
  [...$("steps").children].forEach((li, i) => {
    li.className = i === k - 1 ? "current" : i < k ? "done" : "todo";
  });
  $("step-at").textContent = "step " + k + " of " + v.nSteps;
}

function play() {
  if (app.playing) { clearInterval(app.playing); app.playing = null; $("play").textContent = "▶ play"; return; }
  setStep(0);
  $("play").textContent = "■ stop";
  app.playing = setInterval(() => {
    if (app.viewer.shown >= app.viewer.nSteps) { play(); return; }
    setStep(app.viewer.shown + 1);
  }, 800);
}

// The server's exact verdict on the moved figure.
async function exactCheck(moved) {
  showLive();
  if (!app.construction) return;
  $("exact").textContent = "checking the moved figure exactly…";
  delete $("exact").dataset.kind;
  try {
    const j = await post("/api/verify", Object.assign({}, app.input, { construction: app.construction, moved }));
    $("exact").innerHTML = "exact, moved figure: " + verdictHtml(j.verdict);
    $("exact").dataset.kind = j.verdict.kind;
  } catch (e) {
    $("exact").innerHTML = '<span class="bad"></span>';
    $("exact").firstChild.textContent = e.message;
    $("exact").dataset.kind = "error";
  }
}

// ---------------------------------------------------------------- verify tab
const verifier = new Viewer($("v-drawing"), (moved) => runVerify(moved));
verifier.onChange = () => {
  const met = verifier.error === null && verifier.goalsMet();
  $("v-verdict").dataset.live = met;
};
app.verifier = verifier;

async function runVerify(moved) {
  const text = $("v-problem").value.trim();
  const input = text ? { problem: text } : { level: $("v-level").value.trim() };
  const body = Object.assign(input, { construction: $("v-construction").value, moved: moved || {} });
  $("v-detail").textContent = "";
  delete $("v-verdict").dataset.kind;
  try {
    const j = await post("/api/verify", body);
    $("v-verdict").innerHTML = verdictHtml(j.verdict, j.family);
    $("v-verdict").dataset.kind = j.verdict.kind;
    if (j.verdict.kind === "coincidental") {
      const cx = j.verdict.counterexample;
      $("v-detail").textContent = "Counterexample (instance " + cx.instance + "), exact free positions:\n" +
        cx.free.map((f) => "  " + f.name + " = " + (f.x !== undefined ? "(" + f.x + ", " + f.y + ")" : f.parameter)).join("\n") +
        "\nresidual: " + (cx.failure.residual || cx.failure.reason) +
        "\n\nDrawn: the counterexample with its offsets from the figure magnified (replayed in " +
        "floats), so that the miss shows. Red: the goal; blue: the construction.";
    }
    if (!moved) {
      verifier.show(j.figure);
      if (j.verdict.kind === "coincidental" && j.counterexample_figure) magnify(j.figure, j.counterexample_figure);
    }
  } catch (e) {
    $("v-verdict").innerHTML = '<span class="bad"></span>';
    $("v-verdict").firstChild.textContent = e.message;
    $("v-verdict").dataset.kind = "error";
  }
}

// Moves each free point (of the problem and the construction) along its offset in the
// counterexample, magnified so that the largest moves a tenth of the drawing.
function magnify(fig, cx) {
  const free = fig.entries.map((e, i) => i).filter((i) => {
    const e = fig.entries[i];
    return (e.op === "FreePoint" || e.op === "PointOn") && cx.entries[i].nums.some((x, k) => x !== e.nums[k]);
  });
  const size = W / verifier.k;
  const far = Math.max(...free.map((i) => {
    const a = fig.entries[i].value, b = cx.entries[i].value;
    return a && b && a.x !== undefined ? Math.hypot(b.x - a.x, b.y - a.y) : 0;
  }), 1e-300);
  const m = Math.max(1, 0.1 * size / far);
  for (const i of free) verifier.moved[i] = fig.entries[i].nums.map((x, k) => x + m * (cx.entries[i].nums[k] - x));
  verifier.replay();
  verifier.redraw();
  verifier.onChange();
}

// ---------------------------------------------------------------- numbers tab
async function numbers(random) {
  $("n-error").textContent = "";
  const body = random
    ? { random: true, large: Number($("n-large").value), seed: $("n-seed").value.trim(), all: $("n-all").checked }
    : { numbers: $("n-numbers").value.trim().split(/[\s,]+/), target: $("n-target").value.trim(), all: $("n-all").checked };
  try {
    const j = await post("/api/numbers", body);
    if (random) { $("n-numbers").value = j.numbers.join(" "); $("n-target").value = j.target; }
    const box = $("n-result");
    box.innerHTML = "";
    const h = document.createElement("h3");
    h.textContent = (j.exact ? "Exact: " : "Closest: ") + j.best.expression + " = " + j.value +
      (j.exact ? "" : " (" + j.distance + " away)") + " — score " + j.score;
    h.className = j.exact ? "ok" : "bad";
    box.appendChild(h);
    const ol = document.createElement("ol");
    ol.id = "n-steps";
    for (const s of j.best.steps) { const li = document.createElement("li"); li.textContent = s; ol.appendChild(li); }
    box.appendChild(ol);
    const pre = document.createElement("pre");
    pre.textContent = j.text;
    box.appendChild(pre);
  } catch (e) {
    $("n-error").textContent = e.message;
  }
}

// ---------------------------------------------------------------- shards tab
async function shards(body) {
  $("s-error").textContent = "";
  try {
    const j = await post("/api/shards", body);
    $("s-puzzle").value = j.puzzle;
    if (!j.solution) {
      $("s-order").innerHTML = '<span class="bad"></span>';
      $("s-order").firstChild.textContent = "No order: " + j.message;
      $("s-animation").innerHTML = "";
      return;
    }
    $("s-order").textContent = "Drop order (" + j.solution.length + " shards): " + j.solution.join(" ");
    app.shardsSvg = j.svg;
    $("s-animation").innerHTML = j.svg;
    $("s-replay").disabled = false;
  } catch (e) {
    $("s-error").textContent = e.message;
  }
}

// ---------------------------------------------------------------- wiring
function showTab(name) {
  document.querySelectorAll(".tab").forEach((b) => b.classList.toggle("active", b.dataset.tab === name));
  document.querySelectorAll(".panel").forEach((p) => p.classList.toggle("active", p.id === "tab-" + name));
}
document.querySelectorAll(".tab").forEach((b) => (b.onclick = () => showTab(b.dataset.tab)));
$("level-search").oninput = renderLevels;
$("problem-load").onclick = () => openProblem({ problem: $("problem-text").value });
$("solve").onclick = solve;
$("cancel").onclick = () => { stopSolve(); };
$("cost").onchange = () => app.input && setHash();
$("prev").onclick = () => setStep(app.viewer.shown - 1);
$("next").onclick = () => setStep(app.viewer.shown + 1);
$("play").onclick = play;
$("export-svg").onclick = () => download("construction.svg", app.result.svg, "image/svg+xml");
$("export-ggb").onclick = () => download("construction-geogebra.txt", app.result.geogebra, "text/plain");
$("export-json").onclick = () => download("solve.json", JSON.stringify(app.result.outcome, null, 2), "application/json");
$("export-link").onclick = () => { setHash(); $("link").select(); navigator.clipboard?.writeText($("link").value).catch(() => {}); };
$("v-run").onclick = () => runVerify(null);
$("n-solve").onclick = () => numbers(false);
$("n-random").onclick = () => numbers(true);
$("s-random").onclick = () => shards({ random: Number($("s-count").value), seed: Number($("s-seed").value) || 0, t_junctions: $("s-tj").checked });
$("s-run").onclick = () => shards({ puzzle: $("s-puzzle").value });
$("s-replay").onclick = () => { $("s-animation").innerHTML = app.shardsSvg; };
window.addEventListener("hashchange", openHash);
// A linked problem opens at once; the level list is drawn when the catalogue arrives.
loadLevels();
openHash();
