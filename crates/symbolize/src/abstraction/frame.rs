//! Phase 1 at function exits: before each `ret`, the shadow of the frame
//! that dies is cleared (`frame_exit(sp, fp)`: the bytes between the stack
//! pointer and the frame address, which hold the function's allocas and
//! whatever its prologue saved), and so is the shadow of its `byval`
//! copies (see `byval`). Memory the program later gets without an
//! instrumented store (a varargs register save area or argument area, a
//! `byval` copy, an uninitialised local) then never shows the terms of a
//! dead frame: a thaw there would give a term unrelated to the value read
//! (and a branch on it would constrain the wrong input). Nothing is
//! emitted while no term can reach memory.

use super::{bad, Phase1};
use crate::llvm::{self, Value};
use crate::SymbolizeError;
use inkwell::values::AsValueRef;

impl Phase1<'_, '_> {
    /// Before each `ret` of `f`: clears its `byval` copies and its frame.
    pub(super) fn frame_exits(&mut self, f: Value) -> Result<(), SymbolizeError> {
        let params = std::mem::take(&mut self.byval_params);
        if !self.a.memory {
            return Ok(());
        }
        let ptr = self.ctx.ptr_type(inkwell::AddressSpace::default());
        let stacksave = self
            .module
            .get_function("llvm.stacksave")
            .unwrap_or_else(|| {
                self.module
                    .add_function("llvm.stacksave", ptr.fn_type(&[], false), None)
            });
        let frameaddress = self
            .module
            .get_function("llvm.frameaddress.p0")
            .unwrap_or_else(|| {
                self.module.add_function(
                    "llvm.frameaddress.p0",
                    ptr.fn_type(&[self.ctx.i32_type().into()], false),
                    None,
                )
            });
        for bb in llvm::blocks(f) {
            let t = llvm::terminator(bb);
            if t.is_null() || llvm::opcode(t) != llvm::Opcode::LLVMRet {
                continue;
            }
            self.before(t);
            for &(p, size) in &params {
                self.call("clear", None, &[self.ptrt(), self.i64t()], &[p, size])?;
            }
            let sp = self.b.build_call(stacksave, &[], "").map_err(bad)?;
            let zero = self.ctx.i32_type().const_zero();
            let fp = self
                .b
                .build_call(frameaddress, &[zero.into()], "")
                .map_err(bad)?;
            self.call(
                "frame_exit",
                None,
                &[self.ptrt(), self.ptrt()],
                &[sp.as_value_ref(), fp.as_value_ref()],
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::abstraction::symbolized;

    const SRC: &str = r#"
declare i32 @__VERIFIER_nondet_int()
define i32 @keep(i32 %x) {
  %a = alloca [4 x i32]
  store i32 %x, ptr %a
  %c = icmp eq i32 %x, 0
  br i1 %c, label %z, label %nz
z:
  ret i32 0
nz:
  ret i32 1
}
define i32 @main() {
  %x = call i32 @__VERIFIER_nondet_int()
  %r = call i32 @keep(i32 %x)
  ret i32 %r
}
"#;

    fn run(src: &str) -> String {
        symbolized(src).1
    }

    #[test]
    fn every_ret_clears_its_frame_when_terms_reach_memory() {
        let text = run(SRC);
        let exits = text
            .lines()
            .filter(|l| l.contains("call void @__kappa_frame_exit(ptr"))
            .count();
        assert_eq!(exits, 3, "two rets of @keep, one of main:\n{text}");
        assert!(
            text.contains("call ptr @llvm.frameaddress.p0(i32 0)"),
            "{text}"
        );
        assert!(text.contains("call ptr @llvm.stacksave()"), "{text}");
        // no term in memory: nothing to clear
        let text = run(&SRC.replace("  store i32 %x, ptr %a\n", ""));
        assert!(!text.contains("__kappa_frame_exit"), "{text}");
    }
}
