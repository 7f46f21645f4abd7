//! Models of the `<string.h>` functions that benchmarks call: `strlen`,
//! `strnlen`, `strcpy`, `strncpy`, `strcmp`, `strncmp`, `strchr`, `memcmp`
//! (and `bcmp`), `memchr`, also under their `__builtin_` spellings.
//!
//! The models are bit-precise over symbolic bytes. Every pointer argument is
//! resolved to an object (one successor per object, through the engine's
//! `resolve`); a symbolic offset into the object is split into its possible
//! values (at most [`MAX_OFFSETS`]; functions that only read take the
//! remaining values in one more state where the offset stays symbolic and
//! every position is checked against the object's end, in objects of at
//! most [`MAX_SYMBOLIC_OFFSET_OBJECT`] bytes; anything else is a failed
//! leaf). Position `i` of the argument is the byte at `offset + i`, and a
//! function's result is an if-then-else chain over the positions where the
//! scan may stop (the first zero byte for `strlen`, the first difference
//! for `strcmp`, ...).
//!
//! Undefined behaviour is checked like the engine's other obligations
//! (a possible violation is a failed leaf, the path goes on under the
//! defined case): reading or writing past the end of an object (e.g. no
//! zero byte between the start offset and the end of the object for
//! `strlen`), writing to read-only memory, overlapping `strcpy`/`strncpy`.
//! A chain is at most [`MAX_SYMBOLIC_POSITIONS`] positions deep where the
//! stop condition is symbolic; a string that may go on beyond that is a
//! failed leaf ("unsupported"), never silently cut.
//!
//! Also the memory functions `memset`, `memcpy`, `memmove` (and LLVM's
//! intrinsics): byte by byte over one object at a concrete length, or the
//! bounded model of a symbolic length (`access`).

mod formulas;

use super::{Call, Validate};
use crate::exec::{Feas, StepOut};
use crate::state::State;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use formulas::{
    below, compare_at, max_len, search_at, sign_result, strcpy_bytes, strncpy_bytes, to_width,
    Scan, Stop,
};
use kappa_expr::build::{self as b};
use kappa_expr::Expr;
use kappa_ir::{Loc, SrcLoc, Ty, VarId};

/// Largest number of positions with a symbolic stop condition that one call
/// examines (the depth of the result's if-then-else chain). A call whose
/// result may depend on later positions is a failed leaf for those cases.
pub(crate) const MAX_SYMBOLIC_POSITIONS: usize = 4096;

/// Largest number of values a symbolic offset of a pointer argument is split
/// into. Functions that only read handle the further values in one more
/// state with the offset symbolic, in objects of at most
/// [`MAX_SYMBOLIC_OFFSET_OBJECT`] bytes; otherwise they are a failed leaf.
pub(crate) const MAX_OFFSETS: usize = 16;

/// Largest object read at a symbolic offset (each position read is an
/// if-then-else over the object's bytes: quadratic in this size).
pub(crate) const MAX_SYMBOLIC_OFFSET_OBJECT: u64 = 256;

/// The modelled functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Func {
    Strlen,
    Strnlen,
    Strcpy,
    Strncpy,
    Strcmp,
    Strncmp,
    Strchr,
    Memcmp,
    Memchr,
}

