// Browser tests of `constructible serve`: Debian's Chromium driven by playwright-core.
// Needs a running server: BASE_URL=http://127.0.0.1:PORT/ node --test page.test.mjs
// (.ci/run starts one). Saves docs/screenshots/*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const BASE = process.env.BASE_URL || "http://127.0.0.1:8080/";
const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const profile = mkdtempSync(join(tmpdir(), "constructible-chromium-"));
let browser, page;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A fresh profile: playwright passes it to Chromium as --user-data-dir.
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1280, height: 720 },
  });
  page = browser.pages()[0] || (await browser.newPage());
  page.setDefaultTimeout(30000);
  page.on("pageerror", (e) => { throw e; });
});

after(async () => {
  await browser?.close();
  rmSync(profile, { recursive: true, force: true });
});

const shot = (name) => page.screenshot({ path: join(SHOTS, name + ".png") });
const text = (sel) => page.locator(sel).innerText();

test("a pasted problem with an error is reported at its line and column", async () => {
  await page.goto(BASE);
  await page.locator("#paste summary").click();
  await page.fill("#problem-text", "A = Point(0, 0)\nB = Point(1, \ngiven A, B\n");
  await page.click("#problem-load");
  await page.waitForFunction(() => document.getElementById("problem-error").textContent !== "");
  assert.match(await text("#problem-error"), /^problem:3:7: expected `,` or `\)`/);
  await page.evaluate(() => { document.getElementById("paste").open = false; });
});

