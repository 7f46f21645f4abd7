//! Read-only queries on LLVM values through the llvm-sys 160 that inkwell
//! wraps (what inkwell 0.5 does not expose: called operands, predicates,
//! operand lists by raw handle). Building always goes through inkwell.

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::prelude::*;
pub use inkwell::llvm_sys::LLVMOpcode as Opcode;
use inkwell::llvm_sys::LLVMTypeKind;

/// A raw LLVM value handle (instruction, argument, function, constant).
pub type Value = LLVMValueRef;
/// A raw LLVM type handle.
pub type Type = LLVMTypeRef;
/// A raw LLVM module handle.
pub type Module = LLVMModuleRef;
/// A raw LLVM basic block handle.
pub type Block = LLVMBasicBlockRef;

/// Raw integer or pointer values as inkwell call arguments (the one
/// conversion both phases use to call the runtime).
pub fn call_args<'ctx>(args: &[Value]) -> Vec<inkwell::values::BasicMetadataValueEnum<'ctx>> {
    args.iter()
        .map(|&v| unsafe {
            if is_pointer(type_of(v)) {
                inkwell::values::PointerValue::new(v).into()
            } else {
                inkwell::values::IntValue::new(v).into()
            }
        })
        .collect()
}

/// The name of a value ("" if none).
pub fn value_name(v: Value) -> String {
    let mut len = 0usize;
    unsafe {
        let p = LLVMGetValueName2(v, &mut len);
        if p.is_null() {
            return String::new();
        }
        let s = std::slice::from_raw_parts(p as *const u8, len);
        String::from_utf8_lossy(s).into_owned()
    }
}

/// Whether the function `f` has no body.
pub fn is_declaration(f: Value) -> bool {
    unsafe { LLVMIsDeclaration(f) != 0 }
}

