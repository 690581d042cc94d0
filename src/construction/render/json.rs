//! JSON: the documented, versioned form of a construction and its verdict
//! ([`ReportDoc`]) and of a search's outcome ([`OutcomeDoc`]). The command line's `--json`
//! output is the serialization of these types; `docs/json.md` describes every field, and a
//! change of a field's meaning or a removal raises [`JSON_FORMAT`](crate::JSON_FORMAT).
//!
//! ```json
//! {
//!   "format": 1,
//!   "problem": "Midpoint",
//!   "cost": { "e": 4, "l": 4 },
//!   "steps": [
//!     { "name": "c1", "tool": "circle", "op": "Circle", "args": ["A", "B"], "branch": null,
//!       "text": "1. circle ⊙(A, B)" }
//!   ],
//!   "goals": [
//!     { "goal": 1, "object": "Midpoint(A, B)", "description": "the midpoint of AB",
//!       "drawn": "M", "step": "M" }
//!   ],
//!   "verdict": { "kind": "general", "instances": 3, "log2_bound": -166.1 },
//!   "family": null,
//!   "construction": "c1 = Circle(A, B)\n…"
//! }
//! ```

use serde::Serialize;

use crate::construction::{Construction, Failure, FamilyReport, Report, Verdict, Witness};
use crate::geom::Branch;
use crate::problem::{Op, Problem, Value};
use crate::search::{Claim, Outcome, SearchId, Stats, StopReason, UpperStats};

/// A construction, its costs, where it meets the goals, and its verdict.
#[derive(Clone, Debug, Serialize)]
pub struct ReportDoc {
    /// [`JSON_FORMAT`](crate::JSON_FORMAT).
    pub format: u32,
    /// The problem's title, if it has one.
    pub problem: Option<String>,
    /// The costs: `e` elementary moves, `l` tool uses.
    pub cost: CostDoc,
    /// The steps, in order.
    pub steps: Vec<StepDoc>,
    /// One entry per goal object of the alternative met on the problem's figure.
    pub goals: Vec<GoalDoc>,
    /// General, coincidental (with the counterexample), misses, invalid or inconclusive.
    pub verdict: VerdictDoc,
    /// The construction on random figures of the problem's family, when measured.
    pub family: Option<FamilyReport>,
    /// The construction in the construction language (what `verify` reads); null when a
    /// step's name cannot be written in it.
    pub construction: Option<String>,
}

impl ReportDoc {
    /// With the family measurement (see [`family_generality`](crate::construction::family_generality)).
    pub fn with_family(mut self, family: Option<FamilyReport>) -> Self {
        self.family = family;
        self
    }
}

/// The two costs of a construction.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct CostDoc {
    /// Elementary moves.
    pub e: u32,
    /// Tool uses.
    pub l: u32,
}

/// One step of a construction.
#[derive(Clone, Debug, Serialize)]
pub struct StepDoc {
    /// The step's name.
    pub name: String,
    /// The tool (`line`, `circle`, `perp_bisector`, …), null for a free move.
    pub tool: Option<&'static str>,
    /// The operation, as the construction language writes it (`Circle`, `Intersect`, …).
    pub op: &'static str,
    /// The names of the arguments.
    pub args: Vec<String>,
    /// 1 or 2 for an `Intersect` with an index, else null.
    pub branch: Option<u8>,
    /// A `PointOn`'s parameter on its curve (an exact number), where the construction puts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
    /// A `FreePoint`'s coordinates (exact numbers), where the construction puts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<[String; 2]>,
    /// The step as the text output writes it.
    pub text: String,
}

/// Where a goal is drawn.
#[derive(Clone, Debug, Serialize)]
pub struct GoalDoc {
    /// Which goal, from 1.
    pub goal: usize,
    /// The goal definition's name in the problem.
    pub object: String,
    /// The problem's name for it, or its expression in words.
    pub description: String,
    /// How the drawn object is written, as in the text (`M`, `line PQ`, `PQ ∩ AB [1]`); null
    /// when the construction does not draw it.
    pub drawn: Option<String>,
    /// The step or given that is the goal object; null for a crossing no step names.
    pub step: Option<String>,
}

