//! Aggregate returns demoted to memory before the abstraction: a function
//! that returns a first-class struct or array (LP64 returns a small struct
//! in registers, e.g. `{ i64, i64 }`, which clang builds at -O0 as a load of
//! the whole aggregate from the return slot) gets a pointer parameter
//! instead, its `ret (load AGG, p)` becomes `memcpy(out, p)` + `ret void`,
//! and each call's `extractvalue` becomes a load of that field from a
//! caller's slot (a store of the whole result, as clang does into its
//! coercion slot for `{ i64, i32 }`, a `memcpy` from that slot). Terms then
//! travel through memory (the shadow map follows `llvm.memcpy`) instead of
//! through an aggregate value, which the abstraction does not represent (it
//! would read the aggregate as a non-integer value and end the path
//! unsupported). Exact: the bytes the caller reads are the bytes the callee
//! returned.
//!
//! Only the shape clang emits is rewritten: a defined function, called
//! directly and nowhere else used, every `ret` operand a load of the whole
//! aggregate, every use of a call's result an `extractvalue` of an integer
//! field or a store of the whole result. Anything else is left as it was
//! (and stays guarded).

use crate::llvm::*;
use inkwell::context::Context;
use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::debuginfo::{
    LLVMGetSubprogram, LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc, LLVMSetSubprogram,
};
use inkwell::llvm_sys::LLVMTypeKind;
use inkwell::module::Module as InkModule;

/// Whether `t` is a struct or array type.
fn is_aggregate(t: Type) -> bool {
    matches!(
        unsafe { LLVMGetTypeKind(t) },
        LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind
    )
}

/// The constant indices of an `extractvalue`.
fn extract_indices(i: Value) -> Vec<u32> {
    unsafe {
        let n = LLVMGetNumIndices(i) as usize;
        std::slice::from_raw_parts(LLVMGetIndices(i), n).to_vec()
    }
}

/// Whether `f` has the shape this pass rewrites (see the module doc).
fn demotable(f: Value) -> bool {
    let ret = return_type(f);
    if is_declaration(f)
        || !is_aggregate(ret)
        || unsafe { LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) } != 0
    {
        return false;
    }
    // every ret returns a load of the whole aggregate
    for b in blocks(f) {
        let t = terminator(b);
        if opcode(t) == Opcode::LLVMRet {
            let v = operand(t, 0);
            if unsafe { LLVMIsALoadInst(v) }.is_null() || type_of(v) != ret {
                return false;
            }
        }
    }
    // called directly only, results read by extractvalue of integers or
    // stored whole (clang's coercion slot, e.g. of `{ i64, i32 }`) only
    users(f).into_iter().all(|u| {
        opcode(u) == Opcode::LLVMCall
            && called_function(u) == Some(f)
            && (0..num_call_args(u)).all(|k| operand(u, k) != f)
            && users(u).into_iter().all(|x| match opcode(x) {
                Opcode::LLVMExtractValue => int_width(type_of(x)).is_some(),
                Opcode::LLVMStore => operand(x, 0) == u && operand(x, 1) != u,
                _ => false,
            })
    })
}

/// Demotes the aggregate returns of `module` (see the module doc); the
/// number of functions rewritten.
pub fn demote(ctx: &Context, module: &InkModule) -> usize {
    let m = module.as_mut_ptr();
    let targets: Vec<Value> = functions(m).into_iter().filter(|&f| demotable(f)).collect();
    for &f in &targets {
        unsafe { rewrite(ctx, m, f) };
    }
    targets.len()
}

