// Float replay of a figure: the problem's definitions and a construction's steps, each an
// operation on earlier entries, with the same operations and branch labels as the library
// (src/problem/oracle.rs, src/geom/intersect.rs, src/geom/derived.rs):
// - line ∩ circle: "Plus" is the point further along the line's direction q − p;
// - circle ∩ circle: "Plus" is the point to the left of the directed line from the first
//   centre to the second;
// - line ∩ line and tangencies give one point, "Only".
// A segment or ray keeps only the points on it; the labels of the points kept do not change.
// Floats only draw: the server's exact verification decides.
"use strict";

const Geom = (() => {
  // A relative tolerance for "zero": each test scales it by the sizes it compares.
  const EPS = 1e-9;
  const sub = (a, b) => ({ x: a.x - b.x, y: a.y - b.y });
  const dot = (a, b) => a.x * b.x + a.y * b.y;
  const cross = (a, b) => a.x * b.y - a.y * b.x;
  const perp = (a) => ({ x: -a.y, y: a.x });
  const offset = (p, d, t) => ({ x: p.x + d.x * t, y: p.y + d.y * t });
  const dist2 = (a, b) => dot(sub(a, b), sub(a, b));
  const zero = (x, scale) => Math.abs(x) <= EPS * scale;
  const fail = (why) => { throw new Error(why); };

  const same = (p, q) => dist2(p, q) <= (EPS * EPS) * Math.max(1, dot(p, p), dot(q, q));
  const isPoint = (v) => v && v.x !== undefined;
  const isLine = (v) => v && v.p !== undefined;
  const isCircle = (v) => v && v.c !== undefined;
  const lineOf = (p, q, kind) => (same(p, q) ? fail("the two points coincide") : { p, q, kind });
  const dir = (l) => sub(l.q, l.p);

  function midpoint(a, b) { return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; }
  function perpBisector(a, b) {
    const m = midpoint(a, b);
    return lineOf(m, offset(m, perp(sub(b, a)), 1), "Line");
  }
  function perpendicular(l, p) { return lineOf(p, offset(p, perp(dir(l)), 1), "Line"); }
  function parallel(l, p) { return lineOf(p, offset(p, dir(l), 1), "Line"); }
  function angleBisector(a, v, b) {
    const u = sub(a, v), w = sub(b, v);
    const lu = Math.sqrt(dot(u, u)), lw = Math.sqrt(dot(w, w));
    const d = { x: u.x * lw + w.x * lu, y: u.y * lw + w.y * lu };
    if (zero(dot(d, d), dot(u, u) * dot(w, w))) return lineOf(v, offset(v, perp(u), 1), "Line");
    return lineOf(v, offset(v, d, 1), "Line");
  }
  function circle(c, r2) {
    if (!(r2 > 0)) fail("the radius is zero");
    return { c, r2 };
  }

  // The points of a meeting, each [label, point], before the segment/ray filter.
  function lineLine(l, m) {
    const d1 = dir(l), d2 = dir(m);
    const den = cross(d1, d2);
    if (zero(den, Math.sqrt(dot(d1, d1) * dot(d2, d2)))) {
      const off = cross(d1, sub(m.p, l.p));
      if (zero(off, Math.sqrt(dot(d1, d1) * Math.max(1e-300, dot(sub(m.p, l.p), sub(m.p, l.p)))))) return "same";
      return [];
    }
    const t = cross(sub(m.p, l.p), d2) / den;
    return [["Only", offset(l.p, d1, t)]];
  }
  function lineCircle(l, c) {
    const d = dir(l), w = sub(c.c, l.p), dd = dot(d, d);
    const t0 = dot(w, d) / dd, cr = cross(d, w);
    const disc = c.r2 * dd - cr * cr;
    if (zero(disc, c.r2 * dd)) return [["Only", offset(l.p, d, t0)]];
    if (disc < 0) return [];
    const s = Math.sqrt(disc) / dd;
    return [["Minus", offset(l.p, d, t0 - s)], ["Plus", offset(l.p, d, t0 + s)]];
  }
  function circleCircle(c1, c2) {
    const d = sub(c2.c, c1.c), l2 = dot(d, d);
    const scale = Math.max(c1.r2, c2.r2);
    if (zero(l2, scale)) return zero(c1.r2 - c2.r2, scale) ? "same" : [];
    const k = l2 + c1.r2 - c2.r2;
    const a = k / (2 * l2);
    const disc = 4 * l2 * c1.r2 - k * k;
    const foot = offset(c1.c, d, a);
    if (zero(disc, 4 * l2 * c1.r2)) return [["Only", foot]];
    if (disc < 0) return [];
    const h = Math.sqrt(disc) / (2 * l2), n = perp(d);
    return [["Minus", offset(foot, n, -h)], ["Plus", offset(foot, n, h)]];
  }
  // Whether x lies on the part of a straight object that exists (segment, ray).
  function admits(v, x) {
    if (!isLine(v) || v.kind === "Line") return true;
    const d = dir(v), tol = EPS * dot(d, d);
    if (dot(sub(x, v.p), d) < -tol) return false;
    return v.kind !== "Segment" || dot(sub(x, v.q), d) <= tol;
  }
  function meet(a, b) {
    let raw;
    if (isCircle(a) && isCircle(b)) raw = circleCircle(a, b);
    else if (isCircle(a) && isLine(b)) raw = lineCircle(b, a);
    else if (isLine(a) && isCircle(b)) raw = lineCircle(a, b);
    else if (isLine(a) && isLine(b)) raw = lineLine(a, b);
    else fail("expected a curve");
    if (raw === "same") return raw;
    return raw.filter(([, x]) => admits(a, x) && admits(b, x));
  }
  function pick(points, branch) {
    if (points === "same") fail("the objects coincide");
    if (branch === null) {
      if (points.length === 1) return points[0][1];
      fail(points.length ? "the objects meet in two points" : "the objects do not meet");
    }
    const found = points.find(([l]) => l === branch);
    return found ? found[1] : fail("that intersection point does not exist");
  }
  function pointOn(obj, t) {
    if (isCircle(obj)) {
      const r = Math.sqrt(obj.r2), d = 1 + t * t;
      return { x: obj.c.x + r * (1 - t * t) / d, y: obj.c.y + r * (2 * t) / d };
    }
    if (isLine(obj)) return offset(obj.p, dir(obj), t);
    fail("a free point needs a line, segment, ray or circle");
  }
  // The parameter of the point of obj nearest to x (the inverse of pointOn).
  function nearestParam(obj, x) {
    if (isCircle(obj)) {
      const v = sub(x, obj.c), len = Math.hypot(v.x, v.y);
      return len + v.x <= 1e-12 * len ? 1e6 : v.y / (len + v.x);
    }
    const d = dir(obj);
    return dot(sub(x, obj.p), d) / dot(d, d);
  }
  function transform(v, f, r2k) {
    if (isPoint(v)) return f(v);
    if (isLine(v)) return { p: f(v.p), q: f(v.q), kind: v.kind };
    if (isCircle(v)) return { c: f(v.c), r2: v.r2 * (r2k === undefined ? 1 : r2k) };
    fail("a number cannot be transformed");
  }

  // One entry's value from the earlier values.
  function evaluate(e, vals) {
    const arg = (i) => {
      const v = vals[e.args[i]];
      return v === null || v === undefined ? fail("depends on a missing object") : v;
    };
    const pt = (i) => (isPoint(arg(i)) ? arg(i) : fail("expected a point"));
    const num = (i) => (arg(i).v !== undefined ? arg(i).v : fail("expected a number"));
    const ln = (i) => (isLine(arg(i)) ? arg(i) : fail("expected a line"));
    const ci = (i) => (isCircle(arg(i)) ? arg(i) : fail("expected a circle"));
    switch (e.op) {
      case "Const": return { v: e.nums[0] };
      case "FreePoint": return { x: e.nums[0], y: e.nums[1] };
      case "PointOn": return pointOn(arg(0), e.nums[0]);
      case "Arith": {
        const x = num(0), y = num(1);
        const r = { "+": x + y, "-": x - y, "*": x * y, "/": x / y }[e.arith];
        return Number.isFinite(r) ? { v: r } : fail("division by zero");
      }
      case "Neg": return { v: -num(0) };
      case "Sqrt": return num(0) < 0 ? fail("square root of a negative number") : { v: Math.sqrt(num(0)) };
      case "Distance": return { v: Math.sqrt(dist2(pt(0), pt(1))) };
      case "Line": case "Segment": case "Ray": return lineOf(pt(0), pt(1), e.op);
      case "Circle": {
        const c = pt(0), p = pt(1);
        if (same(c, p)) fail("the two points coincide");
        return circle(c, dist2(c, p));
      }
      case "CircleRadius": return circle(pt(0), num(1) > 0 ? num(1) * num(1) : 0);
      case "Compass": return circle(pt(2), dist2(pt(0), pt(1)));
      case "Circumcircle": {
        const o = pick(lineLine(perpBisector(pt(0), pt(1)), perpBisector(pt(1), pt(2))), "Only");
        return circle(o, dist2(o, pt(0)));
      }
      case "Incircle": {
        const a = pt(0), b = pt(1), c = pt(2);
        const o = pick(lineLine(angleBisector(b, a, c), angleBisector(a, b, c)), "Only");
        const side = lineOf(a, b, "Line"), d = dir(side);
        const f = offset(a, d, dot(sub(o, a), d) / dot(d, d));
        return circle(o, dist2(o, f));
      }
      case "Intersect": return pick(meet(arg(0), arg(1)), e.branch);
      case "Midpoint": return midpoint(pt(0), pt(1));
      case "PerpendicularBisector": {
        const a = pt(0), b = pt(1);
        if (same(a, b)) fail("the two points coincide");
        return perpBisector(a, b);
      }
      case "PerpendicularLine": return perpendicular(ln(1), pt(0));
      case "ParallelLine": return parallel(ln(1), pt(0));
      case "AngleBisector": {
        const a = pt(0), v = pt(1), b = pt(2);
        if (same(a, v) || same(b, v)) fail("a side point coincides with the vertex");
        return angleBisector(a, v, b);
      }
      case "Center": return ci(0).c;
      case "Reflect": {
        const m = arg(1);
        const f = isPoint(m)
          ? (p) => offset(p, sub(m, p), 2)
          : (p) => {
            const d = dir(ln(1));
            const foot = offset(m.p, d, dot(sub(p, m.p), d) / dot(d, d));
            return offset(p, sub(foot, p), 2);
          };
        return transform(arg(0), f);
      }
      case "Rotate": {
        const c = pt(1), [cos, sin] = e.nums;
        return transform(arg(0), (p) => {
          const v = sub(p, c);
          return { x: c.x + cos * v.x - sin * v.y, y: c.y + sin * v.x + cos * v.y };
        });
      }
      case "Dilate": {
        const k = num(1), c = pt(2);
        if (k === 0) fail("the factor is zero");
        return transform(arg(0), (p) => offset(c, sub(p, c), k), k * k);
      }
      case "Tangent": {
        const p = pt(0), c = ci(1);
        const power = dist2(p, c.c) - c.r2;
        let touch;
        if (zero(power, c.r2)) touch = p;
        else if (power < 0) fail("the point is inside the circle: no tangent");
        else {
          const m = midpoint(p, c.c);
          touch = pick(meet(c, circle(m, dist2(m, p))), e.branch);
        }
        return perpendicular(lineOf(c.c, touch, "Line"), touch);
      }
      default: fail("unknown operation " + e.op);
    }
  }

  // Every value of the figure's program (null where an object does not exist), and the first
  // failure ("name: reason") or null. `moved` maps an entry index to its new numbers.
  function replay(entries, moved) {
    const vals = [];
    let error = null;
    entries.forEach((e, i) => {
      const entry = moved && moved[i] ? Object.assign({}, e, { nums: moved[i] }) : e;
      try {
        const v = evaluate(entry, vals);
        if (isLine(v) && !v.kind) v.kind = "Line";
        vals.push(v);
      } catch (err) {
        vals.push(null);
        if (!error) error = e.name + ": " + err.message;
      }
    });
    return { values: vals, error };
  }

  // Whether two values are the same object (within the tolerance).
  function sameObject(a, b) {
    if (!a || !b) return false;
    if (isPoint(a) && isPoint(b)) return same(a, b);
    if (isCircle(a) && isCircle(b)) return same(a.c, b.c) && zero(a.r2 - b.r2, Math.max(a.r2, b.r2));
    if (isLine(a) && isLine(b)) return onCurve(a.p, b) && onCurve(a.q, b);
    return false;
  }
  // Whether the point x lies on the curve v.
  function onCurve(x, v) {
    if (isCircle(v)) return zero(dist2(x, v.c) - v.r2, v.r2);
    if (isLine(v)) {
      const d = dir(v);
      return zero(cross(d, sub(x, v.p)), dot(d, d) + Math.abs(dot(d, sub(x, v.p))));
    }
    return false;
  }

  return { replay, nearestParam, sameObject, onCurve, isPoint, isLine, isCircle };
})();
