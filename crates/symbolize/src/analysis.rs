//! The abstract set (the paper's Sections 3.2-3.4): which SSA values,
//! parameters, return values and memory may hold terms. A syntactic fixpoint
//! over SSA use-def chains, call edges (parameters, returns) and memory.

use crate::llvm::*;
use std::collections::HashSet;

/// How a called function is treated by the transformation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Callee {
    /// `__VERIFIER_nondet_*` returning an integer of at most 64 bits: a new input.
    NondetInt,
    /// `__VERIFIER_nondet_*` of another type (float, pointer...): unsupported.
    NondetOther,
    /// `__VERIFIER_assume`.
    Assume,
    /// `reach_error` (its entry is instrumented; calls need nothing).
    ReachError,
    /// `abort`, `__assert_fail`, `llvm.trap`: the path ends normally.
    Halt,
    /// `free`: the shadow of the block is cleared.
    Free,
    /// `llvm.memset`: the shadow of the range is cleared.
    MemSet,
    /// `llvm.memcpy` / `llvm.memmove`: the shadow of the range is copied.
    MemCopy,
    /// Intrinsics without effect on values (debug info, lifetimes).
    Ignored,
    /// Other LLVM intrinsics: abstract arguments are lowered.
    Intrinsic,
    /// Output functions (their reads cannot change the verdict) and
    /// allocators: abstract arguments are lowered.
    KnownPure,
    /// Known library functions that read or write memory (strlen, memcmp,
    /// strcpy...): abstract arguments are lowered, and frozen memory makes
    /// the call unsupported at run time (the library would see the concrete
    /// bytes under a term).
    KnownMemory,
    /// `exit` and friends: the path ends at the runtime's exit hook.
    Exit,
    /// A function defined in the module.
    Defined,
    /// Any other external function: unsupported (as in the interpreter).
    Unknown,
}

const OUTPUT: &[&str] = &[
    "printf", "puts", "putchar", "fprintf", "fputs", "fputc", "putc", "fflush", "perror",
];
/// Run natively when no argument is a term; with a term argument the
/// module's calls of the `abs` family go to their models
/// ([`crate::models::MODELLED`]).
const PURE: &[&str] = &[
    "malloc",
    "calloc",
    "valloc",
    "malloc_usable_size",
    "abs",
    "labs",
    "llabs",
    "imaxabs",
];
const MEMORY: &[&str] = &[
    "memset", "memcpy", "memmove", "strcpy", "strncpy", "realloc", "strlen", "strnlen", "strcmp",
    "strncmp", "strchr", "memcmp", "bcmp", "memchr", "strrchr", "strcat", "strncat", "strstr",
];

/// Whether `name` is a function whose every call is a new input: the
/// `__VERIFIER_nondet_*` functions and the library models' hidden input
/// ([`crate::models::HIDDEN_INPUT`]).
pub fn is_input_function(name: &str) -> bool {
    name.starts_with("__VERIFIER_nondet_") || name == crate::models::HIDDEN_INPUT
}

/// Classifies the function `f` (a declaration or definition) by its name.
pub fn classify(f: Value) -> Callee {
    let name = value_name(f);
    if name == "reach_error" {
        return Callee::ReachError;
    }
    // by name even when defined: the transformation gives the declarations a body
    if is_input_function(&name) {
        return if int_width(return_type(f)).is_some() {
            Callee::NondetInt
        } else {
            Callee::NondetOther
        };
    }
    if !is_declaration(f) {
        return Callee::Defined;
    }
    match name.as_str() {
        "__VERIFIER_assume" => return Callee::Assume,
        "reach_error" | "__VERIFIER_error" => return Callee::ReachError,
        "abort" | "__assert_fail" | "llvm.trap" | "llvm.debugtrap" => return Callee::Halt,
        "exit" | "_exit" | "_Exit" => return Callee::Exit,
        "free" => return Callee::Free,
        _ => {}
    }
    if name.starts_with("llvm.") {
        if name.starts_with("llvm.memset") {
            return Callee::MemSet;
        }
        if name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") {
            return Callee::MemCopy;
        }
        if name.starts_with("llvm.dbg.")
            || name.starts_with("llvm.lifetime.")
            || name.starts_with("llvm.stacksave")
            || name.starts_with("llvm.stackrestore")
            || name.starts_with("llvm.va_")
        {
            return Callee::Ignored;
        }
        return Callee::Intrinsic;
    }
    if OUTPUT.contains(&name.as_str()) || PURE.contains(&name.as_str()) {
        return Callee::KnownPure;
    }
    if MEMORY.contains(&name.as_str()) {
        return Callee::KnownMemory;
    }
    Callee::Unknown
}

/// The result of the fixpoint.
#[derive(Default, Debug)]
pub struct Abstraction {
    /// Abstract SSA values: instructions and function parameters whose value
    /// may be a term. Only integers of at most 64 bits are ever abstract.
    pub values: HashSet<Value>,
    /// Defined functions that may return a term.
    pub returns: HashSet<Value>,
    /// Defined functions whose address is taken (may be called indirectly).
    pub address_taken: HashSet<Value>,
    /// Whether some store may write a term: then every integer load thaws
    /// and every other store clears the shadow.
    pub memory: bool,
    /// `getelementptr`s whose address may be a term (an abstract index, or
    /// a base in this set) and whose every use is the address of an integer
    /// load or store or the base of another such `getelementptr`: their
    /// accesses go through the runtime's object registry instead of
    /// lowering the index. Other `getelementptr`s lower their abstract
    /// indices.
    pub symbolic_addresses: HashSet<Value>,
}

