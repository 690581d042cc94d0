//! Named step-by-step text.

use crate::construction::{Construction, Counterexample, Failure, FamilyReport, Report, Verdict};
use crate::problem::{DefId, Op, Problem, Value};

/// How an object is written in text: givens and points by name, curves by formula.
pub(crate) fn label(problem: &Problem, c: &Construction, id: DefId) -> String {
    let n = problem.defs.len();
    let Some(s) = id.checked_sub(n) else {
        return problem.defs[id].name.clone();
    };
    let name = |i| c.name(problem, i).to_string();
    match &c.steps[s].op {
        Op::Line(a, b) => join_points(&name(*a), &name(*b)),
        Op::Circle(o, p) => format!("⊙({}, {})", name(*o), name(*p)),
        Op::Compass(a, b, o) => format!("⊙({}, |{}|)", name(*o), join_points(&name(*a), &name(*b))),
        Op::PerpendicularBisector(a, b) => format!("⊥bis({})", join_points(&name(*a), &name(*b))),
        Op::Perpendicular(p, l) => format!("⊥({}, {})", label(problem, c, *l), name(*p)),
        Op::Parallel(p, l) => format!("∥({}, {})", label(problem, c, *l), name(*p)),
        Op::AngleBisector(a, v, b) => format!("bis∠{}{}{}", name(*a), name(*v), name(*b)),
        _ => c.steps[s].name.clone(),
    }
}

/// `AB` for one-letter names, `(P1, P2)` otherwise.
fn join_points(a: &str, b: &str) -> String {
    if a.chars().count() == 1 && b.chars().count() == 1 {
        format!("{a}{b}")
    } else {
        format!("({a}, {b})")
    }
}

/// One line per tool use, numbered, with the points it yields on indented lines:
///
/// ```text
/// 1. circle ⊙(A, B)
/// 2. circle ⊙(B, A)
///    P = ⊙(A, B) ∩ ⊙(B, A) [1]
/// ```
pub fn steps(problem: &Problem, c: &Construction) -> String {
    let mut out = String::new();
    let mut number = 0;
    for (i, s) in c.steps.iter().enumerate() {
        let id = problem.defs.len() + i;
        let lab = |x: DefId| label(problem, c, x);
        match (&s.op, s.tool()) {
            (_, Some(t)) => {
                number += 1;
                let what = if t.makes_circle() { "circle" } else { "line" };
                let tool = match t {
                    crate::problem::Tool::Line | crate::problem::Tool::Circle => what.to_string(),
                    t => format!("{what} ({})", t.name().replace('_', " ")),
                };
                out += &format!("{number}. {tool} {}\n", lab(id));
            }
            (Op::Intersect(a, b, branch), None) => {
                let which = super::branch_label(*branch);
                out += &format!("   {} = {} ∩ {}{which}\n", s.name, lab(*a), lab(*b));
            }
            // (where the search put it: the verdict says whether it may move)
            (Op::PointOn(o, t), None) => {
                out += &format!("   {} = a point on {} near t = {t}\n", s.name, lab(*o))
            }
            (Op::FreePoint(x, y), None) => {
                out += &format!("   {} = a point near ({x}, {y})\n", s.name)
            }
            (_, None) => out += &format!("   {} = any point\n", s.name),
        }
    }
    out
}

/// The verdict in words.
pub fn verdict(c: &Construction, report: &Report) -> String {
    match &report.verdict {
        Verdict::General { instances, log2_bound } => format!(
            "general: exact on the problem's figure and on {instances} random instances; a false identity would pass them all with probability ≤ 2^{:.0}",
            log2_bound.floor()
        ),
        Verdict::Coincidental(cx) => format!("coincidental: {}", counterexample(c, cx)),
        Verdict::Misses { name, .. } => format!("misses the goal {name} even on the problem's own figure"),
        Verdict::Invalid(f) => format!("invalid: step `{}`: {}", c.steps[f.step].name, f.reason),
        Verdict::Inconclusive { reason, float_evidence } => format!(
            "inconclusive: exact replay stopped ({reason}); float replay (not a proof) meets the goals on {} of {} instances",
            float_evidence.0, float_evidence.1
        ),
    }
}

fn counterexample(c: &Construction, cx: &Counterexample) -> String {
    let what = match &cx.failure {
        Failure::Step(f) => format!(
            "step `{}` cannot be performed: {}",
            c.steps[f.step].name, f.reason
        ),
        Failure::Goal {
            name,
            measure,
            residual,
            ..
        } => {
            format!(
                "misses {name}; {measure} = {residual} (≈ {:.3e})",
                residual.to_f64()
            )
        }
    };
    let mut s = format!(
        "on random instance {} it {what}\n  counterexample (exact):",
        cx.instance
    );
    for (name, v) in &cx.free {
        s += &match v {
            Value::Point(p) => format!("\n    {name} = ({}, {})", p.x, p.y),
            Value::Number(t) => format!("\n    {name}: parameter {t}"),
            _ => String::new(),
        };
    }
    s
}

/// Which drawn object is which goal, one line each: `C = goal 1: the midpoint of AB`.
pub fn goals(problem: &Problem, c: &Construction) -> String {
    super::goals::named_goals(problem, c)
        .iter()
        .map(|g| g.line() + "\n")
        .collect()
}

/// The whole report: cost, steps, the goals they draw and the verdict.
pub fn report(problem: &Problem, c: &Construction, report: &Report) -> String {
    let title = problem.title.as_deref().unwrap_or("construction");
    format!(
        "{title}: {}E, {}L\n{}{}{}\n",
        report.cost_e,
        report.cost_l,
        steps(problem, c),
        goals(problem, c),
        verdict(c, report)
    )
}

/// The family count in words: `family: holds on 1,684 of 2,000 random figures of the problem's
/// family (84.2%) …`.
pub fn family(r: &FamilyReport) -> String {
    let tested = r.holds + r.fails;
    let mut s = format!(
        "family: holds on {} of {} random figures of the problem's family",
        thousands(r.holds),
        thousands(tested)
    );
    if tested > 0 {
        s += &format!(" ({:.1}%)", 100.0 * r.holds as f64 / tested as f64);
    }
    if r.degenerate > 0 {
        s += &format!("; {} more degenerate", thousands(r.degenerate));
    }
    s + " (free points moved up to the figure's size, points on objects anywhere on them, each \
         intersection taken by its label, checked exactly)"
}

/// `1684` as `1,684`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
