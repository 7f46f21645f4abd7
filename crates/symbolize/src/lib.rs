//! kappa-symbolize: the symbolizing LLVM → LLVM transformation of "Symbolic
//! Computation via Program Transformation" (Lauko, Ročkai, Barnat, ICTAC
//! 2018), written through inkwell (LLVM 16).
//!
//! Two phases, each followed by the LLVM verifier:
//! 1. abstraction (`abstraction`): the abstract set is computed
//!    (`analysis`) and every instruction consuming an abstract value gets a
//!    call to an abstract intrinsic `__kappa_abstract.*` producing its term;
//! 2. realisation (`realise`): the intrinsics become calls into the runtime
//!    ABI of `kappa-runtime` (`__kappa_*`).
//!
//! Example (the IR of `int x = nondet(); if (x > 5) ...`), before:
//! ```text
//! %x = call i32 @__VERIFIER_nondet_int()
//! %c = icmp sgt i32 %x, 5
//! br i1 %c, label %then, label %else
//! ```
//! after phase 1:
//! ```text
//! %x = call i32 @__VERIFIER_nondet_int()
//! %tx = call i64 @__kappa_abstract.input.i32(ptr @name)
//! %c = icmp sgt i32 %x, 5
//! %tc = call i64 @__kappa_abstract.icmp.sgt.i32(i32 %x, i64 %tx, i32 5, i64 0)
//! %ch = call i1 @__kappa_abstract.choose(i1 %c, i64 %tc)
//! br i1 %ch, label %then, label %else
//! ```
//! after phase 2:
//! ```text
//! %tx = call i64 @__kappa_input(i32 32, ptr @name)
//! %tc = call i64 @__kappa_icmp(i32 6, i32 32, i64 %x64, i64 %tx, i64 5, i64 0)
//! %r = call i32 @__kappa_choose(i64 %c64, i64 %tc)
//! %ch = trunc i32 %r to i1
//! ```

mod abstraction;
mod analysis;
mod llvm;
pub mod models;
mod realise;
mod sret;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::Module;
use std::path::Path;

/// Errors of the transformation.
#[derive(Debug, thiserror::Error)]
pub enum SymbolizeError {
    /// The input could not be read or parsed.
    #[error("{path}: cannot read LLVM module: {reason}")]
    Read {
        /// The input file.
        path: String,
        /// LLVM's message.
        reason: String,
    },
    /// The LLVM verifier rejected the module after a phase.
    #[error("LLVM verifier failed after {phase} in function `{function}`: {message}")]
    Verifier {
        /// "abstraction" or "realisation".
        phase: &'static str,
        /// The first function that fails verification ("?" if none alone does).
        function: String,
        /// The verifier's message.
        message: String,
    },
    /// The output could not be written.
    #[error("{path}: cannot write: {reason}")]
    Write {
        /// The output file.
        path: String,
        /// The reason.
        reason: String,
    },
    /// The library models could not be compiled or linked.
    #[error("library models: {reason}")]
    Model {
        /// What failed.
        reason: String,
    },
    /// The module defines no `main` (nothing to run).
    #[error("no `main` function to start from")]
    NoMain,
    /// An internal inconsistency (a bug).
    #[error("internal error in the transformation: {0}")]
    Internal(String),
}

/// Figures of one transformation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Defined functions transformed.
    pub functions: usize,
    /// Values in the abstract set.
    pub abstract_values: usize,
    /// Whether terms may be stored to memory (loads thaw, stores freeze).
    pub memory: bool,
    /// Abstract arithmetic/comparison/cast/select instructions.
    pub abstract_instructions: usize,
    /// Inputs (`__VERIFIER_nondet_*` call sites).
    pub inputs: usize,
    /// Branches turned into choices.
    pub choices: usize,
    /// Operands lowered (must stay concrete).
    pub lowered: usize,
    /// Freezes (stores of possibly abstract integers).
    pub freezes: usize,
    /// Thaws (loads of possibly abstract integers).
    pub thaws: usize,
    /// Loads and stores at addresses that may be terms (symbolic indices),
    /// answered through the runtime's object registry.
    pub symbolic_accesses: usize,
    /// Object registrations (allocas, globals, allocations) emitted for them.
    pub objects: usize,
    /// Sites that end the path as unsupported when reached.
    pub unsupported_sites: usize,
    /// Library functions whose calls were redirected to their C models
    /// ([`models`]), sorted; empty when the models were not linked.
    pub modelled: Vec<String>,
}

/// Compiles [`models::MODEL_SOURCE`] for the module's data model and
/// returns the bitcode file (or why it failed). Called at most once, and
/// only when the module calls a modelled function that needs the model.
pub type ModelCompiler<'a> = &'a mut dyn FnMut() -> Result<std::path::PathBuf, String>;

