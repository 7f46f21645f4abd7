//! `printf` format strings as glibc reads them: parsing into literal runs
//! and conversion specifications, the exact output of a conversion of
//! concrete values, and of an integer conversion of a symbolic value its
//! exact length (a 32-bit term) and, per layout case (sign, zero, number
//! of digits), its exact bytes (terms).
//!
//! Supported: flags `-+ #0`, field width and precision (fixed or `*`),
//! length modifiers `hh h l ll j z t` (and `q`, `L` on integers as `ll`),
//! conversions `d i u o x X c s p n %`. Anything else (floating point,
//! wide characters, `%m`, positional arguments `%1$d`) is an error: the
//! caller makes the path unsupported.

use kappa_expr::build::{self as b};
use kappa_expr::Expr;

/// Largest field width or precision modelled (larger ones are unsupported).
pub(crate) const MAX_FIELD: u64 = 4096;

/// Length modifier of a conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Len {
    /// None: `int`.
    Int,
    /// `hh`: `char`.
    Char,
    /// `h`: `short`.
    Short,
    /// `l`: `long`.
    Long,
    /// `ll`, `q`, `L`, `j`: 64 bits.
    LongLong,
    /// `z`, `t`: pointer width.
    Size,
}

impl Len {
    /// Width in bits of the converted value (`ptr_bits`: the data model's).
    pub(crate) fn bits(self, ptr_bits: u32) -> u32 {
        match self {
            Len::Int => 32,
            Len::Char => 8,
            Len::Short => 16,
            Len::Long | Len::Size => ptr_bits,
            Len::LongLong => 64,
        }
    }
}

/// A field width or precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    /// Given in the format.
    Fixed(u64),
    /// `*`: the next argument (an `int`).
    Star,
}

/// One conversion specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spec {
    pub(crate) minus: bool,
    pub(crate) plus: bool,
    pub(crate) space: bool,
    pub(crate) hash: bool,
    pub(crate) zero: bool,
    pub(crate) width: Option<Count>,
    pub(crate) prec: Option<Count>,
    pub(crate) len: Len,
    /// The conversion character.
    pub(crate) conv: u8,
}

/// A piece of a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Bytes output as they are.
    Lit(Vec<u8>),
    /// A conversion.
    Conv(Spec),
}

impl Spec {
    /// Whether the conversion writes the count (`%n` and its sizes).
    pub(crate) fn writes(&self) -> bool {
        self.conv == b'n'
    }
    /// Whether it converts an integer argument (`d i u o x X`).
    pub(crate) fn integer(&self) -> bool {
        matches!(self.conv, b'd' | b'i' | b'u' | b'o' | b'x' | b'X')
    }
    fn signed(&self) -> bool {
        matches!(self.conv, b'd' | b'i')
    }
    fn base(&self) -> u128 {
        match self.conv {
            b'o' => 8,
            b'x' | b'X' => 16,
            _ => 10,
        }
    }
}