/// The functions of a module, in order.
pub fn functions(m: Module) -> Vec<Value> {
    let mut out = vec![];
    unsafe {
        let mut f = LLVMGetFirstFunction(m);
        while !f.is_null() {
            out.push(f);
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

/// The basic blocks of a function, in layout order.
pub fn blocks(f: Value) -> Vec<Block> {
    let mut out = vec![];
    unsafe {
        let mut b = LLVMGetFirstBasicBlock(f);
        while !b.is_null() {
            out.push(b);
            b = LLVMGetNextBasicBlock(b);
        }
    }
    out
}

/// The instructions of a block, in order.
pub fn instructions(b: Block) -> Vec<Value> {
    let mut out = vec![];
    unsafe {
        let mut i = LLVMGetFirstInstruction(b);
        while !i.is_null() {
            out.push(i);
            i = LLVMGetNextInstruction(i);
        }
    }
    out
}

/// The opcode of an instruction.
pub fn opcode(i: Value) -> Opcode {
    unsafe { LLVMGetInstructionOpcode(i) }
}

/// The type of a value.
pub fn type_of(v: Value) -> Type {
    unsafe { LLVMTypeOf(v) }
}

/// The width of an integer type of 1 to 64 bits, `None` for other types.
pub fn int_width(t: Type) -> Option<u32> {
    unsafe {
        if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMIntegerTypeKind {
            let w = LLVMGetIntTypeWidth(t);
            if (1..=64).contains(&w) {
                return Some(w);
            }
        }
    }
    None
}

/// Whether `t` is a pointer type.
pub fn is_pointer(t: Type) -> bool {
    unsafe { LLVMGetTypeKind(t) == LLVMTypeKind::LLVMPointerTypeKind }
}

/// The return type of function `f`.
pub fn return_type(f: Value) -> Type {
    unsafe { LLVMGetReturnType(LLVMGlobalGetValueType(f)) }
}

/// Number of operands of a user.
pub fn num_operands(i: Value) -> u32 {
    unsafe { LLVMGetNumOperands(i) as u32 }
}

/// Operand `k`.
pub fn operand(i: Value, k: u32) -> Value {
    unsafe { LLVMGetOperand(i, k) }
}

/// All operands.
pub fn operands(i: Value) -> Vec<Value> {
    (0..num_operands(i)).map(|k| operand(i, k)).collect()
}

/// The function a call calls directly (`None`: indirect or inline asm).
pub fn called_function(call: Value) -> Option<Value> {
    unsafe {
        let c = LLVMGetCalledValue(call);
        if c.is_null() || LLVMIsAFunction(c).is_null() {
            None
        } else {
            Some(c)
        }
    }
}

/// Whether a call calls inline assembly.
pub fn calls_inline_asm(call: Value) -> bool {
    unsafe {
        let c = LLVMGetCalledValue(call);
        !c.is_null() && !LLVMIsAInlineAsm(c).is_null()
    }
}

/// The number of arguments of a call.
pub fn num_call_args(call: Value) -> u32 {
    unsafe { LLVMGetNumArgOperands(call) }
}

/// Number of parameters of a function.
pub fn count_params(f: Value) -> u32 {
    unsafe { LLVMCountParams(f) }
}

/// Parameter `k` of function `f`.
pub fn param(f: Value, k: u32) -> Value {
    unsafe { LLVMGetParam(f, k) }
}

/// Whether function `f` is used other than as the callee of a call.
pub fn address_taken(f: Value) -> bool {
    unsafe {
        let mut u = LLVMGetFirstUse(f);
        while !u.is_null() {
            let user = LLVMGetUser(u);
            let is_callee = !LLVMIsACallInst(user).is_null() && LLVMGetCalledValue(user) == f;
            if !is_callee {
                return true;
            }
            u = LLVMGetNextUse(u);
        }
    }
    false
}

/// The integer predicate of an icmp.
pub fn icmp_predicate(i: Value) -> inkwell::llvm_sys::LLVMIntPredicate {
    unsafe { LLVMGetICmpPredicate(i) }
}

/// Incoming (value, block) pairs of a phi.
pub fn incoming(phi: Value) -> Vec<(Value, Block)> {
    unsafe {
        (0..LLVMCountIncoming(phi))
            .map(|k| (LLVMGetIncomingValue(phi, k), LLVMGetIncomingBlock(phi, k)))
            .collect()
    }
}

/// Successor blocks of a terminator.
pub fn successors(term: Value) -> Vec<Block> {
    unsafe {
        (0..LLVMGetNumSuccessors(term))
            .map(|k| LLVMGetSuccessor(term, k))
            .collect()
    }
}

/// The terminator of a block (null if none).
pub fn terminator(b: Block) -> Value {
    unsafe { LLVMGetBasicBlockTerminator(b) }
}

/// The first instruction of a block that is not a phi (null if none).
pub fn first_non_phi(b: Block) -> Value {
    for i in instructions(b) {
        if opcode(i) != Opcode::LLVMPHI {
            return i;
        }
    }
    std::ptr::null_mut()
}

/// The instruction after `i` (null at the end of the block).
pub fn next_instruction(i: Value) -> Value {
    unsafe { LLVMGetNextInstruction(i) }
}

/// Whether a value is an integer constant (or undef/poison of integer type).
pub fn is_constant(v: Value) -> bool {
    unsafe { LLVMIsConstant(v) != 0 }
}

/// Blocks of `f` in reverse post-order from the entry (unreachable blocks omitted).
pub fn reverse_post_order(f: Value) -> Vec<Block> {
    let entry = unsafe { LLVMGetEntryBasicBlock(f) };
    let mut seen = std::collections::HashSet::new();
    let mut post = vec![];
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    seen.insert(entry);
    while let Some((b, k)) = stack.pop() {
        let t = terminator(b);
        let succ = if t.is_null() { vec![] } else { successors(t) };
        if k < succ.len() {
            stack.push((b, k + 1));
            let s = succ[k];
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            post.push(b);
        }
    }
    post.reverse();
    post
}

/// The users of a value.
pub fn users(v: Value) -> Vec<Value> {
    let mut out = vec![];
    unsafe {
        let mut u = LLVMGetFirstUse(v);
        while !u.is_null() {
            out.push(LLVMGetUser(u));
            u = LLVMGetNextUse(u);
        }
    }
    out
}

/// The kind id of the `byval` attribute.
fn byval_kind() -> u32 {
    let name = "byval";
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
}

/// The type of a `byval` attribute (null attribute: none).
fn byval_of(a: LLVMAttributeRef) -> Option<Type> {
    if a.is_null() {
        return None;
    }
    let t = unsafe { LLVMGetTypeAttributeValue(a) };
    (!t.is_null()).then_some(t)
}

/// The `byval` type of parameter `k` of function `f` (the caller's copy
/// the callee receives a pointer to), if the parameter has one.
pub fn param_byval_type(f: Value, k: u32) -> Option<Type> {
    byval_of(unsafe { LLVMGetEnumAttributeAtIndex(f, k + 1, byval_kind()) })
}

/// The `byval` type of argument `k` of a call: the call site's attribute,
/// else (a direct call) the called function's parameter's.
pub fn arg_byval_type(call: Value, k: u32) -> Option<Type> {
    byval_of(unsafe { LLVMGetCallSiteEnumAttribute(call, k + 1, byval_kind()) }).or_else(|| {
        called_function(call)
            .filter(|&g| k < count_params(g))
            .and_then(|g| param_byval_type(g, k))
    })
}

/// Whether `v` is a function (not a computed function pointer).
pub fn called_function_value(v: Value) -> bool {
    unsafe { !LLVMIsAFunction(v).is_null() }
}
