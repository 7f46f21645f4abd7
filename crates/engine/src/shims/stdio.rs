//! Models of the `printf` family: `printf`, `fprintf`, `dprintf`,
//! `sprintf`, `snprintf` and their `v` forms. Output to a stream has no
//! effect on program memory; the models compute what the program can see:
//!
//! - the count of characters output so far, written by every `%n`
//!   conversion (`%hhn`, `%hn`, `%ln`, `%lln`, `%jn`, `%zn`, `%tn`: the
//!   count converted to the pointed type) exactly: conversions of concrete
//!   values by their output, integer conversions of symbolic values by
//!   their exact length (a term, see `format::int_len`). A `%n` whose count
//!   is not known exactly (a `%s` of a string with symbolic characters, a
//!   symbolic `*` width, a `v` form's arguments, which kappa cannot read)
//!   or whose pointer is symbolic ends the path as unsupported;
//! - the result: the count when known, otherwise an unconstrained value
//!   (output errors are not modelled: the model assumes output succeeds);
//! - the bytes `sprintf`/`snprintf` write to their buffer (with the
//!   terminating zero; `snprintf` writes at most `n - 1` of them), as
//!   terms: a `%c` of a symbolic value is that byte; an integer conversion
//!   of a symbolic value splits the path by the value's layout case (sign,
//!   zero, number of digits: at most 45 successors, those the path
//!   condition allows), in each of which every byte is exact: the layout's
//!   constants and the digits as terms over the value (`format::int_bytes`).
//!   A symbolic pointer or a string with symbolic characters in a buffer
//!   function is unsupported. A buffer too small, a read-only one, or one
//!   a `%s` argument lies in is a failed leaf.
//!
//! The format must be a string of concrete bytes at a concrete address;
//! otherwise (it might hold `%n`) the path is unsupported, as is any
//! conversion `format::parse` does not model.

pub(crate) mod format;

use super::{Call, Validate};
use crate::exec::{Feas, StepOut};
use crate::state::State;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use format::{Count, Piece, Spec, MAX_FIELD};
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{Loc, SrcLoc, Ty, VarId};

/// Where a modelled function's output goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sink {
    /// A stream (`stdout`, a `FILE *`, a descriptor).
    Stream,
    /// A buffer (argument 0), bounded by argument `size` if any.
    Buffer { size: Option<usize> },
}

/// A modelled function: its format's argument index, its sink, and whether
/// its arguments come in a `va_list` (which kappa cannot read).
#[derive(Clone, Copy, Debug)]
struct PrintfFn {
    fmt: usize,
    sink: Sink,
    va_list: bool,
}

fn printf_function(name: &str) -> Option<PrintfFn> {
    let (fmt, sink, va_list) = match name {
        "printf" => (0, Sink::Stream, false),
        "vprintf" => (0, Sink::Stream, true),
        "fprintf" | "dprintf" => (1, Sink::Stream, false),
        "vfprintf" | "vdprintf" => (1, Sink::Stream, true),
        "sprintf" => (1, Sink::Buffer { size: None }, false),
        "vsprintf" => (1, Sink::Buffer { size: None }, true),
        "snprintf" => (2, Sink::Buffer { size: Some(1) }, false),
        "vsnprintf" => (2, Sink::Buffer { size: Some(1) }, true),
        _ => return None,
    };
    Some(PrintfFn { fmt, sink, va_list })
}

/// The functions [`printf`] models (those `printf_function` knows).
pub(super) const PRINTF_FUNCTIONS: &[&str] = &[
    "printf",
    "vprintf",
    "fprintf",
    "dprintf",
    "vfprintf",
    "vdprintf",
    "sprintf",
    "vsprintf",
    "snprintf",
    "vsnprintf",
];

/// Output functions without a format: no effect on program memory (the
/// strings they print are not read); the result is unconstrained.
pub(super) const OUTPUT_FUNCTIONS: &[&str] = &[
    "puts", "putchar", "fputs", "fputc", "putc", "fflush", "perror",
];