/// Reads an LLVM module from `.bc` or `.ll`.
pub fn read_module<'ctx>(ctx: &'ctx Context, path: &Path) -> Result<Module<'ctx>, SymbolizeError> {
    let err = |reason: String| SymbolizeError::Read {
        path: path.display().to_string(),
        reason,
    };
    let buf = MemoryBuffer::create_from_file(path).map_err(|e| err(e.to_string()))?;
    ctx.create_module_from_ir(buf)
        .map_err(|e| err(e.to_string()))
}

/// Writes `module` to `path`: bitcode if it ends in `.bc`, else text IR.
/// A write error (a full disk) is an error, not the end of the process:
/// bitcode is made in memory and written here, since LLVM's own writer to
/// a file ends the process on an I/O error (`IO failure on output stream`).
pub fn write_module(module: &Module, path: &Path) -> Result<(), SymbolizeError> {
    let is_bc = path.extension().and_then(|e| e.to_str()) == Some("bc");
    let failed = |reason: String| SymbolizeError::Write {
        path: path.display().to_string(),
        reason,
    };
    if is_bc {
        let buf = module.write_bitcode_to_memory();
        std::fs::write(path, buf.as_slice()).map_err(|e| failed(e.to_string()))
    } else {
        module
            .print_to_file(path)
            .map_err(|e| failed(e.to_string()))
    }
}

/// Runs the LLVM verifier; on failure names the first failing function.
pub fn verify(module: &Module, phase: &'static str) -> Result<(), SymbolizeError> {
    if let Err(msg) = module.verify() {
        let function = module
            .get_functions()
            .find(|f| f.count_basic_blocks() > 0 && !f.verify(false))
            .map(|f| f.get_name().to_string_lossy().into_owned())
            .unwrap_or_else(|| "?".into());
        return Err(SymbolizeError::Verifier {
            phase,
            function,
            message: msg
                .to_string()
                .lines()
                .take(5)
                .collect::<Vec<_>>()
                .join(" | "),
        });
    }
    Ok(())
}

/// Transforms `module` in place (both phases, verifier after each), without
/// library models (calls of memory functions stay guarded).
pub fn symbolize<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>) -> Result<Stats, SymbolizeError> {
    symbolize_with(ctx, module, None)
}

/// Transforms `module` in place. With `models`, when the module calls a
/// modelled library function while terms may reach memory (or with a term
/// argument), the compiled models are linked first and the calls
/// redirected to them (see [`models`]); the verifier runs after linking too.
pub fn symbolize_with<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    models: Option<ModelCompiler>,
) -> Result<Stats, SymbolizeError> {
    verify(module, "reading")?;
    if module
        .get_function("main")
        .is_none_or(|f| f.count_basic_blocks() == 0)
    {
        return Err(SymbolizeError::NoMain);
    }
    let mut modelled = vec![];
    if let Some(compile) = models {
        if models::wanted(module) {
            let bc = compile().map_err(|reason| SymbolizeError::Model { reason })?;
            modelled = models::link(ctx, module, &bc)?;
            verify(module, "linking the library models")?;
        }
    }
    if sret::demote(ctx, module) > 0 {
        verify(module, "demoting aggregate returns")?;
    }
    let mut p1 = abstraction::Phase1::new(ctx, module);
    p1.run()?;
    let mut stats = p1.stats.clone();
    stats.modelled = modelled;
    drop(p1);
    verify(module, "abstraction")?;
    realise::realise(ctx, module)?;
    verify(module, "realisation")?;
    Ok(stats)
}

/// Reads `input` (.bc/.ll), transforms it and writes `output` (.bc/.ll).
pub fn symbolize_file(input: &Path, output: &Path) -> Result<Stats, SymbolizeError> {
    symbolize_file_with(input, output, None)
}