/// Rewrites one demotable function and its calls.
unsafe fn rewrite(ctx: &Context, m: Module, f: Value) {
    let c = ctx.raw();
    let agg = return_type(f);
    let fty = LLVMGlobalGetValueType(f);
    let n = LLVMCountParamTypes(fty) as usize;
    let mut params = vec![std::ptr::null_mut(); n];
    LLVMGetParamTypes(fty, params.as_mut_ptr());
    let ptr = LLVMPointerTypeInContext(c, 0);
    let mut new_params = vec![ptr];
    new_params.extend(params);
    let nty = LLVMFunctionType(
        LLVMVoidTypeInContext(c),
        new_params.as_mut_ptr(),
        new_params.len() as u32,
        0,
    );
    let name = value_name(f);
    let tmp = std::ffi::CString::new(format!("{name}.kappa.old")).expect("no NUL");
    LLVMSetValueName2(f, tmp.as_ptr(), tmp.as_bytes().len());
    let cname = std::ffi::CString::new(name).expect("no NUL");
    let g = LLVMAddFunction(m, cname.as_ptr(), nty);
    LLVMSetLinkage(g, LLVMGetLinkage(f));
    LLVMSetSubprogram(g, LLVMGetSubprogram(f));
    LLVMSetSubprogram(f, std::ptr::null_mut());
    // the body moves over; old parameters become the new ones
    let anchor = LLVMAppendBasicBlockInContext(c, g, c"".as_ptr());
    for b in blocks(f) {
        LLVMMoveBasicBlockAfter(b, LLVMGetLastBasicBlock(g));
    }
    LLVMDeleteBasicBlock(anchor);
    for k in 0..n {
        LLVMReplaceAllUsesWith(param(f, k as u32), param(g, k as u32 + 1));
    }
    let out = param(g, 0);
    let size = LLVMSizeOf(agg);
    let b = LLVMCreateBuilderInContext(c);
    let memcpy = memcpy_intrinsic(c, m);
    for blk in blocks(g) {
        let t = terminator(blk);
        if opcode(t) != Opcode::LLVMRet {
            continue;
        }
        let load = operand(t, 0);
        let src = operand(load, 0);
        LLVMPositionBuilderBefore(b, t);
        let mut args = [out, src, size, LLVMConstInt(LLVMInt1TypeInContext(c), 0, 0)];
        let call = LLVMBuildCall2(
            b,
            LLVMGlobalGetValueType(memcpy),
            memcpy,
            args.as_mut_ptr(),
            4,
            c"".as_ptr(),
        );
        copy_debug_loc(t, call);
        let ret = LLVMBuildRetVoid(b);
        copy_debug_loc(t, ret);
        LLVMInstructionEraseFromParent(t);
        if users(load).is_empty() {
            LLVMInstructionEraseFromParent(load);
        }
    }
    // each call: a slot in the caller's entry block, the fields read from it
    for call in users(f) {
        let caller = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
        let entry = LLVMGetEntryBasicBlock(caller);
        LLVMPositionBuilderBefore(b, first_non_phi(entry));
        let slot = LLVMBuildAlloca(b, agg, c"kappa.ret".as_ptr());
        LLVMPositionBuilderBefore(b, call);
        let nargs = num_call_args(call);
        let mut args = vec![slot];
        args.extend((0..nargs).map(|k| operand(call, k)));
        let nc = LLVMBuildCall2(
            b,
            nty,
            g,
            args.as_mut_ptr(),
            args.len() as u32,
            c"".as_ptr(),
        );
        copy_debug_loc(call, nc);
        for x in users(call) {
            LLVMPositionBuilderBefore(b, x);
            if opcode(x) == Opcode::LLVMStore {
                // the whole aggregate: the bytes of the slot
                let mut args = [
                    operand(x, 1),
                    slot,
                    size,
                    LLVMConstInt(LLVMInt1TypeInContext(c), 0, 0),
                ];
                let cp = LLVMBuildCall2(
                    b,
                    LLVMGlobalGetValueType(memcpy),
                    memcpy,
                    args.as_mut_ptr(),
                    4,
                    c"".as_ptr(),
                );
                copy_debug_loc(x, cp);
                LLVMInstructionEraseFromParent(x);
                continue;
            }
            let idx = extract_indices(x);
            let mut gep_idx = vec![LLVMConstInt(LLVMInt32TypeInContext(c), 0, 0)];
            gep_idx.extend(
                idx.iter()
                    .map(|&k| LLVMConstInt(LLVMInt32TypeInContext(c), k as u64, 0)),
            );
            let p = LLVMBuildInBoundsGEP2(
                b,
                agg,
                slot,
                gep_idx.as_mut_ptr(),
                gep_idx.len() as u32,
                c"".as_ptr(),
            );
            let v = LLVMBuildLoad2(b, type_of(x), p, c"".as_ptr());
            copy_debug_loc(x, v);
            LLVMReplaceAllUsesWith(x, v);
            LLVMInstructionEraseFromParent(x);
        }
        LLVMInstructionEraseFromParent(call);
    }
    LLVMDisposeBuilder(b);
    LLVMDeleteFunction(f);
}

