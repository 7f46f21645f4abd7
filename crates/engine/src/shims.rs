//! Models of external functions: heap management, memory intrinsics, output
//! functions without a format, exit handler registration (`atexit`,
//! `on_exit`, `__cxa_atexit`) and `exit`, `__kappa_trace`; the `<string.h>`
//! functions are dispatched to `strings`, the `printf` family to `printf`,
//! and program exit to `structors`. Any other external function makes the
//! path a failed leaf (its effect is unknown).

use crate::exec::StepOut;
use crate::memory::{ObjKind, MAX_OBJECT_SIZE};
use crate::state::State;
use crate::structors::ExitEntry;
use crate::Failure;
use crate::{End, Engine, ErrorWitness, Validation};
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{FuncId, Loc, SrcLoc, Ty, VarId};

/// Largest number of bytes a realloc involving a symbolic size copies
/// byte by byte (conditionally); beyond, the path is a failed leaf.
const REALLOC_COPY_MAX: u64 = 1 << 16;

/// Output functions without a format: no effect on program memory (the
/// strings they print are not read); the result is unconstrained. (The
/// `printf` family is modelled in `printf`.)
const OUTPUT_FUNCTIONS: &[&str] = &[
    "puts", "putchar", "fputs", "fputc", "putc", "fflush", "perror",
];

