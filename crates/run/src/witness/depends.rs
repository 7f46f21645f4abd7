//! Which branches of a module can go either way with the program's inputs:
//! a flow-insensitive data-flow taint from every `__VERIFIER_nondet_*` read
//! (and every unspecified value), through registers, phi moves, calls and
//! returns, and memory as one whole (a store of a tainted value, or to a
//! tainted address, taints every load). The compact form of a long
//! violation witness writes `branching` waypoints only at such branches.
//!
//! Control dependence is not followed: a variable set to constants on the
//! two sides of an input-dependent branch (`f = 0; if (x) f = 1;`) is not
//! tainted, so a later `if (f)` is not counted. Leaving out a branching
//! waypoint only weakens a witness (its run between waypoints is free), it
//! never makes it wrong.

use kappa_ir::{Callee, Instr, Module, SrcLoc, Value};
use std::collections::HashSet;

/// The source positions of the two-way branches of `module` whose
/// condition reads a value computed from an input (see the module doc).
/// A position with several branch instructions is in the set when any of
/// them is.
pub fn input_dependent_branches(module: &Module) -> HashSet<SrcLoc> {
    let t = Taint::of(module);
    let mut out = HashSet::new();
    for (fi, f) in module.functions.iter().enumerate() {
        for succs in &f.succs {
            let [a, _] = succs[..] else { continue };
            let e = &f.edges[a.index()];
            if let (Instr::Assume(c), Some(src)) = (&e.instr, e.src) {
                if t.reads(fi, c) {
                    out.insert(src);
                }
            }
        }
    }
    out
}

/// The tainted registers of each function, of memory, and of each
/// function's return value, at the fixpoint.
struct Taint {
    vars: Vec<Vec<bool>>,
    mem: bool,
    ret: Vec<bool>,
}

impl Taint {
    fn of(module: &Module) -> Taint {
        let mut t = Taint {
            vars: module
                .functions
                .iter()
                .map(|f| vec![false; f.vars.len()])
                .collect(),
            mem: false,
            ret: vec![false; module.functions.len()],
        };
        while t.round(module) {}
        t
    }

    /// Whether value `v` of function `fi` reads a tainted register or an
    /// unspecified value.
    fn reads(&self, fi: usize, v: &Value) -> bool {
        let mut hit = false;
        v.for_each_var(&mut |x| hit |= self.vars[fi][x.index()]);
        hit || undef_in(v)
    }

    /// Taints register `x` of `fi`; whether it was not yet.
    fn set(&mut self, fi: usize, x: kappa_ir::VarId) -> bool {
        !std::mem::replace(&mut self.vars[fi][x.index()], true)
    }

    /// One pass over every edge; whether anything changed.
    fn round(&mut self, module: &Module) -> bool {
        let mut changed = false;
        for (fi, f) in module.functions.iter().enumerate() {
            for e in &f.edges {
                changed |= self.edge(module, fi, &e.instr);
            }
        }
        changed
    }

    fn edge(&mut self, module: &Module, fi: usize, instr: &Instr) -> bool {
        let mut changed = false;
        match instr {
            Instr::Assign { dst, value } if self.reads(fi, value) => changed |= self.set(fi, *dst),
            Instr::Phi(moves) => {
                for (dst, v) in moves {
                    if self.reads(fi, v) {
                        changed |= self.set(fi, *dst);
                    }
                }
            }
            Instr::Load { dst, addr, .. } if self.mem || self.reads(fi, addr) => {
                changed |= self.set(fi, *dst)
            }
            Instr::Store { addr, value } if self.reads(fi, addr) || self.reads(fi, value) => {
                changed |= !std::mem::replace(&mut self.mem, true)
            }
            Instr::Alloca { dst, size, .. } if self.reads(fi, size) => {
                changed |= self.set(fi, *dst)
            }
            Instr::Nondet { dst, .. } => changed |= self.set(fi, *dst),
            Instr::Return(Some(v)) if self.reads(fi, v) => {
                changed |= !std::mem::replace(&mut self.ret[fi], true)
            }
            Instr::Call { dst, callee, args } => {
                let tainted: Vec<bool> = args.iter().map(|a| self.reads(fi, a)).collect();
                let any = tainted.iter().any(|&x| x);
                let result = match callee {
                    Callee::Direct(g) if module.functions[g.index()].defined => {
                        let params = module.functions[g.index()].params.clone();
                        for (p, _) in params.iter().zip(&tainted).filter(|(_, &x)| x) {
                            changed |= self.set(g.index(), *p);
                        }
                        self.ret[g.index()]
                    }
                    // an external function may read and write memory
                    Callee::Direct(_) => {
                        if any {
                            changed |= !std::mem::replace(&mut self.mem, true);
                        }
                        any || self.mem
                    }
                    // any defined function may be the callee
                    Callee::Indirect(target) => {
                        for (gi, g) in module.functions.iter().enumerate() {
                            for (p, _) in g.params.iter().zip(&tainted).filter(|(_, &x)| x) {
                                changed |= self.set(gi, *p);
                            }
                        }
                        if any {
                            changed |= !std::mem::replace(&mut self.mem, true);
                        }
                        self.reads(fi, target) || any || self.mem || self.ret.iter().any(|&r| r)
                    }
                };
                if let (Some(d), true) = (dst, result) {
                    changed |= self.set(fi, *d);
                }
            }
            _ => {}
        }
        changed
    }
}

/// Whether `v` contains an unspecified value (a fresh value in every run).
fn undef_in(v: &Value) -> bool {
    match v {
        Value::Undef(_) => true,
        Value::Var(_) | Value::Const { .. } | Value::GlobalAddr(_) | Value::FuncAddr(_) => false,
        Value::Not(a) | Value::Cast { arg: a, .. } => undef_in(a),
        Value::Binary { lhs, rhs, .. } | Value::Cmp { lhs, rhs, .. } => {
            undef_in(lhs) || undef_in(rhs)
        }
        Value::Select {
            cond, then, else_, ..
        } => undef_in(cond) || undef_in(then) || undef_in(else_),
        Value::Float { args, .. } => args.iter().any(undef_in),
    }
}

#[cfg(test)]
mod tests {
    use super::input_dependent_branches;

    fn lines(c: &str) -> Vec<u32> {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("d.c");
        std::fs::write(&p, c).unwrap();
        let prog = crate::load::load_plain(&p, None).unwrap();
        let mut l: Vec<u32> = input_dependent_branches(&prog.module)
            .into_iter()
            .map(|s| s.line)
            .collect();
        l.sort();
        l.dedup();
        l
    }

    #[test]
    fn branches_on_inputs_through_registers_calls_and_memory() {
        let c = "extern int __VERIFIER_nondet_int(void);\n\
                 int g;\n\
                 static int id(int v) { return v + 1; }\n\
                 int main(void) {\n\
                 int last = 0, n = 0;\n\
                 for (int i = 0; i < 10; i++) last = __VERIFIER_nondet_int();\n\
                 if (id(last) == 4) n++;\n\
                 g = last;\n\
                 if (g > 2) n++;\n\
                 while (n < 5) n++;\n\
                 return 0; }\n";
        // line 6's loop counts without inputs; line 10's n is set by
        // constants on the sides of input branches (no control dependence)
        assert_eq!(lines(c), [7, 9]);
    }
}
