//! Which registers hold which source variables at the loop headers, from
//! the debug info clang emits with `-g` and mem2reg turns into
//! `llvm.dbg.value(value, variable, expression)` records (the variable has
//! that value from there on) and `llvm.dbg.declare` records (the variable
//! lives in memory; so do those of `llvm.dbg.addr` and `llvm.dbg.assign`).
//! `llvm-ir` drops metadata operands, so this pass reads the same bitcode
//! through the LLVM C API.
//!
//! For each defined function, a forward data-flow pass over the blocks
//! follows each variable's *location*: a register, or unknown (a constant,
//! `undef`, memory, an expression over a value, several registers
//! depending on the path, or not assigned yet). At a join the location is
//! kept only when every predecessor agrees. At each loop header (a block
//! entered by a retreating edge of a depth-first walk from the entry) the
//! state after the block's leading records (those of its phis) is read:
//! the variables in scope there (their lexical scope encloses the scope of
//! the header's first instruction and they are declared on or before its
//! line; of several of one name, the innermost) with their registers. A
//! register is named only when the record's expression is empty and the
//! variable has a scalar type whose size equals the register's width, so
//! the register holds exactly the variable's value.

use crate::llvmc::{value_name, Bitcode};
use llvm_sys::core::*;
use llvm_sys::debuginfo::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use std::collections::HashMap;

/// A register of a function by position: parameter `i`, or the result of
/// instruction `index` of block `block` (counting the block's instructions
/// without its terminator, as `llvm_ir::BasicBlock::instrs` does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    /// The `i`-th parameter.
    Param(usize),
    /// The result of an instruction.
    Instr {
        /// Block index in the function.
        block: usize,
        /// Instruction index in the block.
        index: usize,
    },
}

/// A source variable in scope at a loop header, with the register holding
/// its value there when one does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderVar {
    /// The C identifier.
    pub name: String,
    /// The register, if known.
    pub reg: Option<Reg>,
    /// The line of its declaration (0: unknown).
    pub line: u32,
    /// Its type when it is a basic integer type: signed or not, and its
    /// width in bits.
    pub int_type: Option<(bool, u64)>,
}

/// What the debug info says of one defined function.
#[derive(Clone, Debug, Default)]
pub struct FnVars {
    /// Number of parameters, and of non-terminator instructions of each
    /// block: the lowering checks that its reading has the same shape.
    pub params: usize,
    /// See [`FnVars::params`].
    pub shape: Vec<usize>,
    /// Each loop header (block index) with its variables in scope, ordered
    /// by declaration line, then name.
    pub headers: Vec<(usize, Vec<HeaderVar>)>,
}

/// The debug variables of every defined function, by function name.
pub type DebugVars = HashMap<String, FnVars>;

/// Where a variable's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    Reg(Reg),
    Unknown,
}

/// A variable seen in a record.
struct Var {
    name: String,
    scope: LLVMMetadataRef,
    line: u32,
    /// Size in bits of its type, when known.
    bits: Option<u64>,
    /// Whether its type is a signed integer type, when it is a basic
    /// integer type (through typedefs and qualifiers).
    signed: Option<bool>,
}

/// One debug record of a block: variable index, its new location.
type Record = (usize, At);

struct Block {
    /// Records in order, and how many of them precede the block's first
    /// instruction that is neither a phi nor a debug record.
    records: Vec<Record>,
    leading: usize,
    succs: Vec<usize>,
    /// Scope and line of the first located non-phi instruction.
    scope: Option<(LLVMMetadataRef, u32)>,
}

/// Reads the debug variables of every defined function of `bc`.
pub fn debug_vars(bc: &Bitcode) -> DebugVars {
    let mut out = DebugVars::new();
    // SAFETY: the module lives as long as `bc`; only read here, and
    // metadata accessors are called only on nodes of the kinds they take.
    unsafe {
        let module = bc.module();
        let td = LLVMGetModuleDataLayout(module);
        let mut f = LLVMGetFirstFunction(module);
        while !f.is_null() {
            if LLVMIsDeclaration(f) == 0 {
                out.insert(value_name(f), function(bc.context(), td, f));
            }
            f = LLVMGetNextFunction(f);
        }
    }
    out
}