/// [`symbolize_file`] with library models (see [`symbolize_with`]).
pub fn symbolize_file_with(
    input: &Path,
    output: &Path,
    models: Option<ModelCompiler>,
) -> Result<Stats, SymbolizeError> {
    let ctx = Context::create();
    let m = read_module(&ctx, input)?;
    let stats = symbolize_with(&ctx, &m, models)?;
    write_module(&m, output)?;
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = r#"
declare i32 @__VERIFIER_nondet_int()
declare void @reach_error()
@g = global i32 0

define internal i32 @inc(i32 %v) {
  %r = add nsw i32 %v, 1
  ret i32 %r
}

define i32 @main() {
entry:
  %x = call i32 @__VERIFIER_nondet_int()
  store i32 %x, ptr @g
  %y = load i32, ptr @g
  %z = call i32 @inc(i32 %y)
  %c = icmp sgt i32 %z, 5
  br i1 %c, label %then, label %end
then:
  call void @reach_error()
  br label %end
end:
  %p = phi i32 [ %z, %then ], [ 0, %entry ]
  %q = sdiv i32 100, %p
  ret i32 %q
}
"#;

    #[test]
    fn both_phases_verify_and_leave_only_runtime_calls() {
        let ctx = Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(SRC.as_bytes(), "t");
        let m = ctx.create_module_from_ir(buf).expect("parses");
        let st = symbolize(&ctx, &m).expect("symbolizes");
        assert_eq!(st.inputs, 1);
        assert_eq!(st.choices, 1);
        assert!(st.memory, "a term is stored");
        assert_eq!(st.freezes, 1);
        assert_eq!(st.thaws, 1);
        let text = m.print_to_string().to_string();
        assert!(!text.contains("__kappa_abstract."), "{text}");
        for f in [
            "@__kappa_input",
            "@__kappa_freeze",
            "@__kappa_thaw",
            "@__kappa_set_arg",
            "@__kappa_get_arg",
            "@__kappa_set_ret",
            "@__kappa_get_ret",
            "@__kappa_binop",
            "@__kappa_icmp",
            "@__kappa_choose",
            "@__kappa_error",
        ] {
            assert!(text.contains(f), "{f} missing:\n{text}");
        }
        // the phi of a term and a constant gets a term phi; the division's
        // concrete divisor is guarded against a garbage 0
        assert!(text.contains("phi i64"), "{text}");
        assert!(text.contains("select i1"), "{text}");
    }

    #[test]
    fn a_concrete_program_is_unchanged_but_for_declarations() {
        let ctx = Context::create();
        let src = "define i32 @main() {\n  %a = add i32 1, 2\n  ret i32 %a\n}\n";
        let buf = MemoryBuffer::create_from_memory_range_copy(src.as_bytes(), "t");
        let m = ctx.create_module_from_ir(buf).expect("parses");
        let st = symbolize(&ctx, &m).expect("symbolizes");
        assert_eq!(st.abstract_values, 0);
        assert!(!m.print_to_string().to_string().contains("__kappa"));
    }

    const STRLEN_OF_CONSTANT: &str = r#"
@s = private constant [4 x i8] c"abc\00"
declare i32 @__VERIFIER_nondet_int()
declare i64 @strlen(ptr)
define i32 @main() {
  %x = call i32 @__VERIFIER_nondet_int()
  %n = call i64 @strlen(ptr @s)
  %t = trunc i64 %n to i32
  %r = add i32 %x, %t
  ret i32 %r
}
"#;

    /// Runs `symbolize_with` on `src` with a model compiler that counts its
    /// calls and fails (no clang here): the result and the count.
    fn with_counting_models(src: &str) -> (Result<Stats, SymbolizeError>, usize) {
        let ctx = Context::create();
        let buf = MemoryBuffer::create_from_memory_range_copy(src.as_bytes(), "t");
        let m = ctx.create_module_from_ir(buf).expect("parses");
        let mut calls = 0;
        let mut compile = || -> Result<std::path::PathBuf, String> {
            calls += 1;
            Err("not compiled in this test".into())
        };
        let r = symbolize_with(&ctx, &m, Some(&mut compile));
        (r, calls)
    }

    #[test]
    fn models_are_not_compiled_without_a_modelled_call_that_needs_them() {
        // no modelled function at all
        let (r, calls) = with_counting_models(SRC);
        assert_eq!(calls, 0);
        assert!(r.expect("symbolizes").modelled.is_empty());
        // strlen of a constant while no term reaches memory: the library serves
        let (r, calls) = with_counting_models(STRLEN_OF_CONSTANT);
        assert_eq!(calls, 0);
        assert!(r.expect("symbolizes").modelled.is_empty());
    }

    #[test]
    fn models_are_compiled_when_terms_reach_memory_and_a_modelled_function_is_called() {
        let src = SRC
            .replace(
                "declare void @reach_error()",
                "declare void @reach_error()\ndeclare i64 @strlen(ptr)",
            )
            .replace(
                "  %y = load i32, ptr @g",
                "  %y = load i32, ptr @g\n  %len = call i64 @strlen(ptr @g)",
            );
        let (r, calls) = with_counting_models(&src);
        assert_eq!(calls, 1);
        assert!(matches!(r, Err(SymbolizeError::Model { .. })), "{r:?}");
        // a term argument (the character of strchr) wants them too
        let src = r#"
@s = private constant [4 x i8] c"abc\00"
declare i32 @__VERIFIER_nondet_int()
declare ptr @strchr(ptr, i32)
define i32 @main() {
  %x = call i32 @__VERIFIER_nondet_int()
  %p = call ptr @strchr(ptr @s, i32 %x)
  ret i32 0
}
"#;
        let (_, calls) = with_counting_models(src);
        assert_eq!(calls, 1);
    }
}