impl Func {
    fn from_name(name: &str) -> Option<Func> {
        let name = name.strip_prefix("__builtin_").unwrap_or(name);
        Some(match name {
            "strlen" => Func::Strlen,
            "strnlen" => Func::Strnlen,
            "strcpy" => Func::Strcpy,
            "strncpy" => Func::Strncpy,
            "strcmp" => Func::Strcmp,
            "strncmp" => Func::Strncmp,
            "strchr" => Func::Strchr,
            // bcmp: zero iff equal, any nonzero value otherwise; the memcmp
            // model's result is one of those
            "memcmp" | "bcmp" => Func::Memcmp,
            "memchr" => Func::Memchr,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Func::Strlen => "strlen",
            Func::Strnlen => "strnlen",
            Func::Strcpy => "strcpy",
            Func::Strncpy => "strncpy",
            Func::Strcmp => "strcmp",
            Func::Strncmp => "strncmp",
            Func::Strchr => "strchr",
            Func::Memcmp => "memcmp",
            Func::Memchr => "memchr",
        }
    }

    fn arity(self) -> usize {
        match self {
            Func::Strlen => 1,
            Func::Strnlen | Func::Strcpy | Func::Strcmp | Func::Strchr => 2,
            Func::Strncpy | Func::Strncmp | Func::Memcmp | Func::Memchr => 3,
        }
    }

    /// Whether the function only reads memory.
    fn read_only(self) -> bool {
        !matches!(self, Func::Strcpy | Func::Strncpy)
    }

    /// Indices of the pointer arguments.
    fn pointers(self) -> &'static [usize] {
        match self {
            Func::Strlen | Func::Strnlen | Func::Strchr | Func::Memchr => &[0],
            _ => &[0, 1],
        }
    }
}

/// Whether `name` (an external function) is modelled here.
/// A pointer argument resolved to an object and an offset in it: concrete
/// (`sym` is `None`), or symbolic with more values than were worth
/// splitting (read-only arguments only; then `off` is 0 and `avail` the
/// object's size, the bounds of the possible offsets, and every position
/// is guarded by its own bounds check).
#[derive(Clone, Copy, Debug)]
struct Arg {
    base: u64,
    off: u64,
    /// Bytes from the offset to the end of the object (at most).
    avail: u64,
    size: u64,
    read_only: bool,
    sym: Option<Expr>,
}

impl Arg {
    fn off_expr(&self, pb: u32) -> Expr {
        self.sym.unwrap_or_else(|| b::bv(pb, self.off as u128))
    }

    /// The byte at position `i` (`i < avail`). At a symbolic offset: an
    /// if-then-else over the object's bytes (the memory keeps its form;
    /// the solver does much better on this than on an array read),
    /// unconstrained (0) past the end, where `inb` is false.
    fn byte(&self, st: &mut State, i: u64) -> Expr {
        let pb = st.mem.ptr_bits();
        match self.sym {
            None => st.mem.read(self.base, b::bv(pb, (self.off + i) as u128), 1),
            Some(o) => {
                let at = b::add(o, b::bv(pb, i as u128));
                let mut v = b::bv(8, 0);
                for k in (i..self.size).rev() {
                    let cell = st.mem.read(self.base, b::bv(pb, k as u128), 1);
                    v = b::ite(b::eq(at, b::bv(pb, k as u128)), cell, v);
                }
                v
            }
        }
    }

    /// The address of position `i`.
    fn ptr(&self, i: u64, pb: u32) -> Expr {
        b::add(
            b::bv(pb, self.base as u128),
            b::add(self.off_expr(pb), b::bv(pb, i as u128)),
        )
    }

    /// Position `i` (`i < avail`) is inside the object.
    fn inb(&self, i: u64, pb: u32) -> Expr {
        match self.sym {
            None => b::tru(),
            Some(o) => b::ult(
                b::add(o, b::bv(pb, i as u128)),
                b::bv(pb, self.size as u128),
            ),
        }
    }