unsafe fn kind(md: LLVMMetadataRef) -> LLVMMetadataKind {
    LLVMGetMetadataKind(md)
}

/// The operands of metadata node `md` (null where an operand is null).
unsafe fn operands(ctx: LLVMContextRef, md: LLVMMetadataRef) -> Vec<LLVMValueRef> {
    let v = LLVMMetadataAsValue(ctx, md);
    let n = LLVMGetMDNodeNumOperands(v) as usize;
    let mut ops = vec![std::ptr::null_mut(); n];
    if n > 0 {
        LLVMGetMDNodeOperands(v, ops.as_mut_ptr());
    }
    ops
}

/// The metadata of operand `op` of a node (null stays null).
unsafe fn md_of(op: LLVMValueRef) -> LLVMMetadataRef {
    if op.is_null() {
        std::ptr::null_mut()
    } else {
        LLVMValueAsMetadata(op)
    }
}

fn is_lexical(k: &LLVMMetadataKind) -> bool {
    matches!(
        k,
        LLVMMetadataKind::LLVMDILexicalBlockMetadataKind
            | LLVMMetadataKind::LLVMDILexicalBlockFileMetadataKind
    )
}

/// `scope` and its enclosing scopes, innermost first, up to the subprogram.
unsafe fn scope_chain(ctx: LLVMContextRef, mut scope: LLVMMetadataRef) -> Vec<LLVMMetadataRef> {
    let mut chain = vec![];
    while !scope.is_null() && chain.len() < 256 {
        chain.push(scope);
        if !is_lexical(&kind(scope)) {
            break;
        }
        // DILexicalBlock(File) operands: file, scope
        scope = match operands(ctx, scope).get(1) {
            Some(op) => md_of(*op),
            None => break,
        };
    }
    chain
}

/// The size in bits of debug type `ty`, through typedefs and qualifiers,
/// when it is a scalar (a basic or pointer type; `None` for structures,
/// unions, arrays and enumerations, which C cannot cast to an integer
/// or which the C API cannot tell apart from those).
unsafe fn type_bits(ctx: LLVMContextRef, mut ty: LLVMMetadataRef) -> Option<u64> {
    for _ in 0..32 {
        if ty.is_null() {
            return None;
        }
        match kind(ty) {
            LLVMMetadataKind::LLVMDIBasicTypeMetadataKind => {
                return Some(LLVMDITypeGetSizeInBits(ty)).filter(|b| *b > 0);
            }
            LLVMMetadataKind::LLVMDIDerivedTypeMetadataKind => {
                let bits = LLVMDITypeGetSizeInBits(ty);
                if bits > 0 {
                    return Some(bits);
                }
                // DIDerivedType operands: file, scope, name, base type
                ty = md_of(*operands(ctx, ty).get(3)?);
            }
            _ => return None,
        }
    }
    None
}

/// Whether debug type `ty` is a signed (`Some(true)`) or unsigned
/// (`Some(false)`) integer type, through typedefs and qualifiers (derived
/// types without a size of their own): from the basic type's name, one of
/// C's integer type names as clang writes them; `None` for anything else
/// (pointers, `char`, `_Bool`, floating types, enumerations, ...).
unsafe fn integer_signedness(ctx: LLVMContextRef, mut ty: LLVMMetadataRef) -> Option<bool> {
    for _ in 0..32 {
        if ty.is_null() {
            return None;
        }
        match kind(ty) {
            LLVMMetadataKind::LLVMDIBasicTypeMetadataKind => {
                // DIBasicType operands: file, scope, name
                let name = md_string(*operands(ctx, ty).get(2)?)?;
                return match name.as_str() {
                    "int" | "long" | "long int" | "long long" | "long long int" | "short"
                    | "signed char" => Some(true),
                    "unsigned int"
                    | "unsigned long"
                    | "long unsigned int"
                    | "unsigned long long"
                    | "long long unsigned int"
                    | "unsigned short"
                    | "unsigned char" => Some(false),
                    _ => None,
                };
            }
            LLVMMetadataKind::LLVMDIDerivedTypeMetadataKind => {
                if LLVMDITypeGetSizeInBits(ty) > 0 {
                    return None;
                }
                ty = md_of(*operands(ctx, ty).get(3)?);
            }
            _ => return None,
        }
    }
    None
}