/// Parses a format (without its terminating zero).
pub(crate) fn parse(fmt: &[u8]) -> Result<Vec<Piece>, String> {
    let mut out = vec![];
    let mut lit = vec![];
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            lit.push(fmt[i]);
            i += 1;
            continue;
        }
        i += 1;
        let mut s = Spec {
            minus: false,
            plus: false,
            space: false,
            hash: false,
            zero: false,
            width: None,
            prec: None,
            len: Len::Int,
            conv: 0,
        };
        while let Some(&c) = fmt.get(i) {
            match c {
                b'-' => s.minus = true,
                b'+' => s.plus = true,
                b' ' => s.space = true,
                b'#' => s.hash = true,
                b'0' => s.zero = true,
                b'\'' | b'I' => return Err(format!("the `{}` flag", c as char)),
                _ => break,
            }
            i += 1;
        }
        let number = |i: &mut usize| -> Result<Option<Count>, String> {
            if fmt.get(*i) == Some(&b'*') {
                *i += 1;
                if fmt.get(*i).is_some_and(|c| c.is_ascii_digit()) {
                    return Err("positional arguments".into());
                }
                return Ok(Some(Count::Star));
            }
            let start = *i;
            let mut v: u64 = 0;
            while let Some(c) = fmt.get(*i).filter(|c| c.is_ascii_digit()) {
                v = v.saturating_mul(10).saturating_add((c - b'0') as u64);
                *i += 1;
            }
            if *i == start {
                return Ok(None);
            }
            if fmt.get(*i) == Some(&b'$') {
                return Err("positional arguments".into());
            }
            if v > MAX_FIELD {
                return Err(format!("a field width or precision of {v}"));
            }
            Ok(Some(Count::Fixed(v)))
        };
        s.width = number(&mut i)?;
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            s.prec = Some(number(&mut i)?.unwrap_or(Count::Fixed(0)));
        }
        s.len = match (fmt.get(i), fmt.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => {
                i += 2;
                Len::Char
            }
            (Some(b'l'), Some(b'l')) => {
                i += 2;
                Len::LongLong
            }
            (Some(b'h'), _) => {
                i += 1;
                Len::Short
            }
            (Some(b'l'), _) => {
                i += 1;
                Len::Long
            }
            (Some(b'q' | b'L' | b'j'), _) => {
                i += 1;
                Len::LongLong
            }
            (Some(b'z' | b't' | b'Z'), _) => {
                i += 1;
                Len::Size
            }
            _ => Len::Int,
        };
        let Some(&c) = fmt.get(i) else {
            return Err("a format ending inside a conversion".into());
        };
        i += 1;
        s.conv = c;
        match c {
            b'%' => {
                lit.push(b'%');
                continue;
            }
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'n' => {}
            b'c' | b's' if s.len == Len::Int => {}
            b'p' if s.len == Len::Int => {}
            _ => return Err(format!("the `%{}` conversion", c as char)),
        }
        if !s.integer() && (s.zero || s.hash || s.plus || s.space) {
            // glibc's treatment of these flags outside integers is not modelled
            return Err(format!("flags on the `%{}` conversion", c as char));
        }
        if !lit.is_empty() {
            out.push(Piece::Lit(std::mem::take(&mut lit)));
        }
        out.push(Piece::Conv(s));
    }
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    Ok(out)
}

/// `body` padded to the field `width` (spaces, or zeros after `lead` bytes
/// with `zero`; left-justified with `minus`).
fn pad(body: Vec<u8>, width: u64, minus: bool, zero_after: Option<usize>) -> Vec<u8> {
    let w = width as usize;
    if body.len() >= w {
        return body;
    }
    let fill = w - body.len();
    match (minus, zero_after) {
        (true, _) => {
            let mut v = body;
            v.extend(std::iter::repeat_n(b' ', fill));
            v
        }
        (false, Some(lead)) => {
            let mut v = body[..lead].to_vec();
            v.extend(std::iter::repeat_n(b'0', fill));
            v.extend_from_slice(&body[lead..]);
            v
        }
        (false, None) => {
            let mut v = vec![b' '; fill];
            v.extend(body);
            v
        }
    }
}

/// Whether conversion `s` prints the `w`-bit value `bits` as negative, and
/// the magnitude it prints (the most negative value's is 2^(w-1)).
fn sign_mag(s: &Spec, w: u32, bits: u128) -> (bool, u128) {
    let m = kappa_expr::mask(w);
    let bits = bits & m;
    let neg = s.signed() && (bits >> (w - 1)) & 1 == 1;
    let mag = if neg {
        (!bits).wrapping_add(1) & m
    } else {
        bits
    };
    (neg, mag)
}

/// The output of integer conversion `s` (width and precision resolved:
/// `width`, `prec`; `minus` already includes a negative `*` width) of the
/// value `bits` of `w` bits.
pub(crate) fn format_int(
    s: &Spec,
    w: u32,
    bits: u128,
    width: u64,
    prec: Option<u64>,
    minus: bool,
) -> Vec<u8> {
    let (neg, mag) = sign_mag(s, w, bits);
    let base = s.base();
    let mut digits = vec![];
    let mut x = mag;
    while x > 0 {
        let d = (x % base) as u8;
        digits.push(match d {
            0..=9 => b'0' + d,
            _ if s.conv == b'X' => b'A' + d - 10,
            _ => b'a' + d - 10,
        });
        x /= base;
    }
    let p = prec.unwrap_or(1) as usize;
    while digits.len() < p {
        digits.push(b'0');
    }
    if s.conv == b'o' && s.hash && digits.last() != Some(&b'0') {
        digits.push(b'0');
    }
    digits.reverse();
    let mut lead = vec![];
    if s.signed() {
        if neg {
            lead.push(b'-');
        } else if s.plus {
            lead.push(b'+');
        } else if s.space {
            lead.push(b' ');
        }
    }
    if s.hash && mag != 0 && matches!(s.conv, b'x' | b'X') {
        lead.push(b'0');
        lead.push(s.conv);
    }
    let n = lead.len();
    lead.extend(digits);
    // the 0 flag is ignored with a precision or `-`
    let zero = (s.zero && prec.is_none()).then_some(n);
    pad(lead, width, minus, zero)
}