    /// Bytes from the offset to the end of the object.
    fn avail_expr(&self, pb: u32) -> Expr {
        match self.sym {
            None => b::bv(pb, self.avail as u128),
            Some(o) => b::sub(b::bv(pb, self.size as u128), o),
        }
    }
}
impl Engine<'_> {
    /// Runs the model of the string function `name` (see
    /// [`STRING_FUNCTIONS`]): resolves the pointer arguments, checks the
    /// obligations, performs the writes, stores the result in `dst` and
    /// continues at `ret_loc`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_string_function(
        &mut self,
        st: State,
        name: &str,
        args: Vec<Expr>,
        dst: Option<VarId>,
        ret_loc: Loc,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let f = Func::from_name(name).expect("a modelled string function");
        let at = self.module.describe(src);
        if args.len() < f.arity() {
            self.terminate(
                st,
                End::Failed(Failure::from(format!(
                    "{} with too few arguments at {at}",
                    f.name()
                ))),
                validate,
            );
            return StepOut::Done;
        }
        // one successor per object and offset of each pointer argument
        let mut cur: Vec<(State, Vec<Arg>)> = vec![(st, vec![])];
        for &i in f.pointers() {
            let mut next = vec![];
            for (s, objs) in cur {
                // a zero-byte access: one-past-the-end pointers resolve too;
                // the models check every position they touch
                for (s2, base, off) in self.resolve(s, args[i], 0, false, src, validate) {
                    let offs: Vec<(State, Option<u128>)> = match off.as_bv_const() {
                        Some(o) => vec![(s2, Some(o))],
                        None => {
                            let rest = s2.clone();
                            let (v, dropped) = self.enumerate(s2, off, MAX_OFFSETS);
                            let mut out = vec![];
                            let mut others = b::tru();
                            for (s3, o) in v {
                                others = b::and(others, b::ne(off, b::bv(off.width(), o)));
                                out.push((s3, Some(o)));
                            }
                            if let Some(why) = dropped {
                                // functions that only read: the remaining
                                // offsets stay symbolic in one more state
                                let mut covered = false;
                                let small = rest
                                    .mem
                                    .object_at(base)
                                    .is_some_and(|o| o.size <= MAX_SYMBOLIC_OFFSET_OBJECT);
                                if f.read_only() && small {
                                    match self.feasible(&rest, others) {
                                        Feas::Sat(m) => {
                                            let mut r = rest;
                                            r.id = self.new_state_id();
                                            self.stats.states += 1;
                                            Self::constrain(&mut r, others, m);
                                            out.push((r, None));
                                            covered = true;
                                        }
                                        Feas::Unsat => covered = true,
                                        Feas::Unknown(_) => {}
                                    }
                                }
                                if !covered {
                                    self.record_failed(format!(
                                        "{why} (offset of argument {} of {} at {at})",
                                        i + 1,
                                        f.name()
                                    ));
                                }
                            }
                            out
                        }
                    };
                    for (s3, o) in offs {
                        let obj = s3.mem.object_at(base).expect("resolved object");
                        let (read_only, extent) = (obj.read_only, obj.size);
                        // the models scan up to a concrete size: an object of
                        // symbolic size (VLA, malloc(n)) is split by the few
                        // sizes it may have (the rest is a failed leaf)
                        let sized: Vec<(State, u64)> = match obj.bound {
                            None => vec![(s3, extent)],
                            Some(bound) => {
                                let (v, dropped) = self.enumerate(s3, bound, MAX_OFFSETS);
                                if let Some(why) = dropped {
                                    self.record_failed(format!(
                                        "{why} (size of the object of argument {} of {} at {at})",
                                        i + 1,
                                        f.name()
                                    ));
                                }
                                v.into_iter()
                                    .map(|(s4, n)| (s4, (n as u64).min(extent)))
                                    .collect()
                            }
                        };
                        for (s3, size) in sized {
                            let arg = match o {
                                Some(o) => Arg {
                                    base,
                                    off: o as u64,
                                    avail: size.saturating_sub(o as u64),
                                    size,
                                    read_only,
                                    sym: None,
                                },
                                None => Arg {
                                    base,
                                    off: 0,
                                    avail: size,
                                    size,
                                    read_only,
                                    sym: Some(off),
                                },
                            };
                            let mut objs = objs.clone();
                            objs.push(arg);
                            next.push((s3, objs));
                        }
                    }
                }
            }
            cur = next;
        }
        let mut outs = vec![];
        for (mut s, objs) in cur {
            let Some(result) = self.string_model(&mut s, f, &args, &objs, &at) else {
                self.terminate(s, End::Pruned, validate);
                continue;
            };
            if let Some(d) = dst {
                let ty = self.module.func(s.func()).vars[d.index()].ty;
                let v = match ty {
                    Ty::Bool => b::ne(result, b::bv(result.width(), 0)),
                    Ty::Int(w) => to_width(result, w),
                };
                s.frame_mut().regs[d.index()] = Some(v);
            }
            s.loc = ret_loc;
            outs.push(s);
        }
        self.fan_out(outs)
    }

    /// Requires `cond` for the path to go on: if its negation is feasible,
    /// records the failed leaf `what`; then continues under `cond` (false:
    /// the path cannot continue; the caller prunes it).
    pub(crate) fn require(&mut self, st: &mut State, cond: Expr, what: String) -> bool {
        if cond.as_bool_const() == Some(true) {
            return true;
        }
        match self.feasible(st, b::not(cond)) {
            Feas::Unsat => return true,
            Feas::Sat(_) => self.record_failed(what),
            Feas::Unknown(r) => {
                self.record_failed(Failure::Solver(format!("solver {r} deciding: {what}")))
            }
        }
        match self.feasible(st, cond) {
            Feas::Sat(m) => {
                Self::constrain(st, cond, m);
                true
            }
            _ => false,
        }
    }

    /// Requires `covered` (from [`Scan::covered`]: the scan `sc` covered
    /// every position the function may touch); a violation is undefined
    /// behaviour, or unsupported if the scan stopped at the budget.
    fn require_scan(
        &mut self,
        st: &mut State,
        sc: &Scan,
        covered: Expr,
        f: Func,
        ub: &str,
        at: &str,
    ) -> bool {
        let what = if sc.stop == Stop::Budget {
            format!(
                "unsupported: {} over more than {MAX_SYMBOLIC_POSITIONS} bytes of symbolic data at {at}",
                f.name()
            )
        } else {
            format!("possible undefined behaviour: {} {ub} at {at}", f.name())
        };
        self.require(st, covered, what)
    }

    /// The model proper, on resolved arguments. Returns the result (any
    /// width; fitted to the destination by the caller), or `None` when the
    /// path cannot go on (failure already recorded).
    fn string_model(
        &mut self,
        st: &mut State,
        f: Func,
        args: &[Expr],
        objs: &[Arg],
        at: &str,
    ) -> Option<Expr> {
        let pb = self.ptr_bits();
        let byte = |st: &mut State, a: &Arg, i: u64| a.byte(st, i);
        let ptr = |a: &Arg, i: u64| a.ptr(i, pb);
        let null = b::bv(pb, 0);
        let zero8 = b::bv(8, 0);
        match f {
            Func::Strlen | Func::Strnlen | Func::Strchr | Func::Memchr => {
                let a = objs[0];
                let n = match f {
                    Func::Strnlen => Some(to_width(args[1], pb)),
                    Func::Memchr => Some(to_width(args[2], pb)),
                    _ => None,
                };
                let ch = match f {
                    Func::Strchr | Func::Memchr => b::trunc(args[1], 8),
                    _ => zero8,
                };
                let limit = a.avail.min(max_len(n));
                let sc = Scan::run(limit, |i| {
                    search_at(f, i, n, a.inb(i, pb), byte(st, &a, i), ch, ptr(&a, i))
                });
                let n_inside = n.map_or(b::tru(), |n| b::ule(n, a.avail_expr(pb)));
                let ub = "reads past the end of an object";
                if !self.require_scan(st, &sc, sc.covered(n, n_inside), f, ub, at) {
                    return None;
                }
                // no stop within the examined positions: strnlen gives n,
                // memchr null (strlen/strchr: excluded by the requirement)
                let default = match f {
                    Func::Strnlen => n.expect("strnlen has a length"),
                    Func::Strlen => b::bv(pb, sc.examined as u128),
                    _ => null,
                };
                Some(sc.result(default))
            }
            Func::Strcmp | Func::Strncmp | Func::Memcmp => {
                let (x, y) = (objs[0], objs[1]);
                let n = match f {
                    Func::Strcmp => None,
                    _ => Some(to_width(args[2], pb)),
                };
                if f == Func::Memcmp {
                    // memcmp may read all n bytes whatever their contents
                    let n = n.expect("memcmp has a length");
                    let inb = b::and(b::ule(n, x.avail_expr(pb)), b::ule(n, y.avail_expr(pb)));
                    let what =
                        format!("possible undefined behaviour: memcmp reads past the end of an object at {at}");
                    if !self.require(st, inb, what) {
                        return None;
                    }
                }
                let limit = x.avail.min(y.avail).min(max_len(n));
                let sc = Scan::run(limit, |i| {
                    let (p, q) = (byte(st, &x, i), byte(st, &y, i));
                    let inb = b::and(x.inb(i, pb), y.inb(i, pb));
                    compare_at(f == Func::Memcmp, i, n, inb, p, q)
                });
                let n_inside = n.map_or(b::tru(), |n| {
                    b::and(b::ule(n, x.avail_expr(pb)), b::ule(n, y.avail_expr(pb)))
                });
                let ub = "reads past the end of an object";
                if !self.require_scan(st, &sc, sc.covered(n, n_inside), f, ub, at) {
                    return None;
                }
                Some(sign_result(sc.result(b::bv(2, 0))))
            }
            Func::Strcpy => {
                let (d, s) = (objs[0], objs[1]);
                debug_assert!(d.sym.is_none() && s.sym.is_none(), "concrete offsets");
                if d.read_only {
                    self.record_failed(Failure::PossibleUb(format!(
                        "possible undefined behaviour: strcpy writes to read-only memory at {at}"
                    )));
                    return None;
                }
                let mut bytes = vec![];
                let sc = Scan::run(s.avail.min(d.avail), |i| {
                    let p = byte(st, &s, i);
                    bytes.push(p);
                    (b::eq(p, zero8), p)
                });
                let ub = "reads or writes past the end of an object (source unterminated or longer than the destination)";
                if !self.require_scan(st, &sc, sc.covered(None, b::tru()), f, ub, at) {
                    return None;
                }
                if d.base == s.base {
                    // the source string (with its zero) must end before the
                    // distance between the two ranges
                    let dist = d.off.abs_diff(s.off);
                    let mut apart = b::fls();
                    for (_, h, _) in sc.hits.iter().filter(|h| h.0 < dist) {
                        apart = b::or(apart, *h);
                    }
                    let what = format!(
                        "possible undefined behaviour: strcpy between overlapping objects at {at}"
                    );
                    if !self.require(st, apart, what) {
                        return None;
                    }
                }
                let new = strcpy_bytes(&bytes, |i| byte(st, &d, i));
                for (i, v) in new.into_iter().enumerate() {
                    st.mem
                        .write(d.base, b::bv(pb, d.off as u128 + i as u128), v);
                }
                Some(ptr(&d, 0))
            }
            Func::Strncpy => self.strncpy_model(st, args, objs, at),
        }
    }

    /// `strncpy`'s model (see [`Self::string_model`]).
    fn strncpy_model(
        &mut self,
        st: &mut State,
        args: &[Expr],
        objs: &[Arg],
        at: &str,
    ) -> Option<Expr> {
        let f = Func::Strncpy;
        let pb = self.ptr_bits();
        let byte = |st: &mut State, a: &Arg, i: u64| a.byte(st, i);
        let ptr = |a: &Arg, i: u64| a.ptr(i, pb);
        let zero8 = b::bv(8, 0);
        let (d, s) = (objs[0], objs[1]);
        debug_assert!(d.sym.is_none() && s.sym.is_none(), "concrete offsets");
        let n = to_width(args[2], pb);
        let what = format!(
            "possible undefined behaviour: strncpy writes past the end of an object at {at}"
        );
        if !self.require(st, b::ule(n, b::bv(pb, d.avail as u128)), what) {
            return None;
        }
        if d.read_only {
            let what =
                format!("possible undefined behaviour: strncpy writes to read-only memory at {at}");
            if !self.require(st, b::eq(n, b::bv(pb, 0)), what) {
                return None;
            }
        }
        let limit = d.avail.min(max_len(Some(n)));
        // the source is read up to its zero or n bytes
        let mut bytes = vec![];
        let sc = Scan::run(s.avail.min(limit), |i| {
            let p = byte(st, &s, i);
            bytes.push(p);
            (b::and(below(i, Some(n)), b::eq(p, zero8)), p)
        });
        let ub = "reads past the end of an object";
        if !self.require_scan(st, &sc, sc.covered(Some(n), b::tru()), f, ub, at) {
            return None;
        }
        if d.base == s.base {
            let apart = if d.off >= s.off {
                // the bytes read (up to the zero or n) end before d
                let dist = d.off - s.off;
                let mut c = b::ule(n, b::bv(pb, dist as u128));
                for p in bytes.iter().take(dist as usize) {
                    c = b::or(c, b::eq(*p, zero8));
                }
                c
            } else {
                b::ule(n, b::bv(pb, (s.off - d.off) as u128))
            };
            let what = format!(
                "possible undefined behaviour: strncpy between overlapping objects at {at}"
            );
            if !self.require(st, apart, what) {
                return None;
            }
        }
        // positions written: all of 0..n (n symbolic: guarded, up to
        // the budget)
        let mut width = limit;
        if n.as_bv_const().is_none() && width > MAX_SYMBOLIC_POSITIONS as u64 {
            width = MAX_SYMBOLIC_POSITIONS as u64;
            let what = format!(
                "unsupported: strncpy with a symbolic length over more than {MAX_SYMBOLIC_POSITIONS} bytes at {at}"
            );
            if !self.require(st, b::ule(n, b::bv(pb, width as u128)), what) {
                return None;
            }
        }
        let new = strncpy_bytes(&bytes, n, width, |i| byte(st, &d, i));
        for (i, v) in new.into_iter().enumerate() {
            st.mem
                .write(d.base, b::bv(pb, d.off as u128 + i as u128), v);
        }
        Some(ptr(&d, 0))
    }
}