/// The text of an MDString operand.
unsafe fn md_string(s: LLVMValueRef) -> Option<String> {
    if s.is_null() {
        return None;
    }
    let mut len = 0u32;
    let p = LLVMGetMDString(s, &mut len);
    if p.is_null() {
        return None;
    }
    let bytes = std::slice::from_raw_parts(p as *const u8, len as usize);
    Some(String::from_utf8_lossy(bytes).into_owned())
}

/// The name of a DILocalVariable (operand 1, an MDString).
unsafe fn var_name(ctx: LLVMContextRef, var: LLVMMetadataRef) -> Option<String> {
    let ops = operands(ctx, var);
    md_string(*ops.get(1)?)
}

/// Whether debug expression operand `e` is the empty `!DIExpression()`.
unsafe fn empty_expression(e: LLVMValueRef) -> bool {
    let md = md_of(e);
    if md.is_null() || !matches!(kind(md), LLVMMetadataKind::LLVMDIExpressionMetadataKind) {
        return false;
    }
    let p = LLVMPrintValueToString(e);
    if p.is_null() {
        return false;
    }
    let text = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    text.trim_end().ends_with("!DIExpression()")
}

/// Reads one defined function.
unsafe fn function(ctx: LLVMContextRef, td: LLVMTargetDataRef, f: LLVMValueRef) -> FnVars {
    let mut regs: HashMap<LLVMValueRef, Reg> = HashMap::new();
    let params = LLVMCountParams(f) as usize;
    for i in 0..params {
        regs.insert(LLVMGetParam(f, i as u32), Reg::Param(i));
    }
    let mut bbs = vec![];
    let mut bb = LLVMGetFirstBasicBlock(f);
    while !bb.is_null() {
        bbs.push(bb);
        bb = LLVMGetNextBasicBlock(bb);
    }
    let index: HashMap<LLVMBasicBlockRef, usize> =
        bbs.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut shape = vec![];
    for (b, &bb) in bbs.iter().enumerate() {
        let mut k = 0;
        let mut ins = LLVMGetFirstInstruction(bb);
        while !ins.is_null() {
            if LLVMIsATerminatorInst(ins).is_null() {
                regs.insert(ins, Reg::Instr { block: b, index: k });
                k += 1;
            }
            ins = LLVMGetNextInstruction(ins);
        }
        shape.push(k);
    }
    let mut vars: Vec<Var> = vec![];
    let mut var_ids: HashMap<LLVMMetadataRef, usize> = HashMap::new();
    let mut blocks = vec![];
    for &bb in &bbs {
        let mut block = Block {
            records: vec![],
            leading: 0,
            succs: vec![],
            scope: None,
        };
        let mut in_lead = true;
        let mut ins = LLVMGetFirstInstruction(bb);
        while !ins.is_null() {
            let callee = if LLVMIsACallInst(ins).is_null() {
                String::new()
            } else {
                let c = LLVMGetCalledValue(ins);
                if c.is_null() {
                    String::new()
                } else {
                    value_name(c)
                }
            };
            // dbg.value gives a value; dbg.declare, dbg.addr and
            // dbg.assign put the variable in memory (unknown here)
            let record = callee.starts_with("llvm.dbg.") && callee != "llvm.dbg.label";
            if record {
                if let Some(r) = read_record(ctx, td, ins, &regs, &mut vars, &mut var_ids) {
                    let value = callee == "llvm.dbg.value";
                    block
                        .records
                        .push((r.0, if value { r.1 } else { At::Unknown }));
                    if in_lead {
                        block.leading = block.records.len();
                    }
                }
            } else if LLVMIsAPHINode(ins).is_null() {
                in_lead = false;
                if block.scope.is_none() {
                    let loc = LLVMInstructionGetDebugLoc(ins);
                    if !loc.is_null() && LLVMDILocationGetInlinedAt(loc).is_null() {
                        let line = LLVMDILocationGetLine(loc);
                        let scope = LLVMDILocationGetScope(loc);
                        if line > 0 && !scope.is_null() {
                            block.scope = Some((scope, line));
                        }
                    }
                }
            }
            ins = LLVMGetNextInstruction(ins);
        }
        let term = LLVMGetBasicBlockTerminator(bb);
        if !term.is_null() {
            for i in 0..LLVMGetNumSuccessors(term) {
                if let Some(&s) = index.get(&LLVMGetSuccessor(term, i)) {
                    block.succs.push(s);
                }
            }
        }
        blocks.push(block);
    }
    let headers = loop_headers(&blocks);
    let entry_states = flow(&blocks, vars.len());
    let mut out = vec![];
    for h in headers {
        let (Some(state), Some((scope, line))) = (&entry_states[h], blocks[h].scope) else {
            continue;
        };
        let mut state = state.clone();
        for &(v, at) in &blocks[h].records[..blocks[h].leading] {
            state[v] = at;
        }
        let chain = scope_chain(ctx, scope);
        // per name: (depth of the declaring scope in the chain, variable)
        let mut visible: HashMap<&str, (usize, Vec<usize>)> = HashMap::new();
        for (i, v) in vars.iter().enumerate() {
            let Some(depth) = chain.iter().position(|s| *s == v.scope) else {
                continue;
            };
            if v.line > line {
                continue;
            }
            let e = visible.entry(&v.name).or_insert((usize::MAX, vec![]));
            if depth < e.0 {
                *e = (depth, vec![i]);
            } else if depth == e.0 {
                e.1.push(i);
            }
        }
        let mut here: Vec<(u32, HeaderVar)> = visible
            .into_iter()
            .map(|(name, (_, ids))| {
                // two declarations of one name in one scope: no register
                let reg = match ids.as_slice() {
                    [i] => match state[*i] {
                        At::Reg(r) => Some(r),
                        At::Unknown => None,
                    },
                    _ => None,
                };
                let line = ids.iter().map(|i| vars[*i].line).min().unwrap_or(0);
                let int_type = match ids.as_slice() {
                    [i] => vars[*i].signed.zip(vars[*i].bits),
                    _ => None,
                };
                (
                    line,
                    HeaderVar {
                        name: name.to_string(),
                        reg,
                        line,
                        int_type,
                    },
                )
            })
            .collect();
        here.sort_by(|a, b| (a.0, &a.1.name).cmp(&(b.0, &b.1.name)));
        out.push((h, here.into_iter().map(|(_, v)| v).collect()));
    }
    FnVars {
        params,
        shape,
        headers: out,
    }
}

