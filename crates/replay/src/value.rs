//! Normalisation of test values: C integer, character and floating-point
//! literals become strings the generated harness can parse with
//! `strtoll`/`strtoull`/`strtod` and embed safely in C string literals.

/// Normalises a test value, or returns `None` if it is not a literal.
///
/// Integers (decimal, `0x` hexadecimal, optional sign and `u`/`l` suffixes,
/// or a simple character literal like `'a'` / `'\n'`) become a decimal string
/// in the 64-bit range: values in `i64` stay as they are, larger positive
/// values and negative values below `i64::MIN` are reduced modulo 2^64 and
/// written unsigned. Leading zeros are decimal, not octal. Floating-point
/// literals (`1.5`, `-2e10`, `inf`, `nan`, with an optional `f`/`l` suffix)
/// are returned without their suffix. The result contains only
/// `[0-9A-Za-z.+-]`.
pub(crate) fn normalize(raw: &str) -> Option<String> {
    let s = raw.trim();
    if s.is_empty() {
        return None;
    }
    if let Some(c) = char_literal(s) {
        return Some(c.to_string());
    }
    if let Some(v) = integer(s) {
        return Some(v);
    }
    float(s)
}

/// `'c'` or a simple escape like `'\n'`, `'\0'`, `'\\'`; ASCII only.
fn char_literal(s: &str) -> Option<i64> {
    let inner = s.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let value = match (chars.next()?, chars.next(), chars.next()) {
        ('\\', Some(e), None) => match e {
            'n' => 10,
            't' => 9,
            'r' => 13,
            '0' => 0,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            '\\' | '\'' | '"' | '?' => e as i64,
            _ => return None,
        },
        (c, None, None) if c.is_ascii() => c as i64,
        _ => return None,
    };
    Some(value)
}

fn integer(s: &str) -> Option<String> {
    let (negative, rest) = match s.as_bytes()[0] {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let digits = rest.trim_end_matches(['u', 'U', 'l', 'L']);
    if rest.len() - digits.len() > 3 {
        return None;
    }
    let magnitude = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u128::from_str_radix(hex, 16).ok()?
    } else {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse::<u128>().ok()?
    };
    Some(if negative {
        if magnitude <= 1u128 << 63 {
            if magnitude == 0 {
                "0".to_string()
            } else {
                format!("-{magnitude}")
            }
        } else {
            // Two's complement reduced to 64 bits (truncation intended).
            (magnitude.wrapping_neg() as u64).to_string()
        }
    } else {
        // Truncation to 64 bits intended.
        (magnitude as u64).to_string()
    })
}

fn float(s: &str) -> Option<String> {
    let lower = s.to_ascii_lowercase();
    let special = matches!(
        lower.strip_prefix(['+', '-']).unwrap_or(&lower),
        "inf" | "infinity" | "nan"
    );
    let body = if special {
        s
    } else {
        s.strip_suffix(['f', 'F', 'l', 'L']).unwrap_or(s)
    };
    // A bare integer with an `f` suffix is not a C literal; "1e5" and "1." are.
    if !special && !body.contains(['.', 'e', 'E']) {
        return None;
    }
    if !body
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-'))
    {
        return None;
    }
    body.parse::<f64>().ok()?;
    Some(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::normalize;

    fn n(s: &str) -> Option<String> {
        normalize(s)
    }

    #[test]
    fn integers() {
        assert_eq!(n("42").as_deref(), Some("42"));
        assert_eq!(n("  -7 ").as_deref(), Some("-7"));
        assert_eq!(n("+7").as_deref(), Some("7"));
        assert_eq!(n("-0").as_deref(), Some("0"));
        assert_eq!(n("0x1F").as_deref(), Some("31"));
        assert_eq!(n("-0x10").as_deref(), Some("-16"));
        assert_eq!(n("42ULL").as_deref(), Some("42"));
        assert_eq!(n("010").as_deref(), Some("10"));
        assert_eq!(
            n("18446744073709551615").as_deref(),
            Some("18446744073709551615")
        );
        assert_eq!(
            n("-9223372036854775808").as_deref(),
            Some("-9223372036854775808")
        );
        assert_eq!(
            n("-9223372036854775809").as_deref(),
            Some("9223372036854775807")
        );
        assert_eq!(n("18446744073709551616").as_deref(), Some("0"));
    }

    #[test]
    fn chars_and_floats() {
        assert_eq!(n("'a'").as_deref(), Some("97"));
        assert_eq!(n("'\\n'").as_deref(), Some("10"));
        assert_eq!(n("1.5").as_deref(), Some("1.5"));
        assert_eq!(n("-2e10").as_deref(), Some("-2e10"));
        assert_eq!(n("1.5f").as_deref(), Some("1.5"));
        assert_eq!(n("-inf").as_deref(), Some("-inf"));
        assert_eq!(n("NaN").as_deref(), Some("NaN"));
    }

    #[test]
    fn rejects() {
        for bad in [
            "", "  ", "-", "0x", "abc", "12abc", "4uuuu", "'ab'", "''", "1\"2", "\"3\"", "1f",
            "1.2.3", "0x1g", "--1", "'\\q'", "1e", "é", "--inf", "inff",
        ] {
            assert_eq!(n(bad), None, "{bad:?} should be rejected");
        }
    }

    #[test]
    fn kappa_s_float_inputs_pass_unchanged() {
        // the forms kappa prints float and double inputs in
        for v in [
            "1e-1",
            "-0e0",
            "1.0000001e0",
            "-1.17549435e-38",
            "5e-324",
            "inf",
            "-inf",
            "nan",
            "-nan",
        ] {
            assert_eq!(n(v).as_deref(), Some(v), "{v}");
        }
    }
}