impl Abstraction {
    /// Whether `v` may be a term.
    pub fn is_abstract(&self, v: Value) -> bool {
        self.values.contains(&v)
    }
}

/// Computes the abstract set of `module` (a syntactic over-approximation:
/// a value outside it is concrete on every run).
pub fn analyze(module: Module) -> Abstraction {
    let mut a = Abstraction::default();
    let funcs = functions(module);
    for &f in &funcs {
        if !is_declaration(f) && address_taken(f) {
            a.address_taken.insert(f);
        }
    }
    loop {
        let mut changed = false;
        for &f in &funcs {
            if is_declaration(f) {
                continue;
            }
            for bb in blocks(f) {
                for i in instructions(bb) {
                    changed |= step(&mut a, f, i);
                }
            }
        }
        if !changed {
            break;
        }
    }
    a
}

/// Whether every use of the `getelementptr` `g` is the address of an
/// integer load or store (of at most 64 bits) or the base of another
/// `getelementptr` with this property.
pub fn address_only(g: Value) -> bool {
    if !is_pointer(type_of(g)) {
        return false;
    }
    let us = users(g);
    !us.is_empty()
        && us.into_iter().all(|u| match opcode(u) {
            Opcode::LLVMLoad => operand(u, 0) == g && int_width(type_of(u)).is_some(),
            Opcode::LLVMStore => {
                operand(u, 1) == g
                    && operand(u, 0) != g
                    && int_width(type_of(operand(u, 0))).is_some()
            }
            Opcode::LLVMGetElementPtr => {
                operand(u, 0) == g
                    && (1..num_operands(u)).all(|k| operand(u, k) != g)
                    && address_only(u)
            }
            _ => false,
        })
}

/// One transfer step for instruction `i` of function `f`; true if it grew the set.
fn step(a: &mut Abstraction, f: Value, i: Value) -> bool {
    let op = opcode(i);
    let ty = type_of(i);
    let int_result = int_width(ty).is_some();
    let any_abs = || operands(i).iter().any(|o| a.values.contains(o));
    use Opcode as O;
    let mark = match op {
        O::LLVMAdd
        | O::LLVMSub
        | O::LLVMMul
        | O::LLVMUDiv
        | O::LLVMSDiv
        | O::LLVMURem
        | O::LLVMSRem
        | O::LLVMShl
        | O::LLVMLShr
        | O::LLVMAShr
        | O::LLVMAnd
        | O::LLVMOr
        | O::LLVMXor
        | O::LLVMZExt
        | O::LLVMSExt
        | O::LLVMTrunc
        | O::LLVMFreeze
        | O::LLVMPHI => int_result && any_abs(),
        O::LLVMICmp => int_result && int_width(type_of(operand(i, 0))).is_some() && any_abs(),
        O::LLVMSelect => int_result && any_abs(),
        O::LLVMLoad => int_result && (a.memory || a.symbolic_addresses.contains(&operand(i, 0))),
        O::LLVMGetElementPtr => {
            if a.symbolic_addresses.contains(&i) {
                return false;
            }
            let n = num_operands(i);
            let symbolic = a.symbolic_addresses.contains(&operand(i, 0))
                || (1..n).any(|k| a.values.contains(&operand(i, k)));
            if symbolic && address_only(i) {
                a.symbolic_addresses.insert(i);
                return true;
            }
            false
        }
        O::LLVMStore => {
            let stores_term =
                a.values.contains(&operand(i, 0)) || a.symbolic_addresses.contains(&operand(i, 1));
            if stores_term && !a.memory {
                a.memory = true;
                return true;
            }
            false
        }
        O::LLVMRet => {
            if num_operands(i) == 1 && a.values.contains(&operand(i, 0)) {
                return a.returns.insert(f);
            }
            false
        }
        O::LLVMCall => {
            let mut changed = false;
            match called_function(i) {
                Some(g) => match classify(g) {
                    Callee::NondetInt => {
                        return a.values.insert(i);
                    }
                    Callee::Defined | Callee::ReachError if !is_declaration(g) => {
                        let n = num_call_args(i).min(count_params(g));
                        for k in 0..n {
                            let p = param(g, k);
                            if a.values.contains(&operand(i, k)) && int_width(type_of(p)).is_some()
                            {
                                changed |= a.values.insert(p);
                            }
                        }
                        int_result && a.returns.contains(&g)
                    }
                    _ => false,
                },
                None => {
                    // indirect: terms of arguments go to every address-taken
                    // function (an external target gets them lowered); the
                    // result may be a term if some address-taken function returns one
                    let n = num_call_args(i);
                    let targets: Vec<Value> = a.address_taken.iter().copied().collect();
                    for k in 0..n {
                        if !a.values.contains(&operand(i, k)) {
                            continue;
                        }
                        for &g in &targets {
                            if k < count_params(g) && int_width(type_of(param(g, k))).is_some() {
                                changed |= a.values.insert(param(g, k));
                            }
                        }
                    }
                    int_result && a.address_taken.iter().any(|g| a.returns.contains(g))
                }
            }
            .then(|| changed |= a.values.insert(i));
            return changed;
        }
        _ => false,
    };
    mark && a.values.insert(i)
}