/// Reads a `llvm.dbg.*` record call: the variable (added
/// to `vars` when new) and the location the record gives it.
unsafe fn read_record(
    ctx: LLVMContextRef,
    td: LLVMTargetDataRef,
    call: LLVMValueRef,
    regs: &HashMap<LLVMValueRef, Reg>,
    vars: &mut Vec<Var>,
    var_ids: &mut HashMap<LLVMMetadataRef, usize>,
) -> Option<(usize, At)> {
    if LLVMGetNumOperands(call) < 4 {
        return None;
    }
    let var = md_of(LLVMGetOperand(call, 1));
    if var.is_null() || !matches!(kind(var), LLVMMetadataKind::LLVMDILocalVariableMetadataKind) {
        return None;
    }
    let id = match var_ids.get(&var) {
        Some(&i) => i,
        None => {
            let name = var_name(ctx, var)?;
            // DILocalVariable operands: scope, name, file, type
            let ty = operands(ctx, var)
                .get(3)
                .map_or(std::ptr::null_mut(), |o| md_of(*o));
            vars.push(Var {
                name,
                scope: LLVMDIVariableGetScope(var),
                line: LLVMDIVariableGetLine(var),
                bits: type_bits(ctx, ty),
                signed: integer_signedness(ctx, ty),
            });
            var_ids.insert(var, vars.len() - 1);
            vars.len() - 1
        }
    };
    let value = LLVMGetOperand(call, 0);
    let md = md_of(value);
    let mut at = At::Unknown;
    if !md.is_null()
        && matches!(kind(md), LLVMMetadataKind::LLVMLocalAsMetadataMetadataKind)
        && empty_expression(LLVMGetOperand(call, 2))
    {
        // a LocalAsMetadata operand has the value as its one operand
        let mut v: LLVMValueRef = std::ptr::null_mut();
        if LLVMGetMDNodeNumOperands(value) == 1 {
            LLVMGetMDNodeOperands(value, &mut v);
        }
        if let Some(&r) = regs.get(&v) {
            let width = LLVMSizeOfTypeInBits(td, LLVMTypeOf(v));
            if vars[id].bits == Some(width) {
                at = At::Reg(r);
            }
        }
    }
    Some((id, at))
}

