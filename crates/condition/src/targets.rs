//! Which edges of the program are targets of the condition: the rules that
//! keep φ̂ necessary for everything an analysis cannot follow.
//!
//! - `reach_error` (an `Error` edge, or a call through a pointer that may
//!   point to `reach_error`/`__VERIFIER_error` or to a function that may
//!   reach it);
//! - every `Unsupported` edge (the flowgraph stops there, the native run
//!   does not);
//! - every call the flowgraph does not follow (recursive, variadic, `byval`,
//!   indirect, external) that may reach the target: a defined callee that
//!   may reach it, and an indirect or external call whenever some
//!   address-taken function may reach it (externals only call the program
//!   back through pointers it gave them, e.g. `qsort`'s comparator; the
//!   memory functions `memset`, `memcpy`, `memmove` never do);
//! - with exit handlers (`llvm.global_dtors`, or a registration function
//!   such as `atexit` declared in the module, see
//!   `Module::may_run_exit_handlers`) that may reach the target:
//!   every return of `main` and every `exit`/`abort` (a `Halt` edge), where
//!   the handlers run;
//! - for [`Target::ErrorsAndFailures`] also every edge that may fail, as in
//!   the other modes' verdict rules: calls not followed (always), `Halt` and
//!   `main`'s returns when exit handlers exist, and, under a *fail
//!   condition* computed by `exec`, a possible undefined behaviour (division
//!   by zero, `INT_MIN / -1`, a shift by the width or more), an access that
//!   may leave its object or write a constant (also by a memory function),
//!   and an `alloca` of a non-constant size.
//!
//! Constructors run before `main`: `inline` puts them in front of `main`
//! in the flowgraph, so their targets, failures and writes are covered.

use crate::inline::Target;
use kappa_ir::{AddrTarget, Callee, Function, InitValue, Instr, Module, SrcLoc, Value};
use kappa_loops::sem::has_undefined_case;

/// Whether function `name` is the property's target when called through a
/// pointer (the engine treats such a call as reaching it).
pub fn is_error_function(name: &str) -> bool {
    matches!(name, "reach_error" | "__VERIFIER_error")
}

/// Whether an edge's source position is on the target line.
pub(crate) fn on_line(m: &Module, src: Option<SrcLoc>, file: &str, line: u32) -> bool {
    let Some(s) = src else { return false };
    if s.line != line {
        return false;
    }
    let name = m
        .files
        .get(s.file as usize)
        .map(String::as_str)
        .unwrap_or("");
    let base = std::path::Path::new(name)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(name);
    base == file
}

fn value_funcs(v: &Value, out: &mut Vec<bool>) {
    match v {
        Value::FuncAddr(f) => out[f.index()] = true,
        Value::Var(_) | Value::Const { .. } | Value::GlobalAddr(_) | Value::Undef(_) => {}
        Value::Not(a) | Value::Cast { arg: a, .. } => value_funcs(a, out),
        Value::Binary { lhs, rhs, .. } | Value::Cmp { lhs, rhs, .. } => {
            value_funcs(lhs, out);
            value_funcs(rhs, out);
        }
        Value::Select {
            cond, then, else_, ..
        } => {
            value_funcs(cond, out);
            value_funcs(then, out);
            value_funcs(else_, out);
        }
        Value::Float { args, .. } => args.iter().for_each(|a| value_funcs(a, out)),
    }
}

/// For each function, whether its address is taken (in an instruction or
/// a global's initializer): the functions a pointer may point to.
pub fn address_taken(m: &Module) -> Vec<bool> {
    let mut out = vec![false; m.functions.len()];
    for f in &m.functions {
        for e in &f.edges {
            e.instr.for_each_value(&mut |v| value_funcs(v, &mut out));
        }
    }
    for g in &m.globals {
        for (_, iv) in &g.init {
            if let InitValue::Addr {
                target: AddrTarget::Func(f),
                ..
            } = iv
            {
                out[f.index()] = true;
            }
        }
    }
    out
}

/// What the program's functions may do with respect to a target.
pub(crate) struct Reach {
    /// For each function, whether running it may reach the target.
    pub(crate) funcs: Vec<bool>,
    /// Whether a call through a pointer, or a call of an external function
    /// (which may call back through a pointer it was given), may reach it.
    pub(crate) callback: bool,
    /// Whether exit handlers or destructors may reach it (then `main`'s
    /// returns and `Halt` edges are targets).
    pub(crate) at_exit: bool,
}