/// Every name of a modelled `<string.h>` function (also `__builtin_` ones).
pub(crate) const STRING_FUNCTIONS: &[&str] = &[
    "strlen",
    "strnlen",
    "strcpy",
    "strncpy",
    "strcmp",
    "strncmp",
    "strchr",
    "memcmp",
    "bcmp",
    "memchr",
    "__builtin_strlen",
    "__builtin_strnlen",
    "__builtin_strcpy",
    "__builtin_strncpy",
    "__builtin_strcmp",
    "__builtin_strncmp",
    "__builtin_strchr",
    "__builtin_memcmp",
    "__builtin_bcmp",
    "__builtin_memchr",
];

/// Whether `name` has a string model (for the table's test).
#[cfg(test)]
pub(super) fn models(name: &str) -> bool {
    Func::from_name(name).is_some()
}

/// A `<string.h>` function of [`STRING_FUNCTIONS`] (its model:
/// `Engine::call_string_function`).
pub(super) fn string_function(
    eng: &mut Engine<'_>,
    st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    let args = c.args.to_vec();
    eng.call_string_function(st, c.name, args, c.dst, c.ret_loc, c.src, validate)
}

/// `memset` and `llvm.memset`.
pub(super) fn memset(
    eng: &mut Engine<'_>,
    st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    memory_function(eng, st, c, validate, true)
}