test("solve euclidea/1.3 and step through it", async () => {
  // The levels load after the page does: wait for GET /api/levels before filtering.
  await page.waitForFunction(() => app.levels.length > 0 || app.levelsError);
  assert.equal(await page.evaluate(() => app.levelsError), null);
  await page.fill("#level-search", "midpoint");
  const rows = page.locator("#level-list li");
  assert.ok((await rows.count()) >= 1);
  // The filter keeps the levels named for midpoints, not the whole catalogue.
  assert.ok((await rows.count()) < (await page.evaluate(() => app.levels.length)));
  await page.click('#level-list li[data-id="euclidea/1.3"]');
  await page.waitForFunction(() => document.getElementById("problem-title").textContent.includes("Midpoint"));
  assert.match(page.url(), /#level=euclidea%2F1\.3/);
  await page.click("#solve");
  await page.waitForSelector("#verdict .ok");
  assert.match(await text("#verdict"), /^general/);
  assert.match(await text("#counts"), /4E · 2L/);
  assert.equal(await page.locator("#steps li").count(), 3);
  assert.equal(await text("#step-at"), "step 3 of 3");
  await shot("solve");
  for (let k = 2; k >= 0; k--) {
    await page.click("#prev");
    assert.equal(await text("#step-at"), `step ${k} of 3`);
  }
  await page.click("#next");
  await page.click("#next");
  assert.equal(await page.locator("#steps li.current").count(), 1);
  assert.match(await page.locator("#steps li.current").innerText(), /bis/);
  // Two steps shown: the line AB and the perpendicular bisector, not yet the point C.
  const drawn = await page.evaluate(() => app.viewer.shown);
  assert.equal(drawn, 2);
  await shot("step");
  await page.click("#next");
});

test("the page's float replay gives the server's values on every catalogue figure", async () => {
  // geom.js ports the library's operations and branch labels: replayed without moves, every
  // level's definitions (goal oracles included) land where the exact evaluation put them.
  const report = await page.evaluate(async () => {
    const { levels } = await (await fetch("/api/levels")).json();
    const out = { levels: 0, values: 0, intersections: 0, bad: [] };
    for (const l of levels) {
      const fig = (await (await fetch("/api/levels/" + l.id)).json()).figure;
      if (fig.error) continue;
      const r = Geom.replay(fig.entries, {});
      out.levels++;
      fig.entries.forEach((e, i) => {
        const want = e.value, got = r.values[i];
        if (e.op === "Intersect" || e.op === "Tangent") out.intersections++;
        const flat = (v) => (v === null ? [] : v.v !== undefined ? [v.v] : v.x !== undefined ? [v.x, v.y]
          : v.p ? [v.p.x, v.p.y, v.q.x, v.q.y] : [v.c.x, v.c.y, v.r2]);
        const a = flat(want), b = flat(got);
        const scale = Math.max(1, ...a.map(Math.abs));
        out.values++;
        if (a.length !== b.length || a.some((x, k) => Math.abs(x - b[k]) > 1e-7 * scale)) {
          out.bad.push(l.id + " " + e.name + ": " + JSON.stringify(want) + " vs " + JSON.stringify(got));
        }
      });
    }
    return out;
  });
  assert.ok(report.levels > 140, JSON.stringify(report));
  assert.ok(report.intersections > 100, JSON.stringify(report));
  assert.deepEqual(report.bad, []);
});

test("every level's figure is in view: its points, and each goal or given line crosses the drawing", async () => {
  await page.goto(BASE);
  await page.waitForFunction(() => document.querySelectorAll("#level-list li").length > 0);
  const report = await page.evaluate(async () => {
    const { levels } = await (await fetch("/api/levels")).json();
    const out = { levels: 0, lines: 0, bad: [] };
    const svg = document.getElementById("drawing");
    const [, , w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    for (const l of levels) {
      const fig = (await (await fetch("/api/levels/" + l.id)).json()).figure;
      if (fig.error) continue;
      app.viewer.show(fig);
      out.levels++;
      for (const c of svg.querySelectorAll("circle:not(.handle)")) {
        const [x, y] = [+c.getAttribute("cx"), +c.getAttribute("cy")];
        if (c.getAttribute("fill") !== "none" && !(x >= 0 && x <= w && y >= 0 && y <= h)) {
          out.bad.push(l.id + ": a point at " + x + ", " + y);
        }
      }
      for (const e of svg.querySelectorAll("line")) {
        const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((k) => +e.getAttribute(k));
        out.lines++;
        // Sampled along the drawn segment: some sample inside the view.
        let inside = false;
        for (let k = 0; k <= 2000 && !inside; k++) {
          const x = x1 + (x2 - x1) * k / 2000, y = y1 + (y2 - y1) * k / 2000;
          inside = x >= 0 && x <= w && y >= 0 && y <= h;
        }
        if (!inside) out.bad.push(l.id + ": a line out of view");
      }
    }
    return out;
  });
  assert.ok(report.levels > 140 && report.lines > 100, JSON.stringify(report));
  assert.deepEqual(report.bad, []);
});

test("a link reopens the problem; Cancel stops a long solve", async () => {
  await page.goto("about:blank");
  await page.goto(BASE + "#level=euclidea%2F8.10&cost=l");
  await page.waitForFunction(() => document.getElementById("problem-title").textContent.includes("8.10"));
  assert.equal(await page.inputValue("#cost"), "l");
  await page.selectOption("#cost", "e");
  await page.click("#solve");
  await page.waitForFunction(() => document.getElementById("progress").textContent.includes("nodes"));
  assert.match(await text("#progress"), /^searching cost ≤ \d+E · [\d,]+ nodes · [\d.]+ s$/);
  await shot("progress");
  await page.click("#cancel");
  await page.waitForSelector("#progress .bad");
  assert.equal(await text("#progress"), "cancelled");
  assert.equal(await page.isDisabled("#solve"), false);
  await page.goto(BASE + "#level=euclidea%2F1.3");
  await page.waitForFunction(() => document.getElementById("problem-title").textContent.includes("Midpoint"));
  await page.click("#solve");
  await page.waitForSelector("#verdict .ok");
});

test("dragging a given point: the construction follows, the server confirms", async () => {
  const before = await page.evaluate(() => app.viewer.values.map((v) => v && { ...v }));
  const handle = page.locator('#drawing .handle[data-name="B"]');
  const box = await handle.boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(x - 9 * k, y + 5 * k);
  await page.mouse.up();
  const after = await page.evaluate(() => app.viewer.values);
  const [A, B, goal, , , C] = after;
  // B moved, C moved with it and is still the midpoint of A and B.
  assert.ok(Math.abs(B.x - before[1].x) > 1);
  assert.ok(Math.abs(C.x - before[5].x) > 0.5);
  assert.ok(Math.abs(C.x - (A.x + B.x) / 2) < 1e-9 * Math.abs(A.x) + 1e-9);
  assert.ok(Math.abs(C.y - (A.y + B.y) / 2) < 1e-9 * Math.abs(A.y) + 1e-9);
  assert.ok(Math.hypot(goal.x - C.x, goal.y - C.y) < 1e-9 * Math.hypot(A.x, A.y));
  assert.equal(await page.getAttribute("#live", "data-met"), "true");
  await page.waitForFunction(() => document.getElementById("exact").dataset.kind);
  assert.equal(await page.getAttribute("#exact", "data-kind"), "general");
  await shot("drag");
});

test("a point on an object slides along it when dragged", async () => {
  // euclidea/1.5: C is a free point on the perpendicular to AB at B (AB horizontal).
  await page.goto(BASE + "#level=euclidea%2F1.5");
  await page.waitForFunction(() => document.getElementById("problem-title").textContent.includes("Rhombus"));
  await page.click("#solve");
  await page.waitForSelector("#verdict .ok");
  const c = await page.evaluate(() => app.viewer.fig.entries.findIndex((e) => e.name === "C"));
  assert.equal(await page.evaluate((i) => app.viewer.fig.entries[i].op, c), "PointOn");
  const before = await page.evaluate((i) => app.viewer.values[i], c);
  const box = await page.locator('#drawing .handle[data-name="C"]').boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(x + 6 * k, y + 4 * k);
  await page.mouse.up();
  const [B, C] = await page.evaluate((i) => [app.viewer.values[1], app.viewer.values[i]], c);
  assert.ok(Math.abs(C.y - before.y) > 1, "C moved");
  assert.ok(Math.abs(C.x - B.x) < 1e-9 * Math.abs(B.x), "C stayed on the perpendicular at B");
  assert.equal(await page.getAttribute("#live", "data-met"), "true");
  await page.waitForFunction(() => document.getElementById("exact").dataset.kind);
  assert.equal(await page.getAttribute("#exact", "data-kind"), "general");
});

test("a coincidental construction is flagged, with its counterexample", async () => {
  await page.click('.tab[data-tab="verify"]');
  await page.fill("#v-level", "euclidea/1.3");
  await page.click("#v-run");
  await page.waitForFunction(() => document.getElementById("v-verdict").dataset.kind);
  assert.equal(await page.getAttribute("#v-verdict", "data-kind"), "coincidental");
  assert.match(await text("#v-verdict"), /^coincidental/);
  assert.match(await text("#v-detail"), /Counterexample \(instance \d\)/);
  // The magnified counterexample: the construction's point is visibly off the goal.
  assert.equal(await page.evaluate(() => app.verifier.goalsMet()), false);
  await shot("verify");
});

test("a numbers game", async () => {
  await page.click('.tab[data-tab="numbers"]');
  await page.fill("#n-numbers", "25 50 75 100 3 6");
  await page.fill("#n-target", "952");
  await page.click("#n-solve");
  await page.waitForSelector("#n-result h3");
  assert.match(await text("#n-result h3"), /^Exact: .* = 952 — score 10$/);
  assert.ok((await page.locator("#n-steps li").count()) >= 4);
  await shot("numbers");
  await page.fill("#n-numbers", "1 2 0");
  await page.click("#n-solve");
  await page.waitForFunction(() => document.getElementById("n-error").textContent !== "");
  assert.match(await text("#n-error"), /`0` is not allowed/);
});

test("a shards puzzle and its drop animation", async () => {
  await page.click('.tab[data-tab="shards"]');
  await page.fill("#s-count", "12");
  await page.fill("#s-seed", "3");
  await page.click("#s-random");
  await page.waitForSelector("#s-animation svg");
  const order = (await text("#s-order")).split(": ")[1].split(" ").map(Number);
  assert.deepEqual([...order].sort((a, b) => a - b), [...Array(12).keys()]);
  assert.equal(await page.locator("#s-animation svg polygon").count(), 12);
  // The animation runs: halfway, some shards have landed and some are still hidden.
  await page.waitForTimeout(3500);
  await shot("shards-dropping");
  await page.waitForTimeout(5000);
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll("#s-animation polygon")].filter((p) => getComputedStyle(p).opacity === "1").length);
  assert.equal(shown, 12);
  await shot("shards");
});

test("a linked problem opens before the level list has loaded", async () => {
  // GET /api/levels is held until the linked level is drawn, then let through.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/\/api\/levels$/, async (route) => { await held; await route.continue(); });
  await page.goto("about:blank");
  await page.goto(BASE + "#level=euclidea%2F1.3");
  await page.waitForFunction(() => document.getElementById("problem-title").textContent.includes("Midpoint"));
  assert.equal(await page.locator("#level-list li").count(), 0);
  release();
  await page.waitForSelector('#level-list li.current[data-id="euclidea/1.3"]');
  assert.equal(await page.evaluate(() => app.levelsError), null);
  await page.unroute(/\/api\/levels$/);
});
