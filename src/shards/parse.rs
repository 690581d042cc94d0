//! Reading puzzles: the original text format (extended to polygons) and a JSON form.
//!
//! Text: the first line holds the number of shards N, then N lines each list a shard's vertices
//! as integers `x1 y1 x2 y2 x3 y3 [x4 y4 ...]` (y up, either orientation; three vertices in the
//! original format, any number for polygons). Blank lines and `#` comments are skipped. The
//! window is the bounding box.
//!
//! JSON: `{"shards": [[[x, y], [x, y], [x, y]], ...], "window": {"min": [x, y], "max": [x, y]}}`
//! with `window` optional (default: the bounding box).
use std::fmt;

use serde::Deserialize;

use super::geometry::{coordinate_in_range, Vertex, Window, MAX_COORD};
use super::puzzle::{Puzzle, Shards};
use crate::plural;

/// A parse error at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in bytes).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// Reads a puzzle in either format: JSON when the first non-blank character is `{`.
///
/// ```
/// use constructible::shards::parse;
/// let puzzle = parse("2\n0 0 1 0 0 1\n1 0 1 1 0 1\n").unwrap();
/// assert_eq!(puzzle.shards.len(), 2);
/// assert_eq!(puzzle.lines, vec![2, 3]);
/// let err = parse("2\n0 0 1 0 0 1\n").unwrap_err();
/// assert!(err.message.contains("ends after 1 of the 2 shards"));
/// ```
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    if text.trim_start().starts_with('{') {
        parse_json(text)
    } else {
        parse_text(text)
    }
}

/// Reads the text format.
pub fn parse_text(text: &str) -> Result<Puzzle, ParseError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.split('#').next().unwrap_or("")))
        .filter(|(_, line)| !line.trim().is_empty());
    let err = |line: usize, column: usize, message: String| ParseError {
        line,
        column,
        message,
    };
    let Some((header_line, header)) = lines.next() else {
        return Err(err(
            1,
            1,
            "empty input: expected the number of shards".into(),
        ));
    };
    let mut header_tokens = tokens(header);
    let (col, count) = header_tokens.next().unwrap_or((1, ""));
    let count: usize = count.parse().map_err(|_| {
        err(
            header_line,
            col,
            format!("expected the number of shards, found `{count}`"),
        )
    })?;
    if let Some((col, extra)) = header_tokens.next() {
        return Err(err(
            header_line,
            col,
            format!("expected only the number of shards, found `{extra}` after it"),
        ));
    }
    if count > u32::MAX as usize {
        return Err(err(header_line, 1, format!("too many shards: {count}")));
    }
    // Never trust the header for memory: a shard line takes at least 12 bytes.
    let room = count.min(text.len() / 12 + 1);
    let mut shards = Shards::with_capacity(room, room * 3);
    let mut source_lines = Vec::with_capacity(room);
    let mut vertices = Vec::new();
    let mut last_line = header_line;
    for (number, line) in lines.by_ref().take(count) {
        last_line = number;
        vertices.clear();
        let mut pending: Option<i64> = None;
        let mut n_tokens = 0;
        for (col, token) in tokens(line) {
            n_tokens += 1;
            let value: i64 = token
                .parse()
                .map_err(|_| err(number, col, format!("expected an integer, found `{token}`")))?;
            if !coordinate_in_range(value) {
                return Err(err(
                    number,
                    col,
                    format!("coordinate {value} is outside ±{MAX_COORD} (2^62 - 1)"),
                ));
            }
            match pending.take() {
                None => pending = Some(value),
                Some(x) => vertices.push(Vertex::new(x, value)),
            }
        }
        if pending.is_some() || n_tokens < 6 {
            return Err(err(
                number,
                1,
                format!(
                    "expected an even number of at least 6 integers (x1 y1 x2 y2 x3 y3 ...), \
                     found {n_tokens}"
                ),
            ));
        }
        shards.push(&vertices);
        source_lines.push(number);
    }
    if shards.len() < count {
        return Err(err(
            last_line + 1,
            1,
            format!(
                "the input ends after {} of the {} announced on line {header_line}",
                shards.len(),
                plural::count(count as u64, "shard", "shards")
            ),
        ));
    }
    if let Some((number, _)) = lines.next() {
        return Err(err(
            number,
            1,
            format!("more shards than the {count} announced on line {header_line}"),
        ));
    }
    Ok(Puzzle {
        shards,
        window: None,
        lines: source_lines,
    })
}