/// Which functions may reach `target` (transitively, through direct calls,
/// calls through pointers, external calls that may call back and `exit`
/// when exit handlers may reach it; a function with an unsupported
/// construct may do anything).
pub(crate) fn reaching(m: &Module, target: &Target) -> Reach {
    // the target itself, or an unsupported construct (where the native
    // run goes on unseen)
    let direct = |f: &Function| {
        f.edges.iter().any(|e| {
            matches!(e.instr, Instr::Unsupported(_))
                || match target {
                    Target::Errors | Target::ErrorsAndFailures => matches!(e.instr, Instr::Error),
                    Target::Line { file, line } => on_line(m, e.src, file, *line),
                }
        })
    };
    let errors = !matches!(target, Target::Line { .. });
    let taken = address_taken(m);
    let mut r: Vec<bool> = m
        .functions
        .iter()
        .map(|f| (errors && is_error_function(&f.name)) || (f.defined && direct(f)))
        .collect();
    let callback = |r: &[bool]| (0..r.len()).any(|i| taken[i] && r[i]);
    // handlers registered at run time are address-taken
    let at_exit = |r: &[bool], cb: bool| {
        m.dtors.iter().any(|d| r[d.index()]) || (cb && m.may_run_exit_handlers())
    };
    loop {
        let cb = callback(&r);
        let exits = at_exit(&r, cb);
        let mut changed = false;
        for (i, f) in m.functions.iter().enumerate() {
            if r[i] || !f.defined {
                continue;
            }
            let reaches = f.edges.iter().any(|e| match &e.instr {
                Instr::Call {
                    callee: Callee::Direct(g),
                    ..
                } => {
                    let gf = m.func(*g);
                    r[g.index()] || (cb && !gf.defined && mem_call(&gf.name).is_none())
                }
                Instr::Call {
                    callee: Callee::Indirect(_),
                    ..
                } => cb,
                // exit handlers run there
                Instr::Halt => exits,
                _ => false,
            });
            if reaches {
                r[i] = true;
                changed = true;
            }
        }
        if !changed {
            return Reach {
                funcs: r,
                callback: cb,
                at_exit: exits,
            };
        }
    }
}

/// How an edge may fail (for [`Target::ErrorsAndFailures`]), judged from
/// its instruction alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MayFail {
    /// It cannot fail.
    No,
    /// It fails under a condition on the values (`exec` computes it).
    Checked,
}

/// The memory function a call to external `name` is, if it is one: it
/// accesses its pointer arguments over the length in its third argument
/// and never calls back into the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemCall {
    /// `memset(dst, byte, n)`: writes `dst[..n]`.
    Set,
    /// `memcpy(dst, src, n)`: writes `dst[..n]`, reads `src[..n]`; the two
    /// must not overlap.
    Copy,
    /// `memmove(dst, src, n)`: writes `dst[..n]`, reads `src[..n]`.
    Move,
}

/// See [`MemCall`] (the C functions and LLVM's intrinsics).
pub fn mem_call(name: &str) -> Option<MemCall> {
    let base = name
        .strip_prefix("llvm.")
        .map_or(name, |n| n.split('.').next().unwrap_or(n));
    match base {
        "memset" => Some(MemCall::Set),
        "memcpy" => Some(MemCall::Copy),
        "memmove" => Some(MemCall::Move),
        _ => None,
    }
}

/// The [`MemCall`] an instruction is (a direct call of an external memory
/// function with its three arguments at least).
pub fn mem_call_of(m: &Module, i: &Instr) -> Option<MemCall> {
    match i {
        Instr::Call {
            callee: Callee::Direct(g),
            args,
            ..
        } if !m.func(*g).defined && args.len() >= 3 => mem_call(&m.func(*g).name),
        _ => None,
    }
}

/// Whether an edge executing `i` may fail under a condition (accesses,
/// allocas, memory functions, undefined behaviour in its values). Other
/// calls, `Unsupported`, `Error` and `Halt` are decided by `inline`
/// (targets or not as a whole).
pub fn may_fail(m: &Module, i: &Instr) -> MayFail {
    let mut r = false;
    match i {
        Instr::Load { .. } | Instr::Store { .. } | Instr::Alloca { .. } => r = true,
        Instr::Call { .. } => r = mem_call_of(m, i).is_some(),
        Instr::Error | Instr::Halt | Instr::Unsupported(_) => {}
        _ => i.for_each_value(&mut |v| r |= has_undefined_case(v)),
    }
    if r {
        MayFail::Checked
    } else {
        MayFail::No
    }
}
