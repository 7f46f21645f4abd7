//! Phase 1 for aggregates passed by value as `byval` pointers (what clang
//! emits for a struct it does not split into scalar registers, e.g. more
//! than 16 bytes in both data models): the call itself copies the caller's
//! bytes to the callee's copy, natively, so the shadow map has to follow
//! that copy. Before the call the caller names the source of each `byval`
//! argument (`byval_arg`: slot k = source, size, called function); at its
//! entry the callee copies the source's shadow to its copy (`byval_param`),
//! and at each `ret` clears it (the copy lies in the caller's outgoing
//! argument area, which later calls reuse, e.g. as a varargs area). A
//! callee entered otherwise (from outside the program) while memory holds
//! terms ends the path unsupported; a `byval` argument read by a function
//! outside the program (a declaration, or an indirect call to one) or as a
//! varargs argument (`va_arg` reads the concrete bytes) must hold no term. Nothing is emitted while no term can reach
//! memory. Aggregates clang splits into scalars (ILP32 structs of at most
//! 16 bytes, LP64 ones as `i64` pairs) are integer arguments already, and
//! `sret` and returns go through memory (see `crate::sret`).
//!
//! IR before (a call `g(b)` of `int g(struct B)`):
//! ```text
//! %r = call i32 @g(ptr byval(%struct.B) align 4 %b)
//! define i32 @g(ptr byval(%struct.B) align 4 %p) { entry: ...  ret i32 %v }
//! ```
//! after the transformation (realised):
//! ```text
//! call void @__kappa_byval_arg(i32 1, i32 0, ptr %b, i64 40, ptr @g)
//! %r = call i32 @g(ptr byval(%struct.B) align 4 %b)
//! define i32 @g(ptr byval(%struct.B) align 4 %p) {
//! entry: call void @__kappa_byval_param(i32 0, ptr %p, i64 40, ptr @g) ...
//!   call void @__kappa_clear(ptr %p, i64 40)
//!   ret i32 %v }
//! ```

use super::Phase1;
use crate::analysis::{classify, Callee};
use crate::llvm::{self, Value};
use crate::SymbolizeError;
use inkwell::types::AnyTypeEnum;

impl Phase1<'_, '_> {
    /// The size in bytes of the `byval` type `t`.
    fn byval_size(&self, t: llvm::Type) -> u64 {
        self.td.get_abi_size(&unsafe { AnyTypeEnum::new(t) })
    }

    /// At the entry of `f` (builder positioned): each `byval` parameter gets
    /// the shadow of its source, and is registered as an object when
    /// addresses may be terms. Records the parameters, whose copies
    /// [`Self::frame_exits`] clears.
    pub(super) fn byval_entry(&mut self, f: Value) -> Result<(), SymbolizeError> {
        self.byval_params.clear();
        let memory = self.a.memory;
        let objects = self.has_symbolic_addresses();
        if !memory && !objects {
            return Ok(());
        }
        for k in 0..llvm::count_params(f) {
            let Some(t) = llvm::param_byval_type(f, k) else {
                continue;
            };
            let p = llvm::param(f, k);
            let size = self.c64(self.byval_size(t));
            if memory {
                self.call(
                    "byval_param",
                    None,
                    &[self.int(32), self.ptrt(), self.i64t(), self.ptrt()],
                    &[self.c32(k as u64), p, size, f],
                )?;
                self.byval_params.push((p, size));
            }
            if objects {
                self.object(p, size)?;
                self.frame.push(p);
            }
        }
        Ok(())
    }

