//! `kappa validate`'s reading of `function_return` values: an integer, or
//! the real value of a `float`/`double` input (`\result == 2.5e-1`, `inf`,
//! `nan`), whose bits depend on the width of the input read there. That
//! width comes from the nondet function the program calls at the
//! waypoint's location (`__VERIFIER_nondet_float` or `_double`), found in
//! the program's own IR: this reading shares nothing with the witness
//! writer.

use crate::witness::{Sources, Waypoint};
use kappa_ir::{Instr, Module};
use std::collections::HashMap;

/// One `\result == V` value of a witness.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Literal {
    /// An integer constant (decimal or hexadecimal, with C suffixes).
    Int(i128),
    /// A real constant as written (a float or double input's value).
    Real(String),
}

impl std::fmt::Display for Literal {
    /// The value as a test vector gives it to the native harness.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Literal::Int(v) => write!(f, "{v}"),
            Literal::Real(t) => f.write_str(t),
        }
    }
}

/// The text `V` of a `\result == V` constraint.
pub(super) fn constraint_value(w: &Waypoint) -> Option<&str> {
    let c = w.constraint.as_ref()?;
    let rest = c.value.trim().strip_prefix("\\result")?.trim_start();
    Some(rest.strip_prefix("==")?.trim())
}

/// The value `V` of a `\result == V` constraint.
pub(super) fn literal(w: &Waypoint) -> Option<Literal> {
    if let Some(v) = super::result_value(w) {
        return Some(Literal::Int(v));
    }
    let text = constraint_value(w)?;
    real(text).map(|_| Literal::Real(text.to_string()))
}

/// The real number a C constant (or `inf`/`nan`, as kappa and C's
/// `printf` write them) denotes, rounded to double (exact for a `float` or
/// `double` value written in full).
fn real(text: &str) -> Option<f64> {
    if let Ok(x) = text.parse::<f64>() {
        return Some(x);
    }
    // a C suffix (`0.5f`, `1e3L`) on a constant with a point or exponent
    let t = text.strip_suffix(['f', 'F', 'l', 'L'])?;
    if !t.contains(['.', 'e', 'E']) {
        return None; // `10f` is not a C constant
    }
    t.parse::<f64>().ok()
}

/// The bits of real `text` read as an input of `width` bits (32: float,
/// 64: double): `None` for another width, or when no value of that type
/// equals it (`\result == V` compares in double, as C does: a float
/// `\result` is widened, so `V` must be a float's exact value).
pub(super) fn real_bits(text: &str, width: u32) -> Option<u128> {
    let x = real(text)?;
    match width {
        32 => {
            let f = x as f32;
            (f64::from(f) == x || x.is_nan()).then(|| u128::from(f.to_bits()))
        }
        64 => Some(u128::from(x.to_bits())),
        _ => None,
    }
}

/// Whether `bits` (`width` bits) is a NaN of float (32) or double (64).
pub(super) fn is_nan_bits(bits: u128, width: u32) -> bool {
    match width {
        32 => f32::from_bits(bits as u32).is_nan(),
        64 => f64::from_bits(bits as u64).is_nan(),
        _ => false,
    }
}

/// Whether a real value and a returned value agree: the same bits, or both
/// NaN (the witness writes no payload).
pub(super) fn real_matches(text: &str, bits: u128, width: u32) -> bool {
    match real(text) {
        Some(x) if x.is_nan() => is_nan_bits(bits, width),
        Some(_) => real_bits(text, width) == Some(bits),
        None => false,
    }
}

/// The widths of the floating-point inputs read at each nondet call of the
/// program, by the position of the call's closing parenthesis (where
/// witnesses put `function_return` waypoints) and by line.
pub(super) struct RealReads {
    at: HashMap<(usize, u32, u32), u32>,
    on_line: HashMap<(usize, u32), Vec<u32>>,
}

impl RealReads {
    /// The program's `__VERIFIER_nondet_float`/`double` reads.
    pub(super) fn new(module: &Module, sources: &Sources) -> RealReads {
        let mut at = HashMap::new();
        let mut on_line: HashMap<(usize, u32), Vec<u32>> = HashMap::new();
        for f in &module.functions {
            for e in &f.edges {
                let Instr::Nondet { origin, .. } = &e.instr else {
                    continue;
                };
                let width = match origin.trim_start_matches("__VERIFIER_nondet_") {
                    "float" => 32,
                    "double" => 64,
                    _ => 0, // an integer read
                };
                let Some((k, p)) = sources.locate(module, e.src) else {
                    continue;
                };
                if let Some(close) = sources.source(k).call_close(p) {
                    at.insert((k, close.line, close.col), width);
                }
                on_line.entry((k, p.line)).or_default().push(width);
            }
        }
        RealReads { at, on_line }
    }

    /// The width of the real input read at waypoint `w`: by its position,
    /// else the one width of every read on its line. `None`: no float or
    /// double read is there (or reads of several widths share the line).
    pub(super) fn width_at(&self, sources: &Sources, w: &Waypoint) -> Option<u32> {
        let k = sources.index_of_name(&w.location.file_name)?;
        let line = w.location.line;
        let width = match w.location.column {
            Some(c) if self.at.contains_key(&(k, line, c)) => self.at[&(k, line, c)],
            _ => {
                let ws = self.on_line.get(&(k, line))?;
                if ws.iter().any(|x| *x != ws[0]) {
                    return None;
                }
                ws[0]
            }
        };
        (width != 0).then_some(width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reals_read_as_c_constants_and_give_the_bits_of_their_width() {
        assert_eq!(real("9.960936307907104e-1"), Some(0.9960936307907104));
        assert_eq!(real("-0e0").map(f64::to_bits), Some((-0.0f64).to_bits()));
        assert_eq!(real("0.5f"), Some(0.5));
        assert!(real("inf").is_some_and(f64::is_infinite));
        assert!(real("nan").is_some_and(f64::is_nan));
        assert_eq!(real("10f"), None);
        assert_eq!(real("x"), None);
        assert_eq!(real_bits("0.5", 32), Some(0x3f00_0000));
        assert_eq!(real_bits("0.5", 64), Some(0x3fe0_0000_0000_0000));
        assert_eq!(real_bits("-inf", 32), Some(0xff80_0000));
        assert_eq!(real_bits("0.5", 16), None);
        // no float is 0.1: a float `\result` never equals it
        assert_eq!(real_bits("0.1", 32), None);
        // 0.1f widened to double, as kappa writes it, gives 0.1f's bits back
        let widened = format!("{:e}", f64::from(0.1f32));
        assert_eq!(real_bits(&widened, 32), Some(u128::from(0.1f32.to_bits())));
        assert!(real_matches("nan", 0x7fc0_0001, 32));
        assert!(!real_matches("nan", 0x3f00_0000, 32));
        assert!(!real_matches("0.25", 0x3f00_0000, 32));
        assert!(!real_matches("0.1", u128::from(0.1f32.to_bits()), 32));
    }
}