/// A verdict, tagged by `kind`.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum VerdictDoc {
    /// Exact on the problem's figure and on `instances` random ones; a false identity passes
    /// them all with probability at most 2^`log2_bound`.
    General {
        /// The random instances checked.
        instances: usize,
        /// log₂ of the error bound.
        log2_bound: f64,
    },
    /// Fails on a random instance of the problem.
    Coincidental {
        /// The instance and what fails there.
        counterexample: CounterexampleDoc,
    },
    /// A goal is not on the board even on the problem's own figure.
    Misses {
        /// Which goal, from 0.
        goal: usize,
        /// Its name.
        name: String,
    },
    /// A step cannot be performed on the problem's own figure.
    Invalid {
        /// The step's name.
        step: String,
        /// Why.
        reason: String,
    },
    /// The exact numbers could not decide.
    Inconclusive {
        /// Why.
        reason: String,
        /// Instances where floats met the goals, of those tried.
        float_evidence: [usize; 2],
    },
}

/// A random instance on which a construction fails.
#[derive(Clone, Debug, Serialize)]
pub struct CounterexampleDoc {
    /// 1-based number of the random instance.
    pub instance: usize,
    /// Its free positions: `{name, x, y}` for a point, `{name, parameter}` for a point on an
    /// object (exact numbers as strings).
    pub free: Vec<FreeDoc>,
    /// What fails.
    pub failure: FailureDoc,
}

/// A free position of a counterexample.
#[derive(Clone, Debug, Serialize)]
pub struct FreeDoc {
    /// The free object's name.
    pub name: String,
    /// A point's x coordinate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<String>,
    /// A point's y coordinate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub y: Option<String>,
    /// A point on an object: its parameter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
}

/// What fails on a counterexample, tagged by `kind`.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum FailureDoc {
    /// A step cannot be performed.
    Step {
        /// The step's name.
        step: String,
        /// Why.
        reason: String,
    },
    /// A goal is missed by a non-zero exact residual.
    Goal {
        /// Which goal, from 0.
        goal: usize,
        /// The goal object's name.
        name: String,
        /// What the residual measures.
        measure: &'static str,
        /// The residual, exactly.
        residual: String,
        /// The residual as a float.
        residual_approx: f64,
    },
}

/// A search's outcome: how it stopped, what it proved, the solutions and the counters.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeDoc<'a> {
    /// [`JSON_FORMAT`](crate::JSON_FORMAT).
    pub format: u32,
    /// How the search stopped.
    pub stop: StopReason,
    /// The problem as the user named it (a file or a catalogue id).
    pub problem: &'a str,
    /// What identifies the search tree (for `merge`).
    pub search: SearchDoc<'a>,
    /// What was searched and what that proves (the final line of the text output).
    pub searched: Claim,
    /// The shard `[i, n]` searched (`[0, 1]` for the whole tree).
    pub shard: [usize; 2],
    /// The solutions, first the one reported.
    pub solutions: Vec<SolutionDoc>,
    /// The upper-bound stage's figures, when it ran ([`Search::run_with_upper_bound`]).
    ///
    /// [`Search::run_with_upper_bound`]: crate::search::Search::run_with_upper_bound
    pub upper_bound: Option<&'a UpperStats>,
    /// The search's counters.
    pub stats: &'a Stats,
}

/// The identity of a search tree: its options and their hash.
#[derive(Clone, Debug, Serialize)]
pub struct SearchDoc<'a> {
    /// The hash of `id` (FNV-1a, hex).
    pub hash: String,
    /// The problem's fingerprint, the version and every option that changes the tree.
    pub id: &'a SearchId,
}

/// A solution of a search: its report and its place in the search order.
#[derive(Clone, Debug, Serialize)]
pub struct SolutionDoc {
    /// The construction and its verdict.
    #[serde(flatten)]
    pub report: ReportDoc,
    /// The solution's place in the search order, to merge shards by.
    pub key: [u64; 2],
}

impl<'a> OutcomeDoc<'a> {
    /// The document for `out`, a search of `problem` (named `name` by the user) with identity
    /// `id` over shard `shard` (`(0, 1)` for the whole tree), each solution with its family
    /// measurement (`families`, in the order of the solutions; missing ones are null).
    pub fn new(
        problem: &Problem,
        name: &'a str,
        id: &'a SearchId,
        shard: (usize, usize),
        out: &'a Outcome,
        families: &[Option<FamilyReport>],
    ) -> Self {
        let solutions = (out.solutions.iter().enumerate())
            .map(|(i, f)| SolutionDoc {
                report: report(problem, &f.construction, &f.report)
                    .with_family(families.get(i).copied().flatten()),
                key: [u64::from(f.key.0), f.key.1 as u64],
            })
            .collect();
        OutcomeDoc {
            format: crate::JSON_FORMAT,
            stop: out.stop,
            problem: name,
            search: SearchDoc {
                hash: id.hash(),
                id,
            },
            searched: out.claim(),
            shard: [shard.0, shard.1],
            solutions,
            upper_bound: out.upper_bound.as_ref().map(|u| &u.stats),
            stats: &out.stats,
        }
    }
}