/// Whether `name` has a printf model (for the table's test).
#[cfg(test)]
pub(super) fn models(name: &str) -> bool {
    printf_function(name).is_some()
}

/// A function of [`PRINTF_FUNCTIONS`]: one call per possible value of the
/// format's address and of `snprintf`'s size, each modelled by
/// `Engine::call_printf`.
pub(super) fn printf(
    eng: &mut Engine<'_>,
    st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    for i in printf_concrete_args(c.name) {
        if c.arg(i).is_some_and(|n| !n.is_const()) {
            let what = format!("size argument of {}", c.name);
            return eng.call_for_each_value(st, c, i, &what, validate);
        }
    }
    let args = c.args.to_vec();
    eng.call_printf(st, c.name, args, c.dst, c.ret_loc, c.src, validate, &[])
}

/// A function of [`OUTPUT_FUNCTIONS`]: no effect, an unconstrained result.
pub(super) fn output(
    eng: &mut Engine<'_>,
    st: State,
    c: &Call<'_>,
    _: &mut Validate<'_>,
) -> StepOut {
    eng.finish_external(st, c.name, None, c.dst, c.ret_loc)
}

/// Indices of the arguments that must be concrete (the caller forks over
/// their few possible values): the format's address, the size of a
/// buffer function's buffer.
fn printf_concrete_args(name: &str) -> Vec<usize> {
    let Some(f) = printf_function(name) else {
        return vec![];
    };
    match f.sink {
        Sink::Buffer { size: Some(i) } => vec![f.fmt, i],
        _ => vec![f.fmt],
    }
}

/// What is known of the output so far: its bytes (buffer functions) or
/// only its length; `Err` says why not.
struct Output {
    count: Result<Expr, String>,
    bytes: Result<Vec<Expr>, String>,
}

impl Output {
    /// An integer conversion `s` of the `w`-bit `v` in a field (width,
    /// precision, `-`): its bytes when `v` is concrete, else its length.
    fn push_int(
        &mut self,
        s: &Spec,
        w: u32,
        v: Expr,
        (width, prec, minus): (u64, Option<u64>, bool),
    ) {
        match v.as_bv_const() {
            Some(bits) => self.push_bytes(&format::format_int(s, w, bits, width, prec, minus)),
            None => self.push_len(
                format::int_len(s, w, v, width, prec),
                &format!("a `%{}` of a symbolic value", s.conv as char),
            ),
        }
    }

    fn push_bytes(&mut self, v: &[u8]) {
        self.push_exprs(v.iter().map(|c| b::bv(8, *c as u128)).collect());
    }
    fn push_exprs(&mut self, v: Vec<Expr>) {
        if let Ok(c) = &mut self.count {
            *c = b::add(*c, b::bv(32, v.len() as u128));
        }
        if let Ok(bs) = &mut self.bytes {
            bs.extend(v);
        }
    }
    /// Output of a known length and unknown bytes.
    fn push_len(&mut self, len: Expr, why: &str) {
        if let Ok(c) = &mut self.count {
            *c = b::add(*c, len);
        }
        self.lose_bytes(why);
    }
    fn lose_bytes(&mut self, why: &str) {
        if self.bytes.is_ok() {
            self.bytes = Err(why.to_string());
        }
    }
    fn lose(&mut self, why: &str) {
        if self.count.is_ok() {
            self.count = Err(why.to_string());
        }
        self.lose_bytes(why);
    }
}

/// A printf-family call's result: the count of characters output when
/// known, else an unconstrained value; `Err` is the failure.
fn printf_result(name: &str, count: Result<Expr, String>, at: &str) -> Result<Expr, String> {
    Ok(match count {
        Ok(c) if c.as_bv_const().is_some_and(|v| v > i32::MAX as u128) => {
            return Err(format!(
                "unsupported: {name} outputs more than INT_MAX characters at {at}"
            ))
        }
        Ok(c) => c,
        Err(_) => b::sym(Symbol::fresh(
            &format!("ret_{name}"),
            Sort::Bv(32),
            SymbolKind::Fresh,
        )),
    })
}

