//! The transition system as constrained Horn clauses (SMT-LIB `HORN`), one
//! predicate per loop header over every state variable: for measuring
//! Z3's Spacer against Houdini (`KAPPA_PROVE_HORN=FILE` writes the script
//! of `--mode prove`'s system). Not used for verdicts.

use crate::system::{End, System};
use kappa_expr::build as b;
use kappa_expr::{Expr, FuncDecl, Sort};

/// The Horn clauses of `sys` as an SMT-LIB script: satisfiable iff the
/// system is safe (`sat` from Spacer comes with the invariants).
pub fn script(sys: &System) -> String {
    let sorts: Vec<Sort> = sys.state.iter().map(|s| s.sort()).collect();
    let preds: Vec<Option<FuncDecl>> = (0..sys.cuts.len())
        .map(|j| (j > 0).then(|| FuncDecl::new(&format!("inv{j}"), sorts.clone(), Sort::Bool)))
        .collect();
    let state: Vec<Expr> = sys.state.iter().map(|s| b::sym(*s)).collect();
    let at = |j: usize, args: Vec<Expr>| match &preds[j] {
        Some(p) => b::apply(*p, args),
        None => b::tru(),
    };
    let mut clauses = vec![];
    for p in &sys.paths {
        let pre = b::and(at(p.from, state.clone()), p.pc);
        let head = match &p.to {
            End::Cut(j) => {
                let post = (0..sys.state.len())
                    .map(|i| sys.post(p, kappa_ir::VarId(i as u32)))
                    .collect();
                at(*j, post)
            }
            End::Error(_) => b::fls(),
        };
        let body = b::implies(pre, head);
        let (syms, _) = kappa_expr::print::free_symbols(&[body]);
        clauses.push(b::forall(syms.into_iter().collect(), body));
    }
    kappa_expr::print::smtlib_script(&clauses).replacen("(set-logic ALL)", "(set-logic HORN)", 1)
}