/// Targets of the retreating edges of a depth-first walk from block 0.
fn loop_headers(blocks: &[Block]) -> Vec<usize> {
    let n = blocks.len();
    let mut headers = vec![];
    if n == 0 {
        return headers;
    }
    // 0 unvisited, 1 on the stack, 2 done
    let mut colour = vec![0u8; n];
    let mut stack = vec![(0usize, 0usize)];
    colour[0] = 1;
    while let Some(&mut (b, ref mut k)) = stack.last_mut() {
        if let Some(&s) = blocks[b].succs.get(*k) {
            *k += 1;
            match colour[s] {
                0 => {
                    colour[s] = 1;
                    stack.push((s, 0));
                }
                1 if !headers.contains(&s) => headers.push(s),
                _ => {}
            }
        } else {
            colour[b] = 2;
            stack.pop();
        }
    }
    headers.sort_unstable();
    headers
}

/// The location of every variable on entry to each block (`None`: the
/// block is unreachable): at the entry every variable is unknown; at a
/// join a location survives only when all predecessors agree.
fn flow(blocks: &[Block], nvars: usize) -> Vec<Option<Vec<At>>> {
    let n = blocks.len();
    let mut entry: Vec<Option<Vec<At>>> = vec![None; n];
    if n == 0 {
        return entry;
    }
    entry[0] = Some(vec![At::Unknown; nvars]);
    let mut work = vec![0usize];
    let mut queued = vec![false; n];
    queued[0] = true;
    while let Some(b) = work.pop() {
        queued[b] = false;
        let Some(mut state) = entry[b].clone() else {
            continue;
        };
        for &(v, at) in &blocks[b].records {
            state[v] = at;
        }
        for &s in &blocks[b].succs {
            let changed = match &mut entry[s] {
                None => {
                    entry[s] = Some(state.clone());
                    true
                }
                Some(old) => {
                    let mut changed = false;
                    for (o, new) in old.iter_mut().zip(&state) {
                        if *o != *new && *o != At::Unknown {
                            *o = At::Unknown;
                            changed = true;
                        }
                    }
                    changed
                }
            };
            if changed && !queued[s] {
                queued[s] = true;
                work.push(s);
            }
        }
    }
    entry
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(records: Vec<Record>, leading: usize, succs: Vec<usize>) -> Block {
        Block {
            records,
            leading,
            succs,
            scope: None,
        }
    }

    fn reg(block: usize, index: usize) -> At {
        At::Reg(Reg::Instr { block, index })
    }

    /// entry: x := r0 -> header: x := phi -> body: x := r2 -> header; header -> exit
    #[test]
    fn a_location_survives_a_join_only_when_all_predecessors_agree() {
        let blocks = vec![
            block(vec![(0, reg(0, 0)), (1, reg(0, 1))], 0, vec![1]),
            block(vec![(0, reg(1, 0))], 1, vec![2, 3]),
            block(vec![(0, reg(2, 0))], 0, vec![1]),
            block(vec![], 0, vec![]),
        ];
        assert_eq!(loop_headers(&blocks), vec![1]);
        let states = flow(&blocks, 2);
        // at the header's entry x differs by path; y is r1 on both
        let h = states[1].as_ref().unwrap();
        assert_eq!(h[0], At::Unknown);
        assert_eq!(h[1], reg(0, 1));
        // after the header's leading record x is its phi, also at the exit
        assert_eq!(states[3].as_ref().unwrap()[0], reg(1, 0));
    }

    #[test]
    fn unreachable_blocks_have_no_state_and_variables_start_unknown() {
        let blocks = vec![
            block(vec![], 0, vec![1]),
            block(vec![(0, reg(1, 0))], 0, vec![]),
            block(vec![], 0, vec![1]),
        ];
        let states = flow(&blocks, 1);
        assert_eq!(states[0].as_ref().unwrap()[0], At::Unknown);
        assert!(states[2].is_none());
        assert!(loop_headers(&blocks).is_empty());
    }
}