/// The width and precision of the conversion `s` (a `*` takes an argument
/// through `take`) and whether it is left-justified (`-`, or a negative `*`
/// width); `Err` says why they are not known.
fn fields(
    s: &Spec,
    take: &dyn Fn(&str) -> Result<Expr, String>,
) -> Result<(u64, Option<u64>, bool), String> {
    let mut minus = s.minus;
    let mut star = |c: Option<Count>, is_width: bool| -> Result<Option<u64>, String> {
        match c {
            None => Ok(None),
            Some(Count::Fixed(v)) => Ok(Some(v)),
            Some(Count::Star) => {
                let v = take("a `*` field")?;
                let v = fit(v, 32).as_bv_const().ok_or("a symbolic `*` field")?;
                let v = kappa_expr::to_signed(v, 32);
                if v < 0 {
                    if !is_width {
                        return Ok(None); // as if omitted
                    }
                    minus = true;
                }
                let v = v.unsigned_abs() as u64;
                if v > MAX_FIELD {
                    return Err(format!("a `*` field of {v}"));
                }
                Ok(Some(v))
            }
        }
    };
    let width = star(s.width, true)?;
    let prec = star(s.prec, false)?;
    Ok((width.unwrap_or(0), prec, minus))
}

/// A `%c` of `byte` in a field of `width` (left-justified with `minus`).
fn char_field(byte: Expr, width: u64, minus: bool) -> Vec<Expr> {
    let spaces = vec![b::bv(8, b' ' as u128); width.saturating_sub(1) as usize];
    let mut v = vec![];
    if minus {
        v.push(byte);
        v.extend(spaces);
    } else {
        v.extend(spaces);
        v.push(byte);
    }
    v
}

/// Fits `e` to `w` bits (truncating or zero-extending).
fn fit(e: Expr, w: u32) -> Expr {
    let e = if e.sort() == Sort::Bool {
        b::bool_to_bv(e, 8)
    } else {
        e
    };
    match e.width() {
        x if x == w => e,
        x if x > w => b::trunc(e, w),
        _ => b::zext(e, w),
    }
}