    /// Before the call `i`: names the source of each `byval` argument for a
    /// callee of the program, or checks that a callee outside it reads no
    /// term.
    pub(super) fn byval_args(&mut self, i: Value) -> Result<(), SymbolizeError> {
        if !self.a.memory {
            return Ok(());
        }
        let nargs = llvm::num_call_args(i);
        let byval: Vec<(u32, u64)> = (0..nargs)
            .filter_map(|k| llvm::arg_byval_type(i, k).map(|t| (k, self.byval_size(t))))
            .collect();
        if byval.is_empty() {
            return Ok(());
        }
        self.before(i);
        let target = llvm::operand(i, llvm::num_operands(i) - 1);
        for (k, size) in byval {
            let arg = llvm::operand(i, k);
            // the functions of the program that take a copy as parameter k
            // (a varargs callee reads it with `va_arg`: concrete bytes)
            let takes = |g: Value| {
                k < llvm::count_params(g)
                    && llvm::param_byval_type(g, k).is_some_and(|t| self.byval_size(t) == size)
            };
            let targets: Vec<Value> = match llvm::called_function(i) {
                Some(g) if classify(g) == Callee::Defined && takes(g) => vec![g],
                Some(_) => vec![],
                None => {
                    let mut ts: Vec<Value> = self
                        .a
                        .address_taken
                        .iter()
                        .copied()
                        .filter(|&g| takes(g))
                        .collect();
                    ts.sort_by_key(|&g| llvm::value_name(g));
                    ts
                }
            };
            let known = self.target_among(target, &targets)?;
            self.call(
                "byval_arg",
                None,
                &[
                    self.int(1),
                    self.int(32),
                    self.ptrt(),
                    self.i64t(),
                    self.ptrt(),
                ],
                &[known, self.c32(k as u64), arg, self.c64(size), target],
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::abstraction::symbolized;

    fn run(src: &str) -> String {
        symbolized(src).1
    }

    const SRC: &str = r#"
target datalayout = "e-m:e-p:32:32-i64:64-n8:16:32-S128"
%B = type { [10 x i32] }
declare i32 @__VERIFIER_nondet_int()
declare void @ext(ptr byval(%B))
define i32 @g(ptr byval(%B) align 4 %b) {
  %p = getelementptr inbounds %B, ptr %b, i32 0, i32 0, i32 3
  %v = load i32, ptr %p
  %c = icmp eq i32 %v, 0
  br i1 %c, label %z, label %nz
z:
  ret i32 0
nz:
  ret i32 %v
}
define i32 @main() {
  %b = alloca %B
  %x = call i32 @__VERIFIER_nondet_int()
  %p = getelementptr inbounds %B, ptr %b, i32 0, i32 0, i32 3
  store i32 %x, ptr %p
  %r = call i32 @g(ptr byval(%B) align 4 %b)
  %fp = select i1 true, ptr @g, ptr @ext
  %s = call i32 %fp(ptr byval(%B) align 4 %b)
  call void @ext(ptr byval(%B) %b)
  ret i32 %r
}
"#;

    #[test]
    fn byval_copies_follow_the_call_and_are_cleared_at_each_return() {
        let text = run(SRC);
        // the callee takes its slot at entry, clears its copy at both rets
        assert!(
            text.contains("call void @__kappa_byval_param(i32 0, ptr %b, i64 40, ptr @g)"),
            "{text}"
        );
        assert_eq!(
            text.matches("call void @__kappa_clear(ptr %b, i64 40)")
                .count(),
            2 + 1,
            "two rets of @g and the alloca of main:\n{text}"
        );
        // the direct call names its source for @g
        assert!(
            text.contains("call void @__kappa_byval_arg(i64 1, i32 0, ptr %b, i64 40, ptr @g)"),
            "{text}"
        );
        // the indirect call decides at run time whether its target is @g
        assert!(text.contains("icmp eq ptr %fp, @g"), "{text}");
        assert!(text.contains("ptr %b, i64 40, ptr %fp)"), "{text}");
        // the external function reads concrete bytes: no term may be there
        assert!(
            text.contains("call void @__kappa_byval_arg(i64 0, i32 0, ptr %b, i64 40, ptr @ext)"),
            "{text}"
        );
    }

    #[test]
    fn nothing_is_emitted_while_no_term_reaches_memory() {
        let src = SRC.replace("  store i32 %x, ptr %p\n", "");
        let text = run(&src);
        assert!(!text.contains("__kappa_byval"), "{text}");
    }
}
