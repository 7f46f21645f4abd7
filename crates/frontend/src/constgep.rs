//! Byte offsets of constant `getelementptr` expressions, computed by LLVM
//! itself. The `llvm-ir` crate drops the source element type of constant
//! GEPs, without which their offset is ambiguous (`gep (i8, @x, 1)` vs
//! `gep (i32, @x, 1)`); this module reads the same bitcode through the LLVM C
//! API and records every constant GEP under a type-free key.

use crate::llvmc::{value_name, Bitcode};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use std::collections::HashMap;

/// Type-free key of a constant GEP -> its byte offset, or `None` when two GEPs
/// with the same key have different offsets (ambiguous; the lowering refuses them).
pub type GepTable = HashMap<String, Option<i64>>;

/// Key of a constant address: `@name` for globals and functions,
/// `gep(BASE;i,j,..)` for GEPs, `cast(BASE)` for pointer casts, `?` otherwise.
unsafe fn key_of(v: LLVMValueRef) -> String {
    if !LLVMIsAGlobalValue(v).is_null() {
        return format!("@{}", value_name(v));
    }
    if !LLVMIsAConstantExpr(v).is_null() {
        match LLVMGetConstOpcode(v) {
            LLVMOpcode::LLVMGetElementPtr => {
                let n = LLVMGetNumOperands(v) as u32;
                let base = key_of(LLVMGetOperand(v, 0));
                let idx: Vec<String> = (1..n)
                    .map(|i| {
                        let o = LLVMGetOperand(v, i);
                        if LLVMIsAConstantInt(o).is_null() {
                            "?".to_string()
                        } else {
                            LLVMConstIntGetSExtValue(o).to_string()
                        }
                    })
                    .collect();
                return format!("gep({base};{})", idx.join(","));
            }
            LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => {
                return format!("cast({})", key_of(LLVMGetOperand(v, 0)));
            }
            _ => {}
        }
    }
    "?".to_string()
}

unsafe fn gep_offset(td: LLVMTargetDataRef, v: LLVMValueRef) -> Option<i64> {
    let mut ty = LLVMGetGEPSourceElementType(v);
    let n = LLVMGetNumOperands(v) as u32;
    let mut off: i64 = 0;
    for i in 1..n {
        let o = LLVMGetOperand(v, i);
        if LLVMIsAConstantInt(o).is_null() {
            return None;
        }
        let k = LLVMConstIntGetSExtValue(o);
        if i == 1 {
            off = off.wrapping_add(k.wrapping_mul(LLVMABISizeOfType(td, ty) as i64));
            continue;
        }
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => {
                off = off.wrapping_add(LLVMOffsetOfElement(td, ty, k as u32) as i64);
                ty = LLVMStructGetTypeAtIndex(ty, k as u32);
            }
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                ty = LLVMGetElementType(ty);
                off = off.wrapping_add(k.wrapping_mul(LLVMABISizeOfType(td, ty) as i64));
            }
            _ => return None,
        }
    }
    Some(off)
}

unsafe fn visit(td: LLVMTargetDataRef, v: LLVMValueRef, table: &mut GepTable, depth: u32) {
    if v.is_null() || depth > 64 || LLVMIsAConstant(v).is_null() || !LLVMIsAGlobalValue(v).is_null()
    {
        return;
    }
    if !LLVMIsAConstantExpr(v).is_null() && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMGetElementPtr {
        let key = key_of(v);
        let off = gep_offset(td, v);
        match table.get(&key) {
            Some(prev) if *prev != off => {
                table.insert(key, None);
            }
            Some(_) => {}
            None => {
                table.insert(key, off);
            }
        }
    }
    let n = LLVMGetNumOperands(v);
    for i in 0..n.max(0) as u32 {
        visit(td, LLVMGetOperand(v, i), table, depth + 1);
    }
}

/// The offsets of all constant GEPs in the instructions and global
/// initializers of `bc`.
pub fn gep_table(bc: &Bitcode) -> GepTable {
    let mut table = GepTable::new();
    // SAFETY: the module lives as long as `bc`; only read here.
    unsafe {
        let module = bc.module();
        let td = LLVMGetModuleDataLayout(module);
        let mut g = LLVMGetFirstGlobal(module);
        while !g.is_null() {
            let init = LLVMGetInitializer(g);
            if !init.is_null() {
                visit(td, init, &mut table, 0);
            }
            g = LLVMGetNextGlobal(g);
        }
        let mut f = LLVMGetFirstFunction(module);
        while !f.is_null() {
            let mut bb = LLVMGetFirstBasicBlock(f);
            while !bb.is_null() {
                let mut ins = LLVMGetFirstInstruction(bb);
                while !ins.is_null() {
                    let n = LLVMGetNumOperands(ins);
                    for i in 0..n.max(0) as u32 {
                        visit(td, LLVMGetOperand(ins, i), &mut table, 0);
                    }
                    ins = LLVMGetNextInstruction(ins);
                }
                bb = LLVMGetNextBasicBlock(bb);
            }
            f = LLVMGetNextFunction(f);
        }
    }
    table
}