/// Whitespace-separated tokens with their 1-based columns.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split_ascii_whitespace()
        .map(move |t| (t.as_ptr() as usize - line.as_ptr() as usize + 1, t))
}

/// A coordinate, range-checked while parsing so that the error carries its position.
struct Coord(i64);

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        if !coordinate_in_range(v) {
            return Err(serde::de::Error::custom(format!(
                "coordinate {v} is outside ±{MAX_COORD} (2^62 - 1)"
            )));
        }
        Ok(Coord(v))
    }
}

#[derive(Deserialize)]
struct JsonPoint(Coord, Coord);

impl From<&JsonPoint> for Vertex {
    fn from(p: &JsonPoint) -> Self {
        Vertex::new(p.0 .0, p.1 .0)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonWindow {
    min: JsonPoint,
    max: JsonPoint,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonPuzzle {
    shards: Vec<Vec<JsonPoint>>,
    window: Option<JsonWindow>,
}

/// Reads the JSON form.
pub fn parse_json(text: &str) -> Result<Puzzle, ParseError> {
    let json: JsonPuzzle = serde_json::from_str(text).map_err(|e| ParseError {
        line: e.line().max(1),
        column: e.column().max(1),
        message: e.to_string(),
    })?;
    if json.shards.len() > u32::MAX as usize {
        return Err(ParseError {
            line: 1,
            column: 1,
            message: format!("too many shards: {}", json.shards.len()),
        });
    }
    let mut shards = Shards::new();
    let mut vertices = Vec::new();
    for shard in &json.shards {
        vertices.clear();
        vertices.extend(shard.iter().map(Vertex::from));
        shards.push(&vertices);
    }
    Ok(Puzzle {
        shards,
        window: json.window.map(|w| Window {
            min: Vertex::from(&w.min),
            max: Vertex::from(&w.max),
        }),
        lines: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn original_format_with_comments_and_blank_lines() {
        let p = parse("# two\n2\n\n0 0 1 0 0 1  # first\n1 0 1 1 0 1").unwrap();
        assert_eq!(p.shards.len(), 2);
        assert_eq!(p.lines, vec![4, 5]);
        assert_eq!(
            p.shards.get(1),
            &[Vertex::new(1, 0), Vertex::new(1, 1), Vertex::new(0, 1)]
        );
    }

    #[test]
    fn polygons_and_negative_coordinates() {
        let p = parse("1\n-5 -5 5 -5 5 5 -5 5\n").unwrap();
        assert_eq!(p.shards.get(0).len(), 4);
    }

    #[test]
    fn errors_carry_line_and_column() {
        let e = parse("1\n0 0 1 x 0 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 7));
        assert!(e.message.contains("`x`"), "{e}");
        let e = parse("1\n0 0 1 0 0\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse("1\n0 0 1 0 0 1\n1 1 1 1 1 1\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = parse("two\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse("1\n0 0 1 0 0 4611686018427387904\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 11));
        let e = parse("1\n0 0 1 0 -9223372036854775808 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 9));
        let e = parse("{\"shards\": [[[0,0],[1,0],[0,-9223372036854775808]]]}").unwrap_err();
        assert!(e.message.contains("outside"), "{e}");
        assert!(parse("").is_err());
        assert!(parse("1 2\n").is_err());
    }

    #[test]
    fn a_huge_header_does_not_allocate() {
        let e = parse("1000000000000000000\n0 0 1 0 0 1\n").unwrap_err();
        assert!(e.message.contains("too many"), "{e}");
        let e = parse("5000000000\n0 0 1 0 0 1\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse("4000000\n0 0 1 0 0 1\n").unwrap_err();
        assert!(e.message.contains("ends after 1 of"), "{e}");
    }

    #[test]
    fn json_form() {
        let p =
            parse(r#"{"shards": [[[0,0],[1,0],[0,1]]], "window": {"min": [0,0], "max": [1,1]}}"#)
                .unwrap();
        assert_eq!(p.shards.len(), 1);
        assert_eq!(p.window.unwrap().max, Vertex::new(1, 1));
        let e = parse("{\"shards\": [[[0,0],[1,0],\n[0,1e3]]]}").unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse("{\"shards\": [[[0,0],[1,0],\n[0,4611686018427387904]]]}").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("outside"), "{e}");
    }
}