/// The output of `%c`, `%s` (the string's bytes without its zero, already
/// cut to the precision) or `%p` (glibc: `(nil)` or `0x` and hex digits).
pub(crate) fn format_other(s: &Spec, arg: &[u8], ptr: u128, width: u64, minus: bool) -> Vec<u8> {
    let body = match s.conv {
        b'p' if ptr == 0 => b"(nil)".to_vec(),
        b'p' => format!("0x{ptr:x}").into_bytes(),
        _ => arg.to_vec(),
    };
    pad(body, width, minus, None)
}

/// 1 if `c`, else 0, at 32 bits.
fn one_if(c: Expr) -> Expr {
    b::ite(c, b::bv(32, 1), b::bv(32, 0))
}

fn max32(x: Expr, y: Expr) -> Expr {
    b::ite(b::ult(x, y), y, x)
}

/// Sign, magnitude (`w` bits, unsigned) and number of digits of the
/// magnitude in the conversion's base (32 bits, at least 1) of the `w`-bit
/// value `v` as conversion `s` prints it. Exact: the magnitude of the most
/// negative value is 2^(w-1), which `0 - v` gives as an unsigned `w`-bit
/// number, and the digit count compares it with each power of the base
/// that fits in `w` bits.
fn sign_mag_digits(s: &Spec, w: u32, v: Expr) -> (Expr, Expr, Expr) {
    let zero = b::bv(w, 0);
    let neg = if s.signed() {
        b::slt(v, zero)
    } else {
        b::fls()
    };
    let mag = b::ite(neg, b::sub(zero, v), v);
    let base = s.base();
    let mut nd = b::bv(32, 1);
    let mut pow: u128 = base;
    while pow <= kappa_expr::mask(w) {
        nd = b::add(nd, one_if(b::uge(mag, b::bv(w, pow))));
        match pow.checked_mul(base) {
            Some(p) => pow = p,
            None => break,
        }
    }
    (neg, mag, nd)
}

/// The exact length (32 bits) of integer conversion `s` of the `w`-bit
/// value `v` (width and precision resolved as in [`format_int`]).
pub(crate) fn int_len(s: &Spec, w: u32, v: Expr, width: u64, prec: Option<u64>) -> Expr {
    let (neg, mag, nd) = sign_mag_digits(s, w, v);
    let is_zero = b::eq(mag, b::bv(w, 0));
    let p = prec.unwrap_or(1);
    let pe = b::bv(32, p as u128);
    // digits printed: max(nd, p), none for 0 with precision 0
    let mut digits = if p == 0 {
        b::ite(is_zero, b::bv(32, 0), nd)
    } else {
        max32(nd, pe)
    };
    if s.conv == b'o' && s.hash {
        // the first digit is a zero: one more digit unless already padded
        let forced = b::ite(is_zero, b::bv(32, 1), b::add(nd, b::bv(32, 1)));
        digits = max32(digits, forced);
    }
    let mut len = digits;
    if s.signed() && (s.plus || s.space) {
        len = b::add(len, b::bv(32, 1));
    } else if s.signed() {
        len = b::add(len, one_if(neg));
    }
    if s.hash && matches!(s.conv, b'x' | b'X') {
        len = b::add(len, b::ite(is_zero, b::bv(32, 0), b::bv(32, 2)));
    }
    max32(len, b::bv(32, width as u128))
}

/// More than the number of layout cases any integer conversion has (see
/// [`int_case`]).
pub(crate) const MAX_CASES: usize = 64;

