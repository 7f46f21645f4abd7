//! The C models of library functions that read or write memory, and of the
//! `abs` family (DIVINE's approach: the libc is bitcode transformed with
//! the program): which calls want them, and linking the compiled models into the program's
//! module with the calls redirected to the models' private names, before
//! the abstraction phase (so the models are symbolized like user code).

use crate::llvm::{self, users, Value};
use crate::SymbolizeError;
use inkwell::context::Context;
use inkwell::llvm_sys::core as sys;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{Linkage, Module};
use std::path::Path;

/// The C source of the models (`model/string.c`), compiled per data model
/// by the caller with the frontend's flags plus [`MODEL_CFLAGS`].
pub const MODEL_SOURCE: &str = include_str!("../model/string.c");

/// Extra clang flags for [`MODEL_SOURCE`] (after the frontend's): no debug
/// information, and no recognition of library idioms (the models must not
/// call the functions they model).
pub const MODEL_CFLAGS: &[&str] = &["-g0", "-fno-builtin"];

/// The prefix of the models' names: the model of `strlen` is
/// `__kappa_model_strlen`. (A definition named `strlen` would interpose
/// libc for the Rust runtime too.)
pub const MODEL_PREFIX: &str = "__kappa_model_";

/// The hidden input the comparison models draw an unconstrained magnitude
/// from (C fixes only the sign of `strcmp` and friends). It is an input
/// like `__VERIFIER_nondet_int` for the runtime and the solver, but not
/// one of the program's: tests and witnesses leave it out.
pub const HIDDEN_INPUT: &str = "__kappa_model_magnitude";

/// The library functions that have a model (same names without the prefix).
pub const MODELLED: &[&str] = &[
    "memset", "memcpy", "memmove", "strcpy", "strncpy", "realloc", "strlen", "strnlen", "strcmp",
    "strncmp", "strchr", "memcmp", "bcmp", "memchr", "strrchr", "strcat", "strncat", "strstr",
    "abs", "labs", "llabs", "imaxabs",
];

/// Whether the module calls a modelled library function (declared, not
/// defined by the program) in a way the native library cannot serve: terms
/// may reach memory, or an argument of such a call may be a term. Otherwise
/// the models are not linked (the library runs natively).
pub(crate) fn wanted(module: &Module) -> bool {
    let called: Vec<Value> = llvm::functions(module.as_mut_ptr())
        .into_iter()
        .filter(|&f| {
            llvm::is_declaration(f)
                && MODELLED.contains(&llvm::value_name(f).as_str())
                && unsafe { !sys::LLVMGetFirstUse(f).is_null() }
        })
        .collect();
    if called.is_empty() {
        return false;
    }
    let a = crate::analysis::analyze(module.as_mut_ptr());
    if a.memory {
        return true;
    }
    called.iter().any(|&f| {
        users(f).into_iter().any(|u| {
            llvm::opcode(u) == llvm::Opcode::LLVMCall
                && (0..llvm::num_call_args(u)).any(|k| a.is_abstract(llvm::operand(u, k)))
        })
    })
}

/// Removes the function attributes of a call site (e.g. clang's
/// `memory(read)` on a `strlen` call, false for the model, which calls the
/// runtime).
fn strip_call_attributes(call: Value) {
    use inkwell::llvm_sys::LLVMAttributeFunctionIndex as FN;
    unsafe {
        let n = sys::LLVMGetCallSiteAttributeCount(call, FN);
        let mut attrs = vec![std::ptr::null_mut(); n as usize];
        sys::LLVMGetCallSiteAttributes(call, FN, attrs.as_mut_ptr());
        for a in attrs {
            if sys::LLVMIsEnumAttribute(a) != 0 {
                sys::LLVMRemoveCallSiteEnumAttribute(call, FN, sys::LLVMGetEnumAttributeKind(a));
            } else if sys::LLVMIsStringAttribute(a) != 0 {
                let mut len = 0;
                let k = sys::LLVMGetStringAttributeKind(a, &mut len);
                sys::LLVMRemoveCallSiteStringAttribute(call, FN, k, len);
            }
        }
    }
}

/// Links the compiled models (`model_bc`, bitcode of [`MODEL_SOURCE`] for
/// the module's data model) into `module` and redirects every use of a
/// declared modelled function whose type is the model's to the model. A
/// declaration of another type (e.g. an implicit `int strlen()`) keeps the
/// library (its calls stay guarded). Models nothing uses are deleted; the
/// rest become internal. Returns the redirected library functions, sorted.
pub(crate) fn link<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    model_bc: &Path,
) -> Result<Vec<String>, SymbolizeError> {
    let bad = |reason: String| SymbolizeError::Model { reason };
    let buf = MemoryBuffer::create_from_file(model_bc).map_err(|e| bad(e.to_string()))?;
    let models = ctx
        .create_module_from_ir(buf)
        .map_err(|e| bad(e.to_string()))?;
    let mut redirect = vec![];
    for &name in MODELLED {
        let (Some(lib), Some(model)) = (
            module.get_function(name),
            models.get_function(&format!("{MODEL_PREFIX}{name}")),
        ) else {
            continue;
        };
        let (lib, model) = (
            inkwell::values::AsValueRef::as_value_ref(&lib),
            inkwell::values::AsValueRef::as_value_ref(&model),
        );
        let same_type =
            unsafe { sys::LLVMGlobalGetValueType(lib) == sys::LLVMGlobalGetValueType(model) };
        if llvm::is_declaration(lib) && same_type && !users(lib).is_empty() {
            redirect.push(name);
        }
    }
    module
        .link_in_module(models)
        .map_err(|e| bad(format!("linking the models: {e}")))?;
    for &name in &redirect {
        let lib = module.get_function(name).expect("declared");
        let model = module
            .get_function(&format!("{MODEL_PREFIX}{name}"))
            .expect("linked");
        let (lib, model) = (
            inkwell::values::AsValueRef::as_value_ref(&lib),
            inkwell::values::AsValueRef::as_value_ref(&model),
        );
        for u in users(lib) {
            if llvm::opcode(u) == llvm::Opcode::LLVMCall
                && unsafe { sys::LLVMGetCalledValue(u) } == lib
            {
                strip_call_attributes(u);
            }
        }
        unsafe { sys::LLVMReplaceAllUsesWith(lib, model) };
    }
    // models nothing calls go (to a fixpoint: models call helpers)
    loop {
        let dead: Vec<Value> = llvm::functions(module.as_mut_ptr())
            .into_iter()
            .filter(|&f| {
                let n = llvm::value_name(f);
                n.starts_with(MODEL_PREFIX) && users(f).is_empty()
            })
            .collect();
        if dead.is_empty() {
            break;
        }
        for f in dead {
            unsafe { sys::LLVMDeleteFunction(f) };
        }
    }
    for f in module.get_functions() {
        let n = f.get_name().to_string_lossy().into_owned();
        if n.starts_with(MODEL_PREFIX) && f.count_basic_blocks() > 0 {
            f.set_linkage(Linkage::Internal);
        }
    }
    Ok(redirect.into_iter().map(String::from).collect())
}