/// `memcpy`, `memmove`, `llvm.memcpy`, `llvm.memmove`.
pub(super) fn memcpy(
    eng: &mut Engine<'_>,
    st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    memory_function(eng, st, c, validate, false)
}

/// A memory function: of a symbolic length between concrete addresses, a
/// bounded model (`Engine::memop_symbolic_length`) instead of forking over
/// lengths; else one call per possible length, each of a concrete length.
fn memory_function(
    eng: &mut Engine<'_>,
    st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
    is_memset: bool,
) -> StepOut {
    let sym_len = match (c.arg(0), c.arg(1), c.arg(2)) {
        (Some(d), Some(s_), Some(n))
            if !n.is_const() && d.is_const() && (is_memset || s_.is_const()) =>
        {
            eng.bounded_length(&st, n)
        }
        _ => None,
    };
    if let Some(limit) = sym_len {
        let (Some(d), Some(s_), Some(n)) = (c.arg(0), c.arg(1), c.arg(2)) else {
            unreachable!("matched above")
        };
        let what = if is_memset { "memset" } else { "copy" };
        let from = if is_memset { None } else { Some(s_) };
        let fill = is_memset.then(|| b::trunc(s_, 8));
        let Some(mut s) =
            eng.memop_symbolic_length(st, d, from, fill, n, limit, what, c.src, validate)
        else {
            return StepOut::Done;
        };
        if let Some(dv) = c.dst {
            s.frame_mut().regs[dv.index()] = Some(d);
        }
        s.loc = c.ret_loc;
        return StepOut::Continue(s);
    }
    if c.arg(2).is_some_and(|n| !n.is_const()) {
        let what = format!("argument of {}", c.name);
        return eng.call_for_each_value(st, c, 2, &what, validate);
    }
    if is_memset {
        memset_concrete(eng, st, c, validate)
    } else {
        memcpy_concrete(eng, st, c, validate)
    }
}

