//! Tokens with positions.

use super::{Span, SyntaxError};

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A name: letters, digits and `_`, starting with a letter or `_` (`A`, `c1`, `Midpoint`).
    Ident(String),
    /// A decimal number, as written: digits with at most one `.`.
    Number(String),
    /// A double-quoted string (no escapes).
    Str(String),
    /// One of `+ - * / ^ ( ) , = °` or `**`.
    Sym(&'static str),
    /// The end of a line (statements end there unless a parenthesis is open).
    Newline,
}

/// A token and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it starts.
    pub span: Span,
}

const SYMBOLS: [&str; 11] = ["**", "+", "-", "*", "/", "^", "(", ")", ",", "=", "°"];

/// Splits source text into tokens; `#` starts a comment that runs to the end of the line.
pub fn tokenize(src: &str) -> Result<Vec<Token>, SyntaxError> {
    let chars: Vec<char> = src.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line, mut col) = (0, 1, 1);
    while i < chars.len() {
        let c = chars[i];
        let span = Span { line, col };
        let start = i;
        if c == '\n' {
            tokens.push(Token {
                kind: TokenKind::Newline,
                span,
            });
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        let kind = if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            let mut seen_point = false;
            while i < chars.len() && (chars[i].is_ascii_digit() || (chars[i] == '.' && !seen_point))
            {
                seen_point |= chars[i] == '.';
                i += 1;
            }
            TokenKind::Number(chars[start..i].iter().collect())
        } else if c.is_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            TokenKind::Ident(chars[start..i].iter().collect())
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' && chars[i] != '\n' {
                i += 1;
            }
            if chars.get(i) != Some(&'"') {
                return Err(SyntaxError::new(span, "unterminated string"));
            }
            i += 1;
            TokenKind::Str(chars[start + 1..i - 1].iter().collect())
        } else if let Some(sym) = SYMBOLS.iter().find(|s| {
            s.chars()
                .enumerate()
                .all(|(k, sc)| chars.get(i + k) == Some(&sc))
        }) {
            i += sym.chars().count();
            TokenKind::Sym(sym)
        } else {
            return Err(SyntaxError::new(
                span,
                format!("unexpected character `{c}`"),
            ));
        };
        col += i - start;
        tokens.push(Token { kind, span });
    }
    Ok(tokens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_lines_and_columns() {
        let t = tokenize("A = Point(1.5, -2) # free\nmask line**, *").unwrap();
        let kinds: Vec<_> = t.iter().map(|t| t.kind.clone()).collect();
        assert_eq!(kinds[0], TokenKind::Ident("A".into()));
        assert_eq!(kinds[4], TokenKind::Number("1.5".into()));
        assert_eq!(t[4].span, Span { line: 1, col: 11 });
        let mask = t
            .iter()
            .position(|t| t.kind == TokenKind::Ident("mask".into()))
            .unwrap();
        assert_eq!(t[mask].span, Span { line: 2, col: 1 });
        assert_eq!(t[mask + 2].kind, TokenKind::Sym("**"));
        assert!(tokenize("a ~ b")
            .unwrap_err()
            .to_string()
            .contains("column 3"));
    }
}
