//! The transition system as constrained Horn clauses (SMT-LIB `HORN`), one
//! predicate per loop header over every state variable: for measuring
//! Z3's Spacer against Houdini (`KAPPA_PROVE_HORN=FILE` writes the script
//! of `--mode prove`'s system, `KAPPA_PROVE_HORN_PROJECTED` too: headers'
//! predicates over their invariants' registers only). Not used for
//! verdicts.

use crate::system::{End, System};
use kappa_expr::build as b;
use kappa_expr::{Expr, FuncDecl, Sort};

/// The Horn clauses of `sys` as an SMT-LIB script: satisfiable iff the
/// system is safe (`sat` from Spacer comes with the invariants). With
/// `projected` (`KAPPA_PROVE_HORN_PROJECTED` set), a header's predicate
/// ranges only over the registers its invariant may speak of
/// ([`crate::system::Cut::vars`], what Houdini's candidates range over):
/// the other registers are unconstrained there, an over-approximation
/// (`sat` still means safe).
pub fn script(sys: &System, projected: bool) -> String {
    let args_of: Vec<Vec<kappa_ir::VarId>> = sys
        .cuts
        .iter()
        .map(|c| {
            if projected {
                c.vars.clone()
            } else {
                (0..sys.state.len())
                    .map(|i| kappa_ir::VarId(i as u32))
                    .collect()
            }
        })
        .collect();
    let preds: Vec<Option<FuncDecl>> = (0..sys.cuts.len())
        .map(|j| {
            let sorts = args_of[j]
                .iter()
                .map(|v| sys.state[v.index()].sort())
                .collect();
            (j > 0).then(|| FuncDecl::new(&format!("inv{j}"), sorts, Sort::Bool))
        })
        .collect();
    let at = |j: usize, val: &dyn Fn(kappa_ir::VarId) -> Expr| match &preds[j] {
        Some(p) => b::apply(*p, args_of[j].iter().map(|v| val(*v)).collect()),
        None => b::tru(),
    };
    let mut clauses = vec![];
    for p in &sys.paths {
        let pre = b::and(at(p.from, &|v| b::sym(sys.state[v.index()])), p.pc);
        let head = match &p.to {
            End::Cut(j) => at(*j, &|v| sys.post(p, v)),
            End::Error(_) => b::fls(),
        };
        let body = b::implies(pre, head);
        let (syms, _) = kappa_expr::print::free_symbols(&[body]);
        clauses.push(b::forall(syms.into_iter().collect(), body));
    }
    kappa_expr::print::smtlib_script(&clauses).replacen("(set-logic ALL)", "(set-logic HORN)", 1)
}