/// `llvm.memcpy.p0.p0.i64`, declared if needed.
unsafe fn memcpy_intrinsic(c: inkwell::llvm_sys::prelude::LLVMContextRef, m: Module) -> Value {
    let name = c"llvm.memcpy.p0.p0.i64";
    let f = LLVMGetNamedFunction(m, name.as_ptr());
    if !f.is_null() {
        return f;
    }
    let ptr = LLVMPointerTypeInContext(c, 0);
    let mut ps = [
        ptr,
        ptr,
        LLVMInt64TypeInContext(c),
        LLVMInt1TypeInContext(c),
    ];
    let ty = LLVMFunctionType(LLVMVoidTypeInContext(c), ps.as_mut_ptr(), 4, 0);
    LLVMAddFunction(m, name.as_ptr(), ty)
}

/// Gives instruction `to` the debug location of `from` (calls to functions
/// with debug information need one).
unsafe fn copy_debug_loc(from: Value, to: Value) {
    let loc = LLVMInstructionGetDebugLoc(from);
    if !loc.is_null() {
        LLVMInstructionSetDebugLoc(to, loc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::memory_buffer::MemoryBuffer;

    const SRC: &str = r#"
%pair = type { i64, i64 }

define %pair @make(i64 %a, i64 %b) {
  %slot = alloca %pair
  %f0 = getelementptr %pair, ptr %slot, i32 0, i32 0
  store i64 %a, ptr %f0
  %f1 = getelementptr %pair, ptr %slot, i32 0, i32 1
  store i64 %b, ptr %f1
  %v = load %pair, ptr %slot
  ret %pair %v
}

define %pair @built(i64 %a) {
  %v = insertvalue %pair undef, i64 %a, 0
  ret %pair %v
}

define i64 @main() {
  %r = call %pair @make(i64 1, i64 2)
  %x = extractvalue %pair %r, 1
  %s = call %pair @built(i64 3)
  %y = extractvalue %pair %s, 0
  %z = add i64 %x, %y
  ret i64 %z
}
"#;

    /// Demotes `src` (`rewritten` functions expected), verifies it; the
    /// module's text and what its `main` (`i64 ()`) returns.
    fn demote_and_run(src: &str, rewritten: usize) -> (String, i64) {
        let ctx = Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(src.as_bytes(), "t");
        let m = ctx.create_module_from_ir(buf).expect("parses");
        assert_eq!(demote(&ctx, &m), rewritten);
        m.verify().expect("verifies after the rewrite");
        let text = m.print_to_string().to_string();
        let ee = m
            .create_jit_execution_engine(inkwell::OptimizationLevel::None)
            .expect("jit");
        let main =
            unsafe { ee.get_function::<unsafe extern "C" fn() -> i64>("main") }.expect("main");
        (text, unsafe { main.call() })
    }

    #[test]
    fn loads_returned_whole_go_through_memory_and_the_rest_stays() {
        // only @make has the shape
        let (text, r) = demote_and_run(SRC, 1);
        assert!(text.contains("define void @make(ptr"), "{text}");
        assert!(text.contains("call void @llvm.memcpy"), "{text}");
        assert!(text.contains("call void @make(ptr %kappa.ret"), "{text}");
        assert!(text.contains("define %pair @built"), "{text}");
        assert!(!text.contains(".kappa.old"), "{text}");
        // the field read after the call is the field the callee returned
        assert_eq!(r, 2 + 3);
    }

    #[test]
    fn a_result_stored_whole_is_copied_from_the_slot() {
        let src = r#"
%r12 = type { i64, i32 }
define %r12 @mk(i64 %a, i32 %b) {
  %slot = alloca %r12
  %f0 = getelementptr %r12, ptr %slot, i32 0, i32 0
  store i64 %a, ptr %f0
  %f1 = getelementptr %r12, ptr %slot, i32 0, i32 1
  store i32 %b, ptr %f1
  %v = load %r12, ptr %slot
  ret %r12 %v
}
define i64 @main() {
  %tmp = alloca %r12
  %r = call %r12 @mk(i64 5, i32 7)
  store %r12 %r, ptr %tmp
  %p = getelementptr %r12, ptr %tmp, i32 0, i32 1
  %x = load i32, ptr %p
  %y = zext i32 %x to i64
  ret i64 %y
}
"#;
        let (text, r) = demote_and_run(src, 1);
        assert!(!text.contains("store %r12"), "{text}");
        assert!(
            text.contains("call void @llvm.memcpy.p0.p0.i64(ptr %tmp, ptr %kappa.ret"),
            "{text}"
        );
        assert_eq!(r, 7);
    }
}