impl Engine<'_> {
    /// The bytes of the zero-terminated string at `ptr` (without the zero),
    /// at most `limit` of them: the pointer and the bytes read must be
    /// concrete, and the string must end inside its object.
    fn c_string(&self, st: &mut State, ptr: Expr, limit: u64) -> Result<Vec<u8>, String> {
        let pb = self.ptr_bits();
        let addr = ptr.as_bv_const().ok_or("a symbolic pointer")? as u64;
        let (base, size, bounded) = match st.mem.find(addr) {
            Some(o) => (o.base, o.size, o.bound.is_some()),
            None => return Err(format!("an invalid pointer 0x{addr:x}")),
        };
        if bounded {
            return Err("a string in an object of symbolic size".into());
        }
        let mut out = vec![];
        let mut off = addr - base;
        while (out.len() as u64) < limit {
            if off >= size {
                return Err("an unterminated string (undefined behaviour)".into());
            }
            let c = st.mem.read(base, b::bv(pb, off as u128), 1);
            match c.as_bv_const() {
                Some(0) => break,
                Some(v) => out.push(v as u8),
                None => return Err("a string with symbolic characters".into()),
            }
            off += 1;
        }
        Ok(out)
    }

    /// Writes `bytes` at the concrete address `ptr`: they must lie in a
    /// writable object.
    fn write_at(&self, st: &mut State, ptr: Expr, bytes: &[Expr]) -> Result<(), String> {
        let n = bytes.len() as u64;
        let addr = ptr.as_bv_const().ok_or("through a symbolic pointer")? as u64;
        let (base, size, ro, bounded) = match st.mem.find(addr) {
            Some(o) => (o.base, o.size, o.read_only, o.bound.is_some()),
            None => return Err(format!("through an invalid pointer 0x{addr:x}")),
        };
        if bounded {
            return Err("into an object of symbolic size".into());
        }
        if ro || addr - base + n > size {
            return Err("out of bounds or into read-only memory (undefined behaviour)".into());
        }
        let pb = self.ptr_bits();
        for (i, v) in bytes.iter().enumerate() {
            let off = addr - base + i as u64;
            st.mem.write(base, b::bv(pb, off as u128), *v);
        }
        Ok(())
    }

    /// Runs the model of the printf-family function `name` (see
    /// [`PRINTF_FUNCTIONS`]; the size argument of `snprintf` is
    /// concrete) on a state whose path condition fixes the layout case
    /// (`format::int_case`) of the symbolic integer arguments listed in
    /// `cases` (argument index, case; none at the call itself).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_printf(
        &mut self,
        mut st: State,
        name: &str,
        args: Vec<Expr>,
        dst: Option<VarId>,
        ret_loc: Loc,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
        cases: &[(usize, u128)],
    ) -> StepOut {
        let f = printf_function(name).expect("a modelled printf function");
        let at = self.module.describe(src);
        let pb = self.ptr_bits();
        macro_rules! fail {
            ($($t:tt)*) => {{
                self.terminate(st, End::Failed(Failure::from(format!($($t)*))), validate);
                return StepOut::Done;
            }};
        }
        let Some(&fmt_ptr) = args.get(f.fmt) else {
            fail!("{name} without a format at {at}")
        };
        let pieces = match self
            .c_string(&mut st, fmt_ptr, u64::MAX)
            .and_then(|s| format::parse(&s))
        {
            Ok(p) => p,
            Err(why) => fail!("unsupported: {name} with a format holding {why} at {at}"),
        };
        let next = std::cell::Cell::new(f.fmt + 1);
        let take = |what: &str| -> Result<Expr, String> {
            if f.va_list {
                return Err(format!("{what} from a va_list"));
            }
            let a = args.get(next.get()).copied();
            next.set(next.get() + 1);
            a.ok_or_else(|| format!("a missing argument for {what} (undefined behaviour)"))
        };
        let mut out = Output {
            count: Ok(b::bv(32, 0)),
            bytes: Ok(vec![]),
        };
        // objects read by %s (a buffer function must not write into them)
        let mut sources: Vec<u64> = vec![];
        for piece in &pieces {
            let s: &Spec = match piece {
                Piece::Lit(l) => {
                    out.push_bytes(l);
                    continue;
                }
                Piece::Conv(s) => s,
            };
            let (width, prec, minus) = match fields(s, &take) {
                Ok(f) => f,
                Err(why) => {
                    if s.writes() {
                        fail!("unsupported: {name} with {why} at {at}");
                    }
                    // the argument is consumed all the same
                    let _ = take("a conversion");
                    out.lose(&why);
                    continue;
                }
            };
            let arg = match take(&format!("`%{}`", s.conv as char)) {
                Ok(a) => a,
                Err(why) => {
                    if s.writes() || why.contains("undefined") {
                        fail!("unsupported: {name} with {why} at {at}");
                    }
                    out.lose(&why);
                    continue;
                }
            };
            match s.conv {
                b'n' => {
                    if let Err(why) = self.printf_count(&mut st, &out, s, arg, name, &at) {
                        fail!("{why}");
                    }
                }
                _ if s.integer() => {
                    let w = s.len.bits(pb);
                    let v = fit(arg, w);
                    if !v.is_const() && f.sink != Sink::Stream {
                        // a buffer needs the bytes: one successor per layout
                        // case of the value (sign, zero, number of digits),
                        // whose bytes are terms (exact: `format::int_bytes`)
                        let i = next.get() - 1;
                        if let Some(&(_, case)) = cases.iter().find(|(k, _)| *k == i) {
                            let layout = (case, width, prec, minus);
                            match self.printf_digits(&mut st, s, w, v, layout, name, &at) {
                                Ok(bytes) => out.push_exprs(bytes),
                                Err(why) => fail!("{why}"),
                            }
                            continue;
                        }
                        let what = format!("the layout of argument {} of {name}", i + 1);
                        let case = format::int_case(s, w, v);
                        let args = args.clone();
                        return self.for_each_value_up_to(
                            st,
                            case,
                            format::MAX_CASES,
                            &what,
                            &at,
                            &mut |this, s2, c| {
                                let mut more = cases.to_vec();
                                more.push((i, c));
                                let a = args.clone();
                                this.call_printf(s2, name, a, dst, ret_loc, src, validate, &more)
                            },
                        );
                    }
                    out.push_int(s, w, v, (width, prec, minus));
                }
                b'c' => out.push_exprs(char_field(fit(arg, 8), width, minus)),
                _ => self.printf_text(
                    &mut st,
                    &mut out,
                    &mut sources,
                    s,
                    arg,
                    (width, prec, minus),
                ),
            }
        }
        if let Err(why) = self.printf_to_buffer(&mut st, f, name, &args, out.bytes, &sources, &at) {
            fail!("{why}");
        }
        let result = match printf_result(name, out.count, &at) {
            Ok(r) => r,
            Err(why) => fail!("{why}"),
        };
        if let Some(d) = dst {
            let ty = self.module.func(st.func()).vars[d.index()].ty;
            let v = match ty {
                Ty::Bool => b::ne(result, b::bv(32, 0)),
                Ty::Int(w) => fit(result, w),
            };
            st.frame_mut().regs[d.index()] = Some(v);
        }
        st.loc = ret_loc;
        StepOut::Continue(st)
    }

    /// A `%s` or `%p` conversion of `arg` into `out` (the objects `%s`
    /// reads noted in `sources`).
    fn printf_text(
        &mut self,
        st: &mut State,
        out: &mut Output,
        sources: &mut Vec<u64>,
        s: &Spec,
        arg: Expr,
        (width, prec, minus): (u64, Option<u64>, bool),
    ) {
        let pb = self.ptr_bits();
        match s.conv {
            b's' => match self.c_string(st, arg, prec.unwrap_or(u64::MAX)) {
                Ok(text) => {
                    if let Some(o) = arg.as_bv_const().and_then(|a| st.mem.find(a as u64)) {
                        sources.push(o.base);
                    }
                    out.push_bytes(&format::format_other(s, &text, 0, width, minus));
                }
                Err(why) => out.lose(&format!("a `%s` of {why}")),
            },
            // %p: only null prints the same natively (kappa's addresses
            // are not those of a native run)
            _ => match fit(arg, pb).as_bv_const() {
                Some(0) => out.push_bytes(&format::format_other(s, &[], 0, width, minus)),
                _ => out.lose("a `%p` of a non-null pointer"),
            },
        }
    }

    /// A `%n`: writes the count of characters output so far through `arg`
    /// (converted to the pointed type); `Err` is the failure.
    fn printf_count(
        &mut self,
        st: &mut State,
        out: &Output,
        s: &Spec,
        arg: Expr,
        name: &str,
        at: &str,
    ) -> Result<(), String> {
        let count = match &out.count {
            Ok(c) => *c,
            Err(why) => {
                return Err(format!(
                "unsupported: {name}'s %n after output whose length is not known ({why}) at {at}"
            ))
            }
        };
        let v = fit(count, s.len.bits(self.ptr_bits()));
        let bytes: Vec<Expr> = (0..v.width() / 8)
            .map(|i| b::extract(8 * i + 7, 8 * i, v))
            .collect();
        self.write_at(st, arg, &bytes)
            .map_err(|why| format!("unsupported: {name}'s %n writing {why} at {at}"))
    }

    /// The bytes of an integer conversion of the symbolic `v` (of `w`
    /// bits) whose layout (`case`, with the field's width, precision and
    /// `-`) the path condition fixes: the layout's constants and the
    /// digits as fresh symbols defined over `v`, constrained on `st`
    /// (exact: `format::int_bytes`); `Err` is the failure.
    #[allow(clippy::too_many_arguments)]
    fn printf_digits(
        &mut self,
        st: &mut State,
        s: &Spec,
        w: u32,
        v: Expr,
        (case, width, prec, minus): (u128, u64, Option<u64>, bool),
        name: &str,
        at: &str,
    ) -> Result<Vec<Expr>, String> {
        let mut syms = vec![];
        let mut digit = |j: u32| {
            let d = format!("digit{j}_{name}");
            let d = Symbol::fresh(&d, Sort::Bv(8), SymbolKind::Fresh);
            syms.push(d);
            b::sym(d)
        };
        let (bytes, defs) = format::int_bytes(s, w, v, case, width, prec, minus, &mut digit);
        // the digits of the witness's value satisfy the definitions (the one
        // decomposition), so they extend the witness with no query; a state
        // whose witness is no model asks the solver
        let known = (!st.witness_unchecked)
            .then(|| kappa_expr::eval(v, &st.witness))
            .flatten()
            .map(|x| format::decimal_digits(s, w, x.bits(), syms.len()));
        match known {
            Some(ds) => {
                let mut m = kappa_expr::Assignment::default();
                for (d, val) in syms.iter().zip(ds) {
                    m.set(*d, val);
                }
                Self::constrain(st, defs, Some((syms, m)));
            }
            None => match self.feasible(st, defs) {
                Feas::Sat(m) => Self::constrain(st, defs, m),
                Feas::Unsat => return Err(format!("internal: {name}'s digits infeasible at {at}")),
                Feas::Unknown(r) => return Err(format!("solver {r} on {name}'s digits at {at}")),
            },
        }
        Ok(bytes)
    }

    /// A buffer function's write of the output `bytes` (at most `n - 1` of
    /// them for `snprintf`, then a zero) to its buffer, which must not be
    /// an object a `%s` read (`sources`); `Err` is the failure.
    #[allow(clippy::too_many_arguments)]
    fn printf_to_buffer(
        &mut self,
        st: &mut State,
        f: PrintfFn,
        name: &str,
        args: &[Expr],
        bytes: Result<Vec<Expr>, String>,
        sources: &[u64],
        at: &str,
    ) -> Result<(), String> {
        let Sink::Buffer { size } = f.sink else {
            return Ok(());
        };
        let pb = self.ptr_bits();
        let bytes = bytes
            .map_err(|why| format!("unsupported: {name} writing {why} to a buffer at {at}"))?;
        let limit = match size {
            None => u64::MAX,
            Some(i) => match args.get(i).and_then(|n| fit(*n, pb).as_bv_const()) {
                Some(n) => n as u64,
                None => return Err(format!("unsupported: {name} with a symbolic size at {at}")),
            },
        };
        if limit == 0 {
            return Ok(());
        }
        let n = (bytes.len() as u64).min(limit - 1) as usize;
        let Some(&d) = args.first() else {
            return Err(format!("{name} without a buffer at {at}"));
        };
        if let Some(o) = d.as_bv_const().and_then(|a| st.mem.find(a as u64)) {
            if sources.contains(&o.base) {
                return Err(format!(
                    "unsupported: {name} into the object a `%s` argument reads at {at}"
                ));
            }
        }
        let mut text = bytes[..n].to_vec();
        text.push(b::bv(8, 0));
        self.write_at(st, d, &text)
            .map_err(|why| format!("{name} writing {} bytes {why} at {at}", text.len()))
    }
}