/// `memset` (and `llvm.memset`) of a concrete length.
fn memset_concrete(
    eng: &mut Engine<'_>,
    mut st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    let at = c.at;
    let (Some(d), Some(fill), Some(n)) = (c.arg(0), c.arg(1), c.arg(2)) else {
        fail!(eng, st, validate, "memset without arguments at {at}")
    };
    let n = conc!(eng, st, validate, n, "memset length", at) as u64;
    let byte = b::trunc(fill, 8);
    let (st2, ok) = eng.for_each_byte(st, d, n, true, c.src, validate, &mut |s, base, off| {
        s.mem.write(base, off, byte);
    });
    let Some(s) = st2 else { return StepOut::Done };
    st = s;
    if !ok {
        return StepOut::Done;
    }
    let result = Some(d);
    eng.finish_external(st, c.name, result, c.dst, c.ret_loc)
}

/// `memcpy`, `memmove` (and LLVM's) of a concrete length.
fn memcpy_concrete(
    eng: &mut Engine<'_>,
    mut st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    let (name, at) = (c.name, c.at);
    let pb = eng.ptr_bits();
    let (Some(d), Some(s_), Some(n)) = (c.arg(0), c.arg(1), c.arg(2)) else {
        fail!(eng, st, validate, "{name} without arguments at {at}")
    };
    let n = conc!(eng, st, validate, n, "copy length", at) as u64;
    let mut bytes = vec![];
    let mut from = None;
    let (st2, ok) = eng.for_each_byte(st, s_, n, false, c.src, validate, &mut |s, base, off| {
        from.get_or_insert((base, off));
        bytes.push(s.mem.read(base, off, 1));
    });
    let Some(s) = st2 else { return StepOut::Done };
    if !ok {
        return StepOut::Done;
    }
    st = s;
    let mut k = 0;
    let mut to = None;
    let (st3, ok) = eng.for_each_byte(st, d, n, true, c.src, validate, &mut |s, base, off| {
        to.get_or_insert((base, off));
        s.mem.write(base, off, bytes[k]);
        k += 1;
    });
    let Some(s) = st3 else { return StepOut::Done };
    if !ok {
        return StepOut::Done;
    }
    st = s;
    // memcpy between overlapping ranges is undefined (equal ranges
    // are allowed, as for llvm.memcpy); the copy above is the
    // memmove one, which agrees with memcpy on the other cases
    if let (false, Some((sb, so)), Some((db, dof))) = (c.base.ends_with("memmove"), from, to) {
        if sb == db {
            let len = b::bv(pb, n as u128);
            let apart = b::or(
                b::eq(so, dof),
                b::or(b::ule(b::add(so, len), dof), b::ule(b::add(dof, len), so)),
            );
            let what =
                format!("possible undefined behaviour: {name} between overlapping ranges at {at}");
            if !eng.require(&mut st, apart, what) {
                eng.terminate(st, End::Pruned, validate);
                return StepOut::Done;
            }
        }
    }
    let result = Some(d);
    eng.finish_external(st, name, result, c.dst, c.ret_loc)
}