impl Engine<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call_external(
        &mut self,
        mut st: State,
        target: FuncId,
        args: Vec<Expr>,
        dst: Option<VarId>,
        ret_loc: Loc,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
    ) -> StepOut {
        let pb = self.ptr_bits();
        let name = self.module.func(target).name.clone();
        let at = self.module.describe(src);
        let arg = |i: usize| args.get(i).copied();
        macro_rules! fail {
            ($($t:tt)*) => {{
                self.terminate(st, End::Failed(Failure::from(format!($($t)*))), validate);
                return StepOut::Done;
            }};
        }
        macro_rules! conc {
            ($e:expr, $what:expr) => {
                match self.concretize(&mut st, $e, $what) {
                    Some(v) => v,
                    None => fail!("solver could not concretize the {} at {at}", $what),
                }
            };
        }
        if crate::strings::is_string_function(&name) {
            return self.call_string_function(st, &name, args, dst, ret_loc, src, validate);
        }
        if crate::printf::is_printf_function(&name) {
            // the format's address, the size of snprintf's buffer: one
            // call per possible value
            for i in crate::printf::printf_concrete_args(&name) {
                if let Some(n) = arg(i).filter(|n| !n.is_const()) {
                    return self.for_each_value(
                        st,
                        n,
                        &format!("size argument of {name}"),
                        &at,
                        &mut |this, s, v| {
                            let mut a = args.clone();
                            a[i] = b::bv(n.width(), v);
                            this.call_external(s, target, a, dst, ret_loc, src, validate)
                        },
                    );
                }
            }
            return self.call_printf(st, &name, args, dst, ret_loc, src, validate, &[]);
        }
        let base_name = name.split('.').take(2).collect::<Vec<_>>().join(".");
        // arguments that must be concrete: fork over their few possible values
        let concrete_args: &[usize] = match base_name.as_str() {
            // malloc/calloc of a symbolic size make an object of symbolic size
            "free" => &[0],
            // the handler: one registration per possible function
            "atexit" | "on_exit" | "__cxa_atexit" => &[0],
            "realloc" => &[0],
            "memset" | "llvm.memset" | "memcpy" | "memmove" | "llvm.memcpy" | "llvm.memmove" => {
                &[2]
            }
            _ => &[],
        };
        // memset/memcpy/memmove of a symbolic length between concrete
        // addresses: a bounded model instead of forking over lengths
        let is_memset = matches!(base_name.as_str(), "memset" | "llvm.memset");
        let sym_len = match (arg(0), arg(1), arg(2)) {
            (Some(d), Some(s_), Some(n))
                if concrete_args == [2]
                    && !n.is_const()
                    && d.is_const()
                    && (is_memset || s_.is_const()) =>
            {
                self.bounded_length(&st, n)
            }
            _ => None,
        };
        if let Some(limit) = sym_len {
            let (Some(d), Some(s_), Some(n)) = (arg(0), arg(1), arg(2)) else {
                unreachable!("matched above")
            };
            let what = if is_memset { "memset" } else { "copy" };
            let from = if is_memset { None } else { Some(s_) };
            let fill = is_memset.then(|| b::trunc(s_, 8));
            let Some(s) =
                self.memop_symbolic_length(st, d, from, fill, n, limit, what, src, validate)
            else {
                return StepOut::Done;
            };
            st = s;
            if let Some(dv) = dst {
                st.frame_mut().regs[dv.index()] = Some(d);
            }
            st.loc = ret_loc;
            return StepOut::Continue(st);
        }
        if let Some(&i) = concrete_args
            .iter()
            .find(|&&i| args.get(i).map(|a| !a.is_const()).unwrap_or(false))
        {
            let e = args[i];
            return self.for_each_value(
                st,
                e,
                &format!("argument of {name}"),
                &at,
                &mut |this, s, v| {
                    let mut a = args.clone();
                    a[i] = b::bv(e.width(), v);
                    this.call_external(s, target, a, dst, ret_loc, src, validate)
                },
            );
        }
        let mut result: Option<Expr> = None;
        match base_name.as_str() {
            "malloc" | "calloc" | "valloc" => {
                let heap_name = format!("heap@{}", at.replace(':', "_"));
                let sym_size = match (name.as_str(), arg(0), arg(1)) {
                    ("calloc", Some(n), Some(m)) if !n.is_const() || !m.is_const() => {
                        // the product in double width: an overflow is a size
                        // beyond any reservation
                        let w = 2 * n.width().max(m.width());
                        Some(b::mul(b::zext(n, w), b::zext(m, w)))
                    }
                    ("calloc", ..) => None,
                    (_, Some(n), _) if !n.is_const() => Some(n),
                    _ => None,
                };
                if let Some(size) = sym_size {
                    let zeroed = name == "calloc";
                    let base = match self.allocate_symbolic(
                        &mut st,
                        size,
                        16,
                        ObjKind::Heap,
                        heap_name,
                        zeroed,
                        &at,
                    ) {
                        Ok(base) => base,
                        Err(why) => fail!("{why}"),
                    };
                    result = Some(b::bv(pb, base as u128));
                } else {
                    let size = if name == "calloc" {
                        let (Some(n), Some(m)) = (arg(0), arg(1)) else {
                            fail!("calloc without arguments at {at}")
                        };
                        let n = conc!(n, "allocation size");
                        let m = conc!(m, "allocation size");
                        n.saturating_mul(m)
                    } else {
                        let Some(n) = arg(0) else {
                            fail!("malloc without argument at {at}")
                        };
                        conc!(n, "allocation size")
                    };
                    if size > MAX_OBJECT_SIZE as u128 {
                        fail!("unsupported: allocation of {size} bytes at {at}");
                    }
                    let Some(base) = st.mem.allocate(
                        size as u64,
                        16,
                        ObjKind::Heap,
                        heap_name,
                        name == "calloc",
                    ) else {
                        fail!("address space exhausted at {at}")
                    };
                    result = Some(b::bv(pb, base as u128));
                }
            }
            "free" => {
                let Some(p) = arg(0) else {
                    fail!("free without argument at {at}")
                };
                let p = conc!(p, "pointer passed to free");
                if p != 0 {
                    let ok = st
                        .mem
                        .object_at(p as u64)
                        .map(|o| o.kind == ObjKind::Heap)
                        .unwrap_or(false);
                    if !ok {
                        fail!("undefined behaviour: free of a pointer not returned by malloc (or freed twice) at {at}");
                    }
                    st.mem.remove(p as u64);
                }
            }
            "realloc" => {
                let (Some(p), Some(n)) = (arg(0), arg(1)) else {
                    fail!("realloc without arguments at {at}")
                };
                let p = conc!(p, "pointer passed to realloc") as u64;
                let old = if p != 0 {
                    let Some(old) = st
                        .mem
                        .object_at(p)
                        .filter(|o| o.kind == ObjKind::Heap)
                        .map(|o| (o.size, o.bound))
                    else {
                        fail!("undefined behaviour: realloc of a pointer not returned by malloc at {at}");
                    };
                    Some(old)
                } else {
                    None
                };
                if old.is_some() {
                    // glibc: realloc(p, 0) frees p and returns null
                    let zero = b::eq(n, b::bv(n.width(), 0));
                    if zero.as_bool_const() == Some(true) {
                        st.mem.remove(p);
                        result = Some(b::bv(pb, 0));
                        return self.finish_external(st, &name, result, dst, ret_loc);
                    }
                    let what = format!("unsupported: realloc to a size that may be 0 at {at}");
                    if !self.require(&mut st, b::not(zero), what) {
                        self.terminate(st, End::Pruned, validate);
                        return StepOut::Done;
                    }
                }
                let heap_name = format!("heap@{}", at.replace(':', "_"));
                let new = if let Some(n) = n.as_bv_const() {
                    if n > MAX_OBJECT_SIZE as u128 {
                        fail!("unsupported: allocation of {n} bytes at {at}");
                    }
                    let Some(new) = st
                        .mem
                        .allocate(n as u64, 16, ObjKind::Heap, heap_name, false)
                    else {
                        fail!("address space exhausted at {at}")
                    };
                    new
                } else {
                    match self.allocate_symbolic(
                        &mut st,
                        n,
                        16,
                        ObjKind::Heap,
                        heap_name,
                        false,
                        &at,
                    ) {
                        Ok(base) => base,
                        Err(why) => fail!("{why}"),
                    }
                };
                if let Some((old_size, old_bound)) = old {
                    let o = st.mem.object_at(new).expect("just allocated");
                    let (new_size, new_bound) = (o.size, o.bound);
                    let m = old_size.min(new_size);
                    if old_bound.is_none() && new_bound.is_none() {
                        for i in 0..m {
                            let byte = st.mem.read(p, b::bv(pb, i as u128), 1);
                            st.mem.write(new, b::bv(pb, i as u128), byte);
                        }
                    } else {
                        // byte i is copied iff i < min(old size, new size);
                        // the others keep the new block's uninitialised bytes
                        if m > REALLOC_COPY_MAX {
                            fail!("unsupported: realloc of a symbolic size copying up to {m} bytes at {at}");
                        }
                        let os = old_bound.unwrap_or_else(|| b::bv(pb, old_size as u128));
                        let ns = new_bound.unwrap_or_else(|| b::bv(pb, new_size as u128));
                        let keep = b::ite(b::ult(os, ns), os, ns);
                        for i in 0..m {
                            let at_i = b::bv(pb, i as u128);
                            let byte = st.mem.read(p, at_i, 1);
                            let cur = st.mem.read(new, at_i, 1);
                            let v = b::ite(b::ult(at_i, keep), byte, cur);
                            st.mem.write(new, at_i, v);
                        }
                    }
                    st.mem.remove(p);
                }
                result = Some(b::bv(pb, new as u128));
            }
            "memset" | "llvm.memset" => {
                let (Some(d), Some(c), Some(n)) = (arg(0), arg(1), arg(2)) else {
                    fail!("memset without arguments at {at}")
                };
                let n = conc!(n, "memset length") as u64;
                let byte = b::trunc(c, 8);
                let (st2, ok) =
                    self.for_each_byte(st, d, n, true, src, validate, &mut |s, base, off| {
                        s.mem.write(base, off, byte);
                    });
                let Some(s) = st2 else { return StepOut::Done };
                st = s;
                if !ok {
                    return StepOut::Done;
                }
                result = Some(d);
            }
            "memcpy" | "memmove" | "llvm.memcpy" | "llvm.memmove" => {
                let (Some(d), Some(s_), Some(n)) = (arg(0), arg(1), arg(2)) else {
                    fail!("{name} without arguments at {at}")
                };
                let n = conc!(n, "copy length") as u64;
                let mut bytes = vec![];
                let mut from = None;
                let (st2, ok) =
                    self.for_each_byte(st, s_, n, false, src, validate, &mut |s, base, off| {
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
                let (st3, ok) =
                    self.for_each_byte(st, d, n, true, src, validate, &mut |s, base, off| {
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
                if let (false, Some((sb, so)), Some((db, dof))) =
                    (base_name.ends_with("memmove"), from, to)
                {
                    if sb == db {
                        let len = b::bv(pb, n as u128);
                        let apart = b::or(
                            b::eq(so, dof),
                            b::or(b::ule(b::add(so, len), dof), b::ule(b::add(dof, len), so)),
                        );
                        let what = format!(
                            "possible undefined behaviour: {name} between overlapping ranges at {at}"
                        );
                        if !self.require(&mut st, apart, what) {
                            self.terminate(st, End::Pruned, validate);
                            return StepOut::Done;
                        }
                    }
                }
                result = Some(d);
            }
            "__kappa_trace" => {
                if let Some(v) = arg(0) {
                    st.trace.push_back(v);
                }
            }
            "atexit" | "on_exit" | "__cxa_atexit" => {
                let Some(h) = arg(0).and_then(|h| h.as_bv_const()) else {
                    fail!("{name} without a handler at {at}")
                };
                let f = match self.func_of_addr(h as u64) {
                    Ok(f) => f,
                    Err(why) => fail!("{why} (handler passed to {name} at {at})"),
                };
                let pb = self.ptr_bits();
                let data = arg(1).unwrap_or_else(|| b::bv(pb, 0));
                let entry = match base_name.as_str() {
                    "atexit" => ExitEntry::Atexit(f),
                    "on_exit" => ExitEntry::OnExit(f, data),
                    _ => ExitEntry::Cxa(f, data),
                };
                Self::register_handler(&mut st, entry);
                // registration succeeds (glibc's list grows on demand)
                result = Some(b::bv(32, 0));
            }
            "exit" => return self.begin_exit(st, None, arg(0), src, validate),
            n if OUTPUT_FUNCTIONS.contains(&n) => {}
            // reached through a pointer (direct calls are `Halt` edges already)
            "abort"
            | "_exit"
            | "_Exit"
            | "__assert_fail"
            | "__assert_perror_fail"
            | "__assert"
            | "__assert_rtn"
            | "llvm.trap"
            | "llvm.debugtrap" => {
                self.terminate(st, End::Exit, validate);
                return StepOut::Done;
            }
            _ => fail!("unsupported: call to external function `{name}` at {at}"),
        }
        self.finish_external(st, &name, result, dst, ret_loc)
    }

    /// Stores the result of an external call (`None`: an unconstrained
    /// value) in `dst` and continues at `ret_loc`.
    fn finish_external(
        &mut self,
        mut st: State,
        name: &str,
        result: Option<Expr>,
        dst: Option<VarId>,
        ret_loc: Loc,
    ) -> StepOut {
        if let Some(d) = dst {
            let ty = self.module.func(st.func()).vars[d.index()].ty;
            let v = match result {
                Some(v) if v.sort() == Sort::Bv(ty.bits()) => v,
                _ => {
                    let sort = if ty == Ty::Bool {
                        Sort::Bool
                    } else {
                        Sort::Bv(ty.bits())
                    };
                    b::sym(Symbol::fresh(
                        &format!("ret_{name}"),
                        sort,
                        SymbolKind::Fresh,
                    ))
                }
            };
            st.frame_mut().regs[d.index()] = Some(v);
        }
        st.loc = ret_loc;
        StepOut::Continue(st)
    }

    /// Applies `f` to each of the `n` bytes at `addr` (concrete length). Only
    /// single-object accesses are supported: a pointer that may reach several
    /// objects makes the path fail. Returns the state (None if it ended) and
    /// whether it may go on.
    #[allow(clippy::too_many_arguments)]
    fn for_each_byte(
        &mut self,
        st: State,
        addr: Expr,
        n: u64,
        write: bool,
        src: Option<SrcLoc>,
        validate: &mut dyn FnMut(&ErrorWitness) -> Validation,
        f: &mut dyn FnMut(&mut State, u64, Expr),
    ) -> (Option<State>, bool) {
        if n == 0 {
            return (Some(st), true);
        }
        let pb = self.ptr_bits();
        let mut targets = self.resolve(st, addr, n, write, src, validate);
        if targets.len() != 1 {
            let at = self.module.describe(src);
            if !targets.is_empty() {
                let (s, _, _) = targets.remove(0);
                self.terminate(s, End::Failed(Failure::Unsupported(format!("unsupported: memory operation through a pointer to several objects at {at}"))), validate);
            }
            return (None, false);
        }
        let (mut s, base, off) = targets.pop().unwrap();
        for i in 0..n {
            let o = b::add(off, b::bv(pb, i as u128));
            f(&mut s, base, o);
        }
        (Some(s), true)
    }
}
