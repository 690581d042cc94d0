//! The renderings name the goals (text, JSON, SVG) and the SVG is readable: points labelled by
//! their names only, beside them, a title line, a legend, every point drawn inside the view.

use constructible::catalog;
use constructible::construction::{render, verify, Construction, VerifyOptions};
use constructible::problem::{Cost, Op, Problem, Value};
use constructible::search::Search;

fn solved(id: &str, cost: Option<Cost>, depth: u32) -> (Problem, Construction) {
    let p = catalog::find(id).unwrap().problem().unwrap();
    let mut s = Search::new(&p).max_cost(depth).threads(1);
    if let Some(c) = cost {
        s = s.cost(c);
    }
    let out = s.run();
    let c = out.solutions[0].construction.clone();
    (p, c)
}

#[test]
fn the_midpoint_is_named_as_a_goal_in_text_json_and_svg() {
    let (p, c) = solved("euclidea/1.3", None, 4);
    let report = verify(&p, &c, &VerifyOptions::default());
    let text = render::text::report(&p, &c, &report);
    assert!(
        text.contains("\nC = goal 1: the midpoint of AB\n"),
        "{text}"
    );
    let goals = render::json::report(&p, &c, &report).goals;
    assert_eq!(goals.len(), 1);
    assert_eq!(goals[0].goal, 1);
    assert_eq!(goals[0].description, "the midpoint of AB");
    assert_eq!(goals[0].drawn.as_deref(), Some("C"));
    assert_eq!(goals[0].step.as_deref(), Some("C"));
    let svg = render::svg::svg(&p, &c).unwrap();
    assert!(
        svg.contains(">C = goal 1: the midpoint of AB</text>"),
        "{svg}"
    );
}

#[test]
fn goal_lines_and_problem_names_are_named() {
    // 12.6: three side lines, one of them `s2` in the problem; 5.5: a parallel to a diagonal.
    let (p, c) = solved("euclidea/12.6", Some(Cost::L), 6);
    let text = render::text::goals(&p, &c);
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(
        text.lines()
            .all(|l| l.starts_with("line ") && l.contains(" = goal 1: s")),
        "{text}"
    );
    assert!(text.contains("rotated by 120° about O"), "{text}");
    let (p, c) = solved("euclidea/5.5", None, 4);
    let text = render::text::goals(&p, &c);
    assert!(
        text.contains("= goal 1: the parallel to the line QS through X")
            || text.contains("= goal 1: the parallel to the line PR through X"),
        "{text}"
    );
    // The points the description names are drawn and labelled, though not on the board.
    let svg = render::svg::svg(&p, &c).unwrap();
    let (a, b) = if text.contains("QS") {
        ("Q", "S")
    } else {
        ("P", "R")
    };
    assert!(svg.contains(&format!(">{a}</text>")) && svg.contains(&format!(">{b}</text>")));
}

/// `name="value"` in a tag.
fn attr(tag: &str, name: &str) -> Option<f64> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = start + tag[start..].find('"')?;
    tag[start..end].parse().ok()
}

/// The tags of an element, with what follows up to its closing tag.
fn elements<'a>(svg: &'a str, tag: &str) -> Vec<(&'a str, &'a str)> {
    svg.match_indices(&format!("<{tag} "))
        .map(|(i, _)| {
            let rest = &svg[i..];
            let open = &rest[..rest.find('>').unwrap() + 1];
            let body = &rest[open.len()..];
            let body = &body[..body.find("</").unwrap_or(0)];
            (open, body)
        })
        .collect()
}

fn check_svg(id: &str, p: &Problem, c: &Construction) {
    let svg = render::svg::svg(p, c).unwrap();
    // No internal expression anywhere: labels, tooltips, legend.
    for expr in [
        "Intersect(",
        "Midpoint(",
        "Rotate(",
        "Line(",
        "Circle(",
        "Dilate(",
        "_goal",
    ] {
        assert!(!svg.contains(expr), "{id}: {expr} in\n{svg}");
    }
    // The title line and the legend.
    let title = format!(
        ">{} — {}E, {}L</text>",
        p.title.as_deref().unwrap(),
        c.cost(Cost::E),
        c.cost(Cost::L)
    );
    assert!(svg.contains(&title), "{id}: no title {title}");
    for what in [">given</text>", ">steps (numbered)</text>", ">goal</text>"] {
        assert!(svg.contains(what), "{id}: no legend entry {what}");
    }
    for g in render::goals::named_goals(p, c) {
        assert!(g.drawn.is_some(), "{id}: a goal not drawn");
        assert!(svg.contains(&g.line()), "{id}: no legend line {}", g.line());
    }
    // Every point drawn, and inside the view.
    let head = &svg[..svg.find('>').unwrap()];
    let view: Vec<f64> = {
        let s = head.find("viewBox=\"").unwrap() + 9;
        let e = s + head[s..].find('"').unwrap();
        head[s..e].split(' ').map(|x| x.parse().unwrap()).collect()
    };
    let n = p.defs.len();
    let values = constructible::construction::replay_figure(p, c).unwrap();
    let point_count = p
        .givens
        .iter()
        .copied()
        .chain(n..n + c.steps.len())
        .filter(|&id| matches!(values[id], Value::Point(_)))
        .count();
    let dots: Vec<(f64, f64, String)> = elements(&svg, "circle")
        .into_iter()
        .filter(|(tag, _)| attr(tag, "r") == Some(3.5))
        .map(|(tag, body)| {
            let name = body.trim_start_matches("<title>").to_string();
            (attr(tag, "cx").unwrap(), attr(tag, "cy").unwrap(), name)
        })
        .collect();
    assert_eq!(dots.len(), point_count, "{id}: every point drawn once");
    for (x, y, name) in &dots {
        assert!(
            (view[0]..=view[0] + view[2]).contains(x) && (view[1]..=view[1] + view[3]).contains(y),
            "{id}: {name} at ({x}, {y}) outside the view {view:?}"
        );
    }
    // Labels beside their points, not on them.
    let texts = elements(&svg, "text");
    for (x, y, name) in &dots {
        for (tag, body) in &texts {
            if body == name {
                let (lx, ly) = (attr(tag, "x").unwrap(), attr(tag, "y").unwrap());
                let w = 7.5 * name.chars().count() as f64;
                let covers =
                    (lx - 3.5..=lx + w + 3.5).contains(x) && (ly - 15.5..=ly + 4.5).contains(y);
                assert!(!covers, "{id}: the label {name} covers its point");
            }
        }
    }
    // Step points are labelled by their names, and nothing else is a label in the figure.
    for s in &c.steps {
        if matches!(s.op, Op::Intersect(..)) {
            assert!(
                texts.iter().any(|(_, b)| *b == s.name),
                "{id}: {} unlabelled",
                s.name
            );
        }
    }
}

#[test]
fn svgs_are_framed_titled_and_labelled_by_names() {
    let cases: [(&str, Option<Cost>, u32); 7] = [
        ("euclidea/1.3", None, 4),
        ("euclidea/1.5", None, 5),
        ("euclidea/5.5", None, 4),
        ("euclidea/12.6", Some(Cost::L), 6),
        ("euclidea/13.10", Some(Cost::E), 6),
        ("classic/pentagon", None, 6),
        ("classic/napoleon", None, 6),
    ];
    for (id, cost, depth) in cases {
        let (p, c) = solved(id, cost, depth);
        check_svg(id, &p, &c);
    }
}