/// Flag of [`int_case`]'s code: the value is negative.
const CASE_NEG: u128 = 256;
/// Flag of [`int_case`]'s code: the value is zero.
const CASE_ZERO: u128 = 128;

/// The layout case (32 bits) of integer conversion `s` of the `w`-bit value
/// `v`: its sign, whether it is zero, and the number of digits of its
/// magnitude (below 128: at most 64 bits in base 8 have 22). With the
/// width, precision and flags, which are constants, the case fixes every
/// byte of the output but the digits: see [`int_bytes`]. A value has one
/// of at most 2·22+1 cases.
pub(crate) fn int_case(s: &Spec, w: u32, v: Expr) -> Expr {
    let (neg, mag, nd) = sign_mag_digits(s, w, v);
    let flag = |c: Expr, f: u128| b::ite(c, b::bv(32, f), b::bv(32, 0));
    b::add(
        nd,
        b::add(
            flag(neg, CASE_NEG),
            flag(b::eq(mag, b::bv(w, 0)), CASE_ZERO),
        ),
    )
}

/// The output bytes of integer conversion `s` of the `w`-bit value `v`,
/// for a `v` whose [`int_case`] is `case` (width and precision resolved as
/// in [`format_int`]), and a constraint that defines the symbols they use.
/// The output of a representative of the case (the magnitude
/// base^(digits-1), whose digits are a `1` and zeros, or 0) fixes the
/// layout (sign, `0x`, padding); its digits, from its first `1` on
/// (padding, signs and `0x` hold no `1`), are replaced by those of `v`'s
/// magnitude. In base 8 and 16 a digit is a bit field of the magnitude.
/// In base 10 the digits are the symbols `digit(0..n)`, most significant
/// first, constrained to at most 9 each and to sum, weighted by powers of
/// ten, to the magnitude (computed on `w + 4` bits, where the sum cannot
/// wrap): no division, which Z3 handles poorly. Exact: a number below
/// 10^n has exactly one such decomposition into n digits, and the case
/// bounds the magnitude below 10^n, so the constraint holds for exactly
/// the digits glibc prints.
#[allow(clippy::too_many_arguments)]
pub(crate) fn int_bytes(
    s: &Spec,
    w: u32,
    v: Expr,
    case: u128,
    width: u64,
    prec: Option<u64>,
    minus: bool,
    digit: &mut dyn FnMut(u32) -> Expr,
) -> (Vec<Expr>, Expr) {
    let m = kappa_expr::mask(w);
    let (neg, zero, nd) = (case & CASE_NEG != 0, case & CASE_ZERO != 0, case & 127);
    let base = s.base();
    let rmag = if zero { 0 } else { base.pow(nd as u32 - 1) };
    let r = if neg {
        (!rmag).wrapping_add(1) & m
    } else {
        rmag
    };
    let text = format_int(s, w, r, width, prec, minus);
    let mut out: Vec<Expr> = text.iter().map(|&c| b::bv(8, c as u128)).collect();
    if zero {
        return (out, b::tru());
    }
    let first = text
        .iter()
        .position(|&c| c == b'1')
        .expect("a representative's leading digit");
    let mag = if neg { b::sub(b::bv(w, 0), v) } else { v };
    let nd = nd as u32;
    let mut defs = b::tru();
    let digits: Vec<Expr> = match base {
        10 => {
            let ww = w + 4;
            let mut sum = b::bv(ww, 0);
            let ds: Vec<Expr> = (0..nd).map(&mut *digit).collect();
            for (j, &d) in ds.iter().enumerate() {
                defs = b::and(defs, b::ule(d, b::bv(8, 9)));
                let pow = 10u128.pow(nd - 1 - j as u32);
                sum = b::add(sum, b::mul(b::zext(d, ww), b::bv(ww, pow)));
            }
            defs = b::and(defs, b::eq(b::zext(mag, ww), sum));
            ds
        }
        _ => {
            let bits = if base == 16 { 4 } else { 3 };
            (0..nd)
                .map(|j| {
                    let lo = bits * (nd - 1 - j);
                    let hi = (lo + bits - 1).min(w - 1);
                    b::zext(b::extract(hi, lo, mag), 8)
                })
                .collect()
        }
    };
    let letters = if s.conv == b'X' { b'A' } else { b'a' };
    for (j, d) in digits.into_iter().enumerate() {
        let numeral = b::add(d, b::bv(8, b'0' as u128));
        out[first + j] = if base == 16 {
            let letter = b::add(d, b::bv(8, (letters - 10) as u128));
            b::ite(b::ult(d, b::bv(8, 10)), numeral, letter)
        } else {
            numeral
        };
    }
    (out, defs)
}

