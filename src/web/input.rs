//! Reading requests: a JSON body into a request type, a problem by catalogue id or text, exact
//! coordinates for moved free points.
use std::str::FromStr;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::response::IntoResponse;
use num_bigint::BigInt;
use num_rational::BigRational;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value as Json;

use super::error::ApiError;
use crate::catalog;
use crate::construction::Construction;
use crate::field::Number;
use crate::problem::{parse_problem, Op, Problem};

/// The body as JSON of type `T`; a body too large, not UTF-8 or not the expected JSON is a
/// 4xx with the reason (and the line and column of a JSON error).
pub fn body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = body.map_err(|r| {
        let status = r.status();
        ApiError::new(
            status,
            format!("cannot read the request body: {}", r.body_text()),
        )
    })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::at(
            "request",
            e.line(),
            e.column(),
            &format!("not the expected JSON: {e}"),
        )
    })
}

/// A problem in a request: a catalogue `level` id or a `problem` text.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ProblemInput {
    /// A catalogue id such as `euclidea/1.3`.
    #[serde(default)]
    pub level: Option<String>,
    /// A problem in the problem language.
    #[serde(default)]
    pub problem: Option<String>,
}

impl ProblemInput {
    /// The problem and the name it goes by (the level id, or `problem`), or a 400 naming the
    /// line and column of a syntax error.
    pub fn load(&self) -> Result<(Problem, String), ApiError> {
        match (&self.level, &self.problem) {
            (Some(id), None) => {
                let entry = catalog::find(id).ok_or_else(|| {
                    ApiError::new(
                        axum::http::StatusCode::NOT_FOUND,
                        format!("no level `{id}` in the catalogue (see /api/levels)"),
                    )
                })?;
                let p = entry
                    .problem()
                    .map_err(|e| ApiError::syntax(entry.id, &e))?;
                Ok((p, id.clone()))
            }
            (None, Some(text)) => {
                let p = parse_problem(text).map_err(|e| ApiError::syntax("problem", &e))?;
                Ok((p, "problem".into()))
            }
            _ => Err(ApiError::bad(
                "give exactly one of `level` (a catalogue id) and `problem` (a problem text)",
            )),
        }
    }
}

/// An exact number written as an integer, a decimal (`-1.25`, `3e-2`) or a fraction (`3/7`),
/// as a string or a JSON number (read from its decimal text, so `0.1` is exactly 1/10).
pub fn exact(v: &Json) -> Result<Number, String> {
    let text = match v {
        Json::String(s) => s.trim().to_string(),
        Json::Number(n) => n.to_string(),
        other => return Err(format!("expected a number, found {other}")),
    };
    rational(&text)
        .map(Number::from)
        .ok_or_else(|| format!("`{text}` is not an exact number (write -1.25, 3e-2 or 3/7)"))
}

/// The largest exponent accepted in `1e…`, so that a number cannot ask for unbounded digits.
const MAX_EXPONENT: i64 = 300;

fn rational(text: &str) -> Option<BigRational> {
    if let Some((n, d)) = text.split_once('/') {
        let (n, d) = (rational(n.trim())?, rational(d.trim())?);
        return (d != BigRational::from_integer(0.into())).then(|| n / d);
    }
    let (mantissa, exponent) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i64>().ok()?),
        None => (text, 0),
    };
    if exponent.abs() > MAX_EXPONENT {
        return None;
    }
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa.strip_prefix('+').unwrap_or(mantissa)),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all = format!("{whole}{frac}");
    if all.is_empty() || !all.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = BigInt::from_str(&all).ok()?;
    let shift = exponent - frac.len() as i64;
    let ten = BigInt::from(10);
    let scale = num_traits::pow(ten, shift.unsigned_abs() as usize);
    let r = if shift >= 0 {
        BigRational::from_integer(n * scale)
    } else {
        BigRational::new(n, scale)
    };
    Some(if negative { -r } else { r })
}

