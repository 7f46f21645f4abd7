//! Phase 1 for indirect calls. Terms of integer arguments go to the
//! argument slots; an abstract argument is lowered unless the target is one
//! of the module's address-taken functions (which read the slots). The
//! target itself is checked at run time (`indirect`): a function of the
//! program runs as usual; a library function whose address the program
//! takes runs natively only if that is what a direct call of it would do:
//! output, allocation, `exit`, `abort` and `reach_error` always, the memory
//! functions (`strlen`, `free`...) only while memory holds no term (they
//! would read concrete bytes under a term, or leave a freed block's terms
//! behind); any other target (an unknown external function, an input
//! function, whose value would be concrete, a pointer from outside the
//! program) ends the path unsupported, as a direct call of it does.

use super::{bad, Phase1};
use crate::analysis::{classify, Callee};
use crate::llvm::{self, Value};
use crate::SymbolizeError;
use inkwell::llvm_sys::core as sys;
use inkwell::values::{AsValueRef, PointerValue};

/// The library functions (declarations) whose address `module` takes, with
/// their classification.
pub(super) fn external_targets(module: llvm::Module) -> Vec<(Value, Callee)> {
    let mut out: Vec<(Value, Callee)> = llvm::functions(module)
        .into_iter()
        .filter(|&f| llvm::is_declaration(f) && llvm::address_taken(f))
        .map(|f| (f, classify(f)))
        .collect();
    out.sort_by_key(|&(f, _)| llvm::value_name(f));
    out
}

impl Phase1<'_, '_> {
    /// Before the indirect call `i`: the run-time check of its target (see
    /// the module doc).
    pub(super) fn indirect_target(&mut self, i: Value) -> Result<(), SymbolizeError> {
        self.before(i);
        let callee = unsafe { PointerValue::new(llvm::operand(i, llvm::num_operands(i) - 1)) };
        let known = self.known_target(i)?;
        let mut ok = unsafe { inkwell::values::IntValue::new(known) };
        let mut guarded = self.ctx.bool_type().const_zero();
        for (g, kind) in self.external_targets.clone() {
            let native = matches!(
                kind,
                Callee::KnownPure | Callee::Exit | Callee::Halt | Callee::ReachError
            );
            let memory = matches!(
                kind,
                Callee::KnownMemory | Callee::Free | Callee::MemSet | Callee::MemCopy
            );
            if !native && !memory {
                continue;
            }
            let gp = unsafe { PointerValue::new(g) };
            let eq = self
                .b
                .build_int_compare(inkwell::IntPredicate::EQ, callee, gp, "")
                .map_err(bad)?;
            if native {
                ok = self.b.build_or(ok, eq, "").map_err(bad)?;
            } else {
                guarded = self.b.build_or(guarded, eq, "").map_err(bad)?;
            }
        }
        let what = self.string("indirect call to a function outside the program")?;
        self.call(
            "indirect",
            None,
            &[self.int(1), self.int(1), self.ptrt()],
            &[ok.as_value_ref(), guarded.as_value_ref(), what],
        )?;
        Ok(())
    }

    /// Arguments of an indirect call: every integer argument's term goes to
    /// its slot; an abstract argument is lowered unless the target is one of
    /// the module's address-taken functions (which read the slots).
    pub(super) fn indirect_args(&mut self, i: Value, nargs: u32) -> Result<(), SymbolizeError> {
        let abstract_args: Vec<u32> = (0..nargs)
            .filter(|&k| self.a.is_abstract(llvm::operand(i, k)))
            .collect();
        if abstract_args.is_empty() && self.a.address_taken.is_empty() {
            return Ok(());
        }
        self.before(i);
        for k in 0..nargs {
            let arg = llvm::operand(i, k);
            if llvm::int_width(llvm::type_of(arg)).is_some() {
                self.set_arg(k, arg)?;
            }
        }
        if abstract_args.is_empty() {
            return Ok(());
        }
        let known = self.known_target(i)?;
        for k in abstract_args {
            let o = llvm::operand(i, k);
            let w = llvm::int_width(llvm::type_of(o)).expect("abstract values are integers");
            let c = self.call(
                &format!("lower_unless.i{w}"),
                Some(self.int(w)),
                &[self.int(1), self.int(w), self.i64t()],
                &[known, o, self.term(o)],
            )?;
            unsafe { sys::LLVMSetOperand(i, k, c) };
            self.stats.lowered += 1;
        }
        Ok(())
    }
}

impl Phase1<'_, '_> {
    /// Whether the indirect call `i` calls an address-taken function of this
    /// module (an `i1` built at the builder's position).
    pub(super) fn known_target(&self, i: Value) -> Result<Value, SymbolizeError> {
        let callee = llvm::operand(i, llvm::num_operands(i) - 1);
        let mut targets: Vec<Value> = self.a.address_taken.iter().copied().collect();
        targets.sort_by_key(|v| llvm::value_name(*v));
        self.target_among(callee, &targets)
    }

    /// Whether the function pointer `callee` is one of `targets` (an `i1`
    /// built at the builder's position; a constant when `callee` is a
    /// function itself).
    pub(super) fn target_among(
        &self,
        callee: Value,
        targets: &[Value],
    ) -> Result<Value, SymbolizeError> {
        let bool_t = self.ctx.bool_type();
        if llvm::called_function_value(callee) {
            return Ok(bool_t
                .const_int(targets.contains(&callee) as u64, false)
                .as_value_ref());
        }
        let callee = unsafe { PointerValue::new(callee) };
        let mut known = bool_t.const_zero();
        for &g in targets {
            let gp = unsafe { PointerValue::new(g) };
            let eq = self
                .b
                .build_int_compare(inkwell::IntPredicate::EQ, callee, gp, "")
                .map_err(bad)?;
            known = self.b.build_or(known, eq, "").map_err(bad)?;
        }
        Ok(known.as_value_ref())
    }
}

#[cfg(test)]
mod tests {
    use crate::abstraction::symbolized;

    const SRC: &str = r#"
declare i32 @atoi(ptr)
declare i64 @strlen(ptr)
declare i32 @puts(ptr)
declare i32 @__VERIFIER_nondet_int()
define i32 @mine(ptr %p) {
  ret i32 1
}
@table = global [5 x ptr] [ptr @atoi, ptr @strlen, ptr @puts, ptr @mine, ptr @__VERIFIER_nondet_int]
define i32 @main() {
  %x = call i32 @__VERIFIER_nondet_int()
  %k = and i32 %x, 3
  %slot = getelementptr [5 x ptr], ptr @table, i32 0, i32 %k
  %f = load ptr, ptr %slot
  %r = call i32 %f(ptr @table)
  ret i32 %r
}
"#;

    #[test]
    fn indirect_targets_are_checked_by_kind() {
        let (_, text) = symbolized(SRC);
        let call = text
            .lines()
            .find(|l| l.contains("call void @__kappa_indirect("))
            .expect("the target is checked");
        // ok: the program's function or puts; guarded: strlen; atoi and the
        // input function are neither
        let cmp = |g: &str| text.contains(&format!("icmp eq ptr %f, @{g}"));
        assert!(cmp("mine") && cmp("puts") && cmp("strlen"), "{text}");
        assert!(!cmp("atoi") && !cmp("__VERIFIER_nondet_int"), "{text}");
        assert!(call.contains("ptr @kappa.str"), "{call}");
    }
}