/// The last `n` decimal digits (most significant first) of the magnitude
/// of the `w`-bit value `bits` as conversion `s` prints it: the values of
/// [`int_bytes`]'s digit symbols for that value.
pub(crate) fn decimal_digits(s: &Spec, w: u32, bits: u128, n: usize) -> Vec<u128> {
    let (_, mut mag) = sign_mag(s, w, bits);
    let mut ds = vec![0; n];
    for d in ds.iter_mut().rev() {
        *d = mag % 10;
        mag /= 10;
    }
    ds
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::{eval, Assignment, Sort, Symbol, SymbolKind};

    fn spec(f: &str) -> Spec {
        match parse(f.as_bytes()).unwrap().as_slice() {
            [Piece::Conv(s)] => *s,
            other => panic!("{f}: {other:?}"),
        }
    }

    fn fixed(c: Option<Count>) -> Option<u64> {
        c.map(|c| match c {
            Count::Fixed(v) => v,
            Count::Star => panic!("star"),
        })
    }

    fn out(f: &str, w: u32, v: u128) -> String {
        let s = spec(f);
        let width = fixed(s.width).unwrap_or(0);
        String::from_utf8(format_int(&s, w, v, width, fixed(s.prec), s.minus)).unwrap()
    }

    #[test]
    fn integer_conversions_print_as_glibc() {
        assert_eq!(out("%d", 32, (-42i32) as u32 as u128), "-42");
        assert_eq!(out("%d", 32, 0x8000_0000), "-2147483648");
        assert_eq!(out("%u", 32, 0xffff_ffff), "4294967295");
        assert_eq!(out("%5d", 32, 42), "   42");
        assert_eq!(out("%-5d", 32, 42), "42   ");
        assert_eq!(out("%05d", 32, (-42i32) as u32 as u128), "-0042");
        assert_eq!(out("%+d", 32, 7), "+7");
        assert_eq!(out("% d", 32, 7), " 7");
        assert_eq!(out("%.3d", 32, 7), "007");
        assert_eq!(out("%.0d", 32, 0), "");
        assert_eq!(out("%#x", 32, 255), "0xff");
        assert_eq!(out("%#X", 32, 255), "0XFF");
        assert_eq!(out("%#x", 32, 0), "0");
        assert_eq!(out("%#o", 32, 8), "010");
        assert_eq!(out("%#o", 32, 0), "0");
        assert_eq!(out("%#.0o", 32, 0), "0");
        assert_eq!(out("%hhd", 8, 0xff), "-1");
        assert_eq!(out("%lld", 64, u64::MAX as u128), "-1");
        assert_eq!(out("%08.3d", 32, 5), "     005");
    }

    #[test]
    fn parsing_rejects_what_is_not_modelled() {
        for f in [
            "%f", "%1$d", "%m", "%ls", "%lc", "%", "%'d", "%05s", "%+c", "%5000d",
        ] {
            assert!(parse(f.as_bytes()).is_err(), "{f}");
        }
        let p = parse(b"a%%b%-*.*lld%hhn%zn").unwrap();
        assert_eq!(p.len(), 4);
        assert_eq!(p[0], Piece::Lit(b"a%b".to_vec()));
        let Piece::Conv(s) = p[1] else { panic!() };
        assert_eq!(
            (s.width, s.prec, s.len, s.minus),
            (Some(Count::Star), Some(Count::Star), Len::LongLong, true)
        );
        let Piece::Conv(n) = p[2] else { panic!() };
        assert!(n.writes() && n.len == Len::Char);
        let Piece::Conv(z) = p[3] else { panic!() };
        assert_eq!(z.len, Len::Size);
    }

    #[test]
    fn symbolic_lengths_agree_with_the_concrete_output() {
        let mut checked = 0;
        for f in [
            "%d", "%i", "%u", "%x", "%#x", "%X", "%o", "%#o", "%5d", "%-7u", "%+d", "% d", "%.0d",
            "%.3d", "%#.0o", "%#5.3o", "%08x", "%+.0d", "%#.0x",
        ] {
            for w in [8u32, 16, 32, 64] {
                let sym = Symbol::fresh("v", Sort::Bv(w), SymbolKind::Input);
                let s = spec(f);
                let width = fixed(s.width).unwrap_or(0);
                let len = int_len(&s, w, b::sym(sym), width, fixed(s.prec));
                let m = kappa_expr::mask(w);
                let mut vals: Vec<u128> = vec![
                    0,
                    1,
                    7,
                    8,
                    9,
                    10,
                    15,
                    16,
                    99,
                    100,
                    255,
                    m,
                    m - 1,
                    m >> 1,
                    (m >> 1) + 1,
                ];
                let mut p: u128 = 1;
                while p < m / 10 {
                    p *= 10;
                    vals.extend([p - 1, p, p + 1, (!p + 1) & m, (!(p - 1) + 1) & m]);
                }
                for v in vals {
                    let v = v & m;
                    let mut a = Assignment::default();
                    a.set(sym, v);
                    let want = format_int(&s, w, v, width, fixed(s.prec), s.minus).len() as u128;
                    assert_eq!(eval(len, &a).unwrap().bits(), want, "{f} w={w} v={v}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn symbolic_bytes_agree_with_the_concrete_output() {
        let mut checked = 0;
        for f in [
            "%d", "%u", "%x", "%#x", "%X", "%#X", "%o", "%#o", "%5d", "%-7u", "%+d", "% d", "%.0d",
            "%.3d", "%#.0o", "%#5.3o", "%08x", "%+.0d", "%#.0x", "%-+6d", "%012o",
        ] {
            for w in [8u32, 16, 32, 64] {
                let sym = Symbol::fresh("v", Sort::Bv(w), SymbolKind::Input);
                let s = spec(f);
                let width = fixed(s.width).unwrap_or(0);
                let case = int_case(&s, w, b::sym(sym));
                let m = kappa_expr::mask(w);
                let mut vals: Vec<u128> = vec![0, 1, 7, 8, 9, 10, 15, 16, 0xab, 255, m, m - 1];
                vals.extend([m >> 1, (m >> 1) + 1, 0x1234_5678_9abc_def0 & m]);
                for base in [8u128, 10, 16] {
                    let mut p: u128 = 1;
                    while p < m / base {
                        p *= base;
                        vals.extend([p - 1, p, p + 1, (!p + 1) & m, (!(p - 1) + 1) & m]);
                    }
                }
                for v in vals {
                    let v = v & m;
                    let mut a = Assignment::default();
                    a.set(sym, v);
                    let c = eval(case, &a).unwrap().bits();
                    let mut syms = vec![];
                    let mut digit = |j: u32| {
                        let d = Symbol::fresh(&format!("d{j}"), Sort::Bv(8), SymbolKind::Fresh);
                        syms.push(d);
                        b::sym(d)
                    };
                    let (bytes, defs) = int_bytes(
                        &s,
                        w,
                        b::sym(sym),
                        c,
                        width,
                        fixed(s.prec),
                        s.minus,
                        &mut digit,
                    );
                    // the digit symbols take the value's digits
                    let want = format_int(&s, w, v, width, fixed(s.prec), s.minus);
                    for (d, val) in syms.iter().zip(decimal_digits(&s, w, v, syms.len())) {
                        a.set(*d, val);
                    }
                    assert!(eval(defs, &a).unwrap().bits() == 1, "{f} w={w} v={v}");
                    let got: Vec<u8> = bytes
                        .iter()
                        .map(|e| eval(*e, &a).unwrap().bits() as u8)
                        .collect();
                    assert_eq!(got, want, "{f} w={w} v={v} case={c}");
                    // and no other digits: one changed digit breaks the sum
                    if let Some(&d0) = syms.first() {
                        let old = a.get(d0);
                        a.set(d0, (old + 1) % 10);
                        assert!(eval(defs, &a).unwrap().bits() == 0, "{f} w={w} v={v}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 2000, "{checked}");
    }
}