/// `problem` and `construction` with free points moved: `moved` maps the name of a free
/// point (a problem's or a construction's) to `[x, y]` (a free point in the plane) or to a
/// parameter (a free point on an object).
pub fn move_free_points(
    problem: &Problem,
    construction: &Construction,
    moved: &serde_json::Map<String, Json>,
) -> Result<(Problem, Construction), ApiError> {
    let (mut p, mut c) = (problem.clone(), construction.clone());
    for (name, to) in moved {
        let bad = |m: String| ApiError::bad(format!("moved point `{name}`: {m}"));
        let op = match p.find(name) {
            Some(id) => &mut p.defs[id].op,
            None => match c.steps.iter_mut().find(|s| &s.name == name) {
                Some(step) => &mut step.op,
                None => return Err(bad("no such point in the problem or construction".into())),
            },
        };
        *op = match (&*op, to) {
            (Op::FreePoint(..), Json::Array(xy)) if xy.len() == 2 => {
                Op::FreePoint(exact(&xy[0]).map_err(bad)?, exact(&xy[1]).map_err(bad)?)
            }
            (Op::PointOn(obj, _), t) if !t.is_array() => Op::PointOn(*obj, exact(t).map_err(bad)?),
            (Op::FreePoint(..), _) => return Err(bad("a free point moves to [x, y]".into())),
            (Op::PointOn(..), _) => {
                return Err(bad("a point on an object moves to a parameter".into()))
            }
            _ => return Err(bad("not a free point".into())),
        };
    }
    Ok((p, c))
}

/// A response for a computation run on the blocking pool: its answer, or 500 if it panicked.
pub fn joined<T: IntoResponse>(
    r: Result<Result<T, ApiError>, tokio::task::JoinError>,
) -> axum::response::Response {
    match r {
        Ok(Ok(t)) => t.into_response(),
        Ok(Err(e)) => e.into_response(),
        Err(_) => ApiError::internal().into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn r(s: &str) -> Option<String> {
        rational(s).map(|r| r.to_string())
    }

    #[test]
    fn exact_numbers_from_decimals_and_fractions() {
        assert_eq!(r("0.1"), Some("1/10".into()));
        assert_eq!(r("-1.25"), Some("-5/4".into()));
        assert_eq!(r("3e-2"), Some("3/100".into()));
        assert_eq!(r("2E3"), Some("2000".into()));
        assert_eq!(r("3/7"), Some("3/7".into()));
        assert_eq!(r("-0.5/3"), Some("-1/6".into()));
        for bad in ["", "-", "1/0", "x", "1.2.3", "1e999999", "NaN", "--1", "1e"] {
            assert_eq!(r(bad), None, "{bad}");
        }
        assert_eq!(exact(&json!(0.1)).unwrap(), Number::ratio(1, 10).unwrap());
        assert!(exact(&json!(true)).is_err());
    }

    #[test]
    fn moving_a_free_point_changes_only_its_definition() {
        let p =
            parse_problem("A = Point(0, 0)\nB = Point(2, 0)\ngiven A, B\ngoal Midpoint(A, B)\n")
                .unwrap();
        let c = crate::construction::parse_construction(&p, "X = Point(1, 1)\nl = Line(A, X)\n")
            .unwrap();
        let moved = json!({ "B": ["3.5", "1/3"], "X": [2, "-0.5"] });
        let (q, d) = move_free_points(&p, &c, moved.as_object().unwrap()).unwrap();
        let n = |a, b| Number::ratio(a, b).unwrap();
        assert_eq!(
            q.defs[q.find("B").unwrap()].op,
            Op::FreePoint(n(7, 2), n(1, 3))
        );
        assert_eq!(
            q.defs[q.find("A").unwrap()].op,
            p.defs[p.find("A").unwrap()].op
        );
        assert_eq!(d.steps[0].op, Op::FreePoint(n(2, 1), n(-1, 2)));
        assert_eq!(d.steps[1], c.steps[1]);
        for bad in [
            json!({ "C": [1, 2] }),
            json!({ "l": [1, 2] }),
            json!({ "B": 3 }),
        ] {
            assert!(
                move_free_points(&p, &c, bad.as_object().unwrap()).is_err(),
                "{bad}"
            );
        }
    }
}