/// The operation's name and, for an intersection, its label.
fn op_name(op: &Op) -> (&'static str, Option<Branch>) {
    match op {
        Op::Line(..) => ("Line", None),
        Op::Circle(..) => ("Circle", None),
        Op::Compass(..) => ("Compass", None),
        Op::PerpendicularBisector(..) => ("PerpendicularBisector", None),
        Op::Perpendicular(..) => ("PerpendicularLine", None),
        Op::Parallel(..) => ("ParallelLine", None),
        Op::AngleBisector(..) => ("AngleBisector", None),
        Op::Intersect(_, _, br) => ("Intersect", *br),
        Op::PointOn(..) => ("PointOn", None),
        _ => ("FreePoint", None),
    }
}

/// The construction and its report as a [`ReportDoc`] (with no family measurement).
pub fn report(problem: &Problem, c: &Construction, report: &Report) -> ReportDoc {
    // `text::steps` writes one line per step.
    let texts = super::text::steps(problem, c);
    let steps = (c.steps.iter().zip(texts.lines()))
        .map(|(s, text)| {
            let (op, branch) = op_name(&s.op);
            StepDoc {
                name: s.name.clone(),
                tool: s.tool().map(|t| t.name()),
                op,
                args: (s.op.args().iter())
                    .map(|&a| c.name(problem, a).to_string())
                    .collect(),
                branch: branch.map(Branch::number),
                parameter: match &s.op {
                    Op::PointOn(_, t) => Some(t.to_string()),
                    _ => None,
                },
                point: match &s.op {
                    Op::FreePoint(x, y) => Some([x.to_string(), y.to_string()]),
                    _ => None,
                },
                text: text.trim().to_string(),
            }
        })
        .collect();
    ReportDoc {
        format: crate::JSON_FORMAT,
        problem: problem.title.clone(),
        cost: CostDoc {
            e: report.cost_e,
            l: report.cost_l,
        },
        steps,
        goals: goals(problem, c),
        verdict: verdict(c, &report.verdict),
        family: None,
        construction: super::source::construction(problem, c),
    }
}

fn goals(problem: &Problem, c: &Construction) -> Vec<GoalDoc> {
    (super::goals::named_goals(problem, c).into_iter())
        .map(|g| GoalDoc {
            goal: g.goal + 1,
            object: problem.defs[g.object].name.clone(),
            description: g.description,
            drawn: g.drawn_text,
            step: match g.drawn {
                Some(Witness::Object(id)) => Some(c.name(problem, id).to_string()),
                _ => None,
            },
        })
        .collect()
}

fn verdict(c: &Construction, v: &Verdict) -> VerdictDoc {
    let step_name = |i: usize| c.steps.get(i).map_or("?", |s| s.name.as_str()).to_string();
    match v {
        Verdict::General {
            instances,
            log2_bound,
        } => VerdictDoc::General {
            instances: *instances,
            log2_bound: *log2_bound,
        },
        Verdict::Coincidental(cx) => {
            let free = (cx.free.iter())
                .map(|(name, v)| {
                    let mut doc = FreeDoc {
                        name: name.clone(),
                        x: None,
                        y: None,
                        parameter: None,
                    };
                    match v {
                        Value::Point(p) => {
                            (doc.x, doc.y) = (Some(p.x.to_string()), Some(p.y.to_string()))
                        }
                        Value::Number(t) => doc.parameter = Some(t.to_string()),
                        _ => {}
                    }
                    doc
                })
                .collect();
            let failure = match &cx.failure {
                Failure::Step(f) => FailureDoc::Step {
                    step: step_name(f.step),
                    reason: f.reason.to_string(),
                },
                Failure::Goal {
                    goal,
                    name,
                    measure,
                    residual,
                } => FailureDoc::Goal {
                    goal: *goal,
                    name: name.clone(),
                    measure,
                    residual: residual.to_string(),
                    residual_approx: residual.to_f64(),
                },
            };
            VerdictDoc::Coincidental {
                counterexample: CounterexampleDoc {
                    instance: cx.instance,
                    free,
                    failure,
                },
            }
        }
        Verdict::Misses { goal, name } => VerdictDoc::Misses {
            goal: *goal,
            name: name.clone(),
        },
        Verdict::Invalid(f) => VerdictDoc::Invalid {
            step: step_name(f.step),
            reason: f.reason.to_string(),
        },
        Verdict::Inconclusive {
            reason,
            float_evidence,
        } => VerdictDoc::Inconclusive {
            reason: reason.clone(),
            float_evidence: [float_evidence.0, float_evidence.1],
        },
    }
}
