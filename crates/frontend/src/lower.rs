//! Lowering of an `llvm_ir::Module` (after mem2reg) into kappa's flowgraph IR.
//!
//! Every LLVM instruction becomes one edge (debug intrinsics vanish); a
//! conditional branch becomes two `Assume` edges, a switch one per case;
//! phi nodes become a parallel `Phi` assignment on the edge into their block;
//! GEPs become explicit address arithmetic. Instructions kappa cannot execute
//! (floating point, aggregates in registers, inline assembly, ...) become
//! `Unsupported` edges: reaching one makes the path incomplete, never wrong.

use crate::constgep::GepTable;
use crate::debugvars::DebugVars;
use crate::layout::Layout;
use crate::srcnames;
use kappa_ir::{
    AddrTarget, BinOp, Callee, CastOp, CmpOp, DataModel, FuncId, Function, Global, GlobalId,
    InitValue, Instr, Loc, LocInfo, Module, SrcLoc, Ty, Value, VarId,
};
use llvm_ir::constant::Float;
use llvm_ir::instruction as li;
use llvm_ir::{
    Constant, ConstantRef, DebugLoc, HasDebugLoc, Instruction, IntPredicate, Name, Operand,
    Terminator, Type,
};
use std::collections::HashMap;

type R<T> = Result<T, String>;

mod calls;
mod consts;
mod float;

struct Ctx<'m> {
    m: &'m llvm_ir::Module,
    layout: Layout<'m>,
    ptr_bits: u32,
    geps: &'m GepTable,
    dbg: &'m DebugVars,
    globals: HashMap<String, GlobalId>,
    funcs: HashMap<String, FuncId>,
    defined: HashMap<String, bool>,
    files: Vec<String>,
    file_ids: HashMap<String, u32>,
}

fn name_str(n: &Name) -> String {
    match n {
        Name::Name(s) => s.to_string(),
        Name::Number(k) => k.to_string(),
    }
}

fn cmp_op(p: IntPredicate) -> CmpOp {
    match p {
        IntPredicate::EQ => CmpOp::Eq,
        IntPredicate::NE => CmpOp::Ne,
        IntPredicate::UGT => CmpOp::Ugt,
        IntPredicate::UGE => CmpOp::Uge,
        IntPredicate::ULT => CmpOp::Ult,
        IntPredicate::ULE => CmpOp::Ule,
        IntPredicate::SGT => CmpOp::Sgt,
        IntPredicate::SGE => CmpOp::Sge,
        IntPredicate::SLT => CmpOp::Slt,
        IntPredicate::SLE => CmpOp::Sle,
    }
}

fn sext64(bits: u32, value: u64) -> i64 {
    if bits >= 64 {
        value as i64
    } else {
        let sh = 64 - bits;
        ((value << sh) as i64) >> sh
    }
}

/// Resizes an integer value to `to` bits (zero/sign extension or truncation).
fn resize(v: Value, from: u32, to: u32, signed: bool) -> Value {
    if from == to {
        v
    } else if from < to {
        Value::Cast {
            op: if signed { CastOp::SExt } else { CastOp::ZExt },
            to: Ty::Int(to),
            arg: Box::new(v),
        }
    } else {
        Value::Cast {
            op: CastOp::Trunc,
            to: Ty::Int(to),
            arg: Box::new(v),
        }
    }
}

/// `agg` (`agg_w` bits) with bits `[off, off + part_w)` replaced by `part` (`part_w` bits).
fn insert_bits(agg: Value, agg_w: u32, part: Value, part_w: u32, off: u32) -> Value {
    let t = Ty::Int(agg_w);
    let field_mask = kappa_mask(part_w) << off;
    let cleared = Value::Binary {
        op: BinOp::And,
        ty: t,
        lhs: Box::new(agg),
        rhs: Box::new(Value::int(agg_w, !field_mask)),
    };
    let wide = resize(part, part_w, agg_w, false);
    let shifted = if off == 0 {
        wide
    } else {
        Value::Binary {
            op: BinOp::Shl,
            ty: t,
            lhs: Box::new(wide),
            rhs: Box::new(Value::int(agg_w, off as u128)),
        }
    };
    Value::Binary {
        op: BinOp::Or,
        ty: t,
        lhs: Box::new(cleared),
        rhs: Box::new(shifted),
    }
}

/// Bits `[off, off + w)` of `agg` (`agg_w` bits) as a `w`-bit value.
fn extract_bits(agg: Value, agg_w: u32, w: u32, off: u32) -> Value {
    let shifted = if off == 0 {
        agg
    } else {
        Value::Binary {
            op: BinOp::LShr,
            ty: Ty::Int(agg_w),
            lhs: Box::new(agg),
            rhs: Box::new(Value::int(agg_w, off as u128)),
        }
    };
    resize(shifted, agg_w, w, false)
}

fn kappa_mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

fn add(ty: Ty, a: Value, b: Value) -> Value {
    match (&a, &b) {
        (_, Value::Const { bits: 0, .. }) => a,
        (Value::Const { bits: 0, .. }, _) => b,
        _ => Value::Binary {
            op: BinOp::Add,
            ty,
            lhs: Box::new(a),
            rhs: Box::new(b),
        },
    }
}

/// What a call to a function of this name means.
enum CallKind {
    Skip,
    Error,
    Halt,
    Assume,
    Nondet,
    /// `abs`, `labs`, `llabs`, `imaxabs` (declared, not defined): lowered
    /// to `x <s 0 ? 0 - x : x` (see `FnLower::abs`).
    Abs,
    Normal,
}

impl<'m> Ctx<'m> {
    fn ptr(&self) -> Ty {
        Ty::Int(self.ptr_bits)
    }

    /// The IR type of an LLVM first-class type. Aggregates (structs, arrays)
    /// of at most 16 bytes without floating point are bitvectors of their
    /// allocation size, laid out little-endian exactly as in memory.
    fn ty_of(&self, t: &Type) -> Option<Ty> {
        match t {
            Type::IntegerType { bits: 1 } => Some(Ty::Bool),
            Type::IntegerType { bits } if *bits <= 128 => Some(Ty::Int(*bits)),
            Type::PointerType { .. } => Some(self.ptr()),
            Type::FPType(_) => float::fty(t).ok().map(|f| Ty::Int(f.bits())),
            Type::StructType { .. } | Type::NamedStructType { .. } | Type::ArrayType { .. } => {
                let size = self.layout.alloc_size(t).ok()?;
                (size > 0 && size <= 16 && self.scalar_leaves(t)).then(|| Ty::Int(8 * size as u32))
            }
            _ => None,
        }
    }

    /// Whether every leaf of an aggregate is an integer or a pointer.
    fn scalar_leaves(&self, t: &Type) -> bool {
        match t {
            Type::IntegerType { .. } | Type::PointerType { .. } => true,
            Type::FPType(_) => float::fty(t).is_ok(),
            Type::ArrayType { element_type, .. } => self.scalar_leaves(element_type),
            Type::StructType { .. } | Type::NamedStructType { .. } => {
                match self.layout.struct_fields(t) {
                    Ok((fields, _)) => fields.iter().all(|f| self.scalar_leaves(f)),
                    Err(_) => false,
                }
            }
            _ => false,
        }
    }

    /// Byte offset and type of the member of aggregate `t` selected by `indices`.
    fn member(&self, t: &Type, indices: &[u32]) -> R<(u64, llvm_ir::TypeRef)> {
        let mut off = 0;
        let mut cur: Option<llvm_ir::TypeRef> = None;
        for &i in indices {
            let ty: &Type = match &cur {
                Some(c) => c.as_ref(),
                None => t,
            };
            let next = match ty {
                Type::ArrayType { element_type, .. } => {
                    off += self.layout.alloc_size(element_type)? * i as u64;
                    element_type.clone()
                }
                _ => {
                    let (offsets, _) = self.layout.struct_layout(ty)?;
                    let (fields, _) = self.layout.struct_fields(ty)?;
                    off += *offsets
                        .get(i as usize)
                        .ok_or("aggregate index out of range")?;
                    fields[i as usize].clone()
                }
            };
            cur = Some(next);
        }
        cur.map(|c| (off, c))
            .ok_or_else(|| "aggregate access without indices".to_string())
    }

    fn src(&mut self, d: &Option<DebugLoc>) -> Option<SrcLoc> {
        let d = d.as_ref()?;
        let path = match &d.directory {
            Some(dir) if !d.filename.starts_with('/') && !dir.is_empty() => {
                format!("{dir}/{}", d.filename)
            }
            _ => d.filename.clone(),
        };
        let next = self.files.len() as u32;
        let file = *self.file_ids.entry(path.clone()).or_insert_with(|| {
            self.files.push(path);
            next
        });
        Some(SrcLoc {
            file,
            line: d.line,
            col: d.col.unwrap_or(0),
        })
    }

    fn call_kind(&self, name: &str) -> CallKind {
        let defined = self.defined.get(name).copied().unwrap_or(false);
        if name.starts_with("llvm.dbg.")
            || name.starts_with("llvm.lifetime.")
            || name.starts_with("llvm.stacksave")
            || name.starts_with("llvm.stackrestore")
            || name.starts_with("llvm.experimental.noalias")
        {
            return CallKind::Skip;
        }
        match name {
            "reach_error" | "__VERIFIER_error" => CallKind::Error,
            "abort"
            | "exit"
            | "_exit"
            | "_Exit"
            | "__assert_fail"
            | "__assert_perror_fail"
            | "__assert"
            | "__assert_rtn"
                if !defined =>
            {
                CallKind::Halt
            }
            "__VERIFIER_assume" if !defined => CallKind::Assume,
            "abs" | "labs" | "llabs" | "imaxabs" if !defined => CallKind::Abs,
            n if n.starts_with("__VERIFIER_nondet_") && !defined => CallKind::Nondet,
            _ => CallKind::Normal,
        }
    }
}

/// Lowering state of one function.
struct FnLower<'c, 'm> {
    cx: &'c mut Ctx<'m>,
    f: &'m llvm_ir::Function,
    out: Function,
    vars: HashMap<Name, VarId>,
    blocks: HashMap<Name, Loc>,
}

impl<'m> FnLower<'_, 'm> {
    fn operand(&self, o: &Operand) -> R<Value> {
        match o {
            Operand::LocalOperand { name, .. } => self
                .vars
                .get(name)
                .map(|v| Value::Var(*v))
                .ok_or_else(|| format!("unknown local %{}", name_str(name))),
            Operand::ConstantOperand(c) => self.cx.const_value(c),
            Operand::MetadataOperand => Err("metadata operand".into()),
        }
    }

    fn op_ty(&self, o: &Operand) -> R<Ty> {
        let t = self.cx.m.types.type_of(o);
        self.cx
            .ty_of(&t)
            .ok_or_else(|| format!("value of type {t}"))
    }

    fn var_of(&self, n: &Name) -> VarId {
        self.vars[n]
    }

    fn bin(&self, op: BinOp, a: &Operand, b: &Operand, dest: &Name) -> R<Vec<Instr>> {
        let dst = self.var_of(dest);
        let ty = self.out.vars[dst.index()].ty;
        let op = if ty == Ty::Bool {
            match op {
                BinOp::And | BinOp::Or | BinOp::Xor => op,
                BinOp::Add | BinOp::Sub => BinOp::Xor,
                BinOp::Mul => BinOp::And,
                _ => return Err(format!("{op:?} on i1")),
            }
        } else {
            op
        };
        let value = Value::Binary {
            op,
            ty,
            lhs: Box::new(self.operand(a)?),
            rhs: Box::new(self.operand(b)?),
        };
        Ok(vec![Instr::Assign { dst, value }])
    }

    fn cast(&self, op: CastOp, a: &Operand, dest: &Name) -> R<Vec<Instr>> {
        let dst = self.var_of(dest);
        let to = self.out.vars[dst.index()].ty;
        let from = self.op_ty(a)?;
        let v = self.operand(a)?;
        let value = if from == to {
            v
        } else {
            Value::Cast {
                op,
                to,
                arg: Box::new(v),
            }
        };
        Ok(vec![Instr::Assign { dst, value }])
    }

    fn gep(&self, g: &li::GetElementPtr) -> R<Vec<Instr>> {
        let p = self.cx.ptr();
        let pb = self.cx.ptr_bits;
        let mut acc = self.operand(&g.address)?;
        let mut const_off: i128 = 0;
        let mut ty = g.source_element_type.clone();
        for (i, idx) in g.indices.iter().enumerate() {
            let scale;
            if i == 0 {
                scale = self.cx.layout.alloc_size(&ty)?;
            } else {
                let resolved = match ty.as_ref() {
                    Type::NamedStructType { .. } | Type::StructType { .. } => None,
                    Type::ArrayType { element_type, .. }
                    | Type::VectorType { element_type, .. } => Some(element_type.clone()),
                    other => return Err(format!("getelementptr into {other}")),
                };
                match resolved {
                    None => {
                        let k = match idx {
                            Operand::ConstantOperand(c) => match c.as_ref() {
                                Constant::Int { value, .. } => *value as usize,
                                _ => return Err("non-constant struct index".into()),
                            },
                            _ => return Err("non-constant struct index".into()),
                        };
                        let (offsets, _) = self.cx.layout.struct_layout(&ty)?;
                        const_off += *offsets.get(k).ok_or("struct index out of range")? as i128;
                        let (fields, _) = self.cx.layout.struct_fields(&ty)?;
                        ty = fields[k].clone();
                        continue;
                    }
                    Some(e) => {
                        ty = e;
                        scale = self.cx.layout.alloc_size(&ty)?;
                    }
                }
            }
            match idx {
                Operand::ConstantOperand(c) if matches!(c.as_ref(), Constant::Int { .. }) => {
                    if let Constant::Int { bits, value } = c.as_ref() {
                        const_off += sext64(*bits, *value) as i128 * scale as i128;
                    }
                }
                _ => {
                    let w = self.op_ty(idx)?.bits();
                    let iv = resize(self.operand(idx)?, w, pb, true);
                    let term = if scale == 1 {
                        iv
                    } else {
                        Value::Binary {
                            op: BinOp::Mul,
                            ty: p,
                            lhs: Box::new(iv),
                            rhs: Box::new(Value::int(pb, scale as u128)),
                        }
                    };
                    acc = add(p, acc, term);
                }
            }
        }
        acc = add(p, acc, Value::int(pb, const_off as u128));
        Ok(vec![Instr::Assign {
            dst: self.var_of(&g.dest),
            value: acc,
        }])
    }

    fn instr(&mut self, i: &'m Instruction) -> R<Vec<Instr>> {
        use Instruction as I;
        Ok(match i {
            I::Add(x) => self.bin(BinOp::Add, &x.operand0, &x.operand1, &x.dest)?,
            I::Sub(x) => self.bin(BinOp::Sub, &x.operand0, &x.operand1, &x.dest)?,
            I::Mul(x) => self.bin(BinOp::Mul, &x.operand0, &x.operand1, &x.dest)?,
            I::UDiv(x) => self.bin(BinOp::UDiv, &x.operand0, &x.operand1, &x.dest)?,
            I::SDiv(x) => self.bin(BinOp::SDiv, &x.operand0, &x.operand1, &x.dest)?,
            I::URem(x) => self.bin(BinOp::URem, &x.operand0, &x.operand1, &x.dest)?,
            I::SRem(x) => self.bin(BinOp::SRem, &x.operand0, &x.operand1, &x.dest)?,
            I::And(x) => self.bin(BinOp::And, &x.operand0, &x.operand1, &x.dest)?,
            I::Or(x) => self.bin(BinOp::Or, &x.operand0, &x.operand1, &x.dest)?,
            I::Xor(x) => self.bin(BinOp::Xor, &x.operand0, &x.operand1, &x.dest)?,
            I::Shl(x) => self.bin(BinOp::Shl, &x.operand0, &x.operand1, &x.dest)?,
            I::LShr(x) => self.bin(BinOp::LShr, &x.operand0, &x.operand1, &x.dest)?,
            I::AShr(x) => self.bin(BinOp::AShr, &x.operand0, &x.operand1, &x.dest)?,
            I::ICmp(x) => self.icmp(x)?,
            I::Trunc(x) => self.cast(CastOp::Trunc, &x.operand, &x.dest)?,
            I::ZExt(x) => self.cast(CastOp::ZExt, &x.operand, &x.dest)?,
            I::SExt(x) => self.cast(CastOp::SExt, &x.operand, &x.dest)?,
            I::PtrToInt(x) => self.cast(CastOp::ZExt, &x.operand, &x.dest).map(|mut v| {
                fix_resize(&mut v);
                v
            })?,
            I::IntToPtr(x) => self.cast(CastOp::ZExt, &x.operand, &x.dest).map(|mut v| {
                fix_resize(&mut v);
                v
            })?,
            I::BitCast(x) => self.bitcast(x)?,
            I::AddrSpaceCast(x) => vec![Instr::Assign {
                dst: self.var_of(&x.dest),
                value: self.operand(&x.operand)?,
            }],
            I::Freeze(x) => vec![Instr::Assign {
                dst: self.var_of(&x.dest),
                value: self.operand(&x.operand)?,
            }],
            I::Select(x) => self.select(x)?,
            I::Alloca(a) => self.alloca(a)?,
            I::Load(l) => {
                let ty = self
                    .cx
                    .ty_of(&l.loaded_ty)
                    .ok_or_else(|| load_store_err("load", &l.loaded_ty))?;
                vec![Instr::Load {
                    dst: self.var_of(&l.dest),
                    addr: self.operand(&l.address)?,
                    ty,
                }]
            }
            I::Store(s) => {
                let t = self.cx.m.types.type_of(&s.value);
                self.cx
                    .ty_of(&t)
                    .ok_or_else(|| load_store_err("store", &t))?;
                vec![Instr::Store {
                    addr: self.operand(&s.address)?,
                    value: self.operand(&s.value)?,
                }]
            }
            I::GetElementPtr(g) => self.gep(g)?,
            I::ExtractValue(x) => self.extract_value(x)?,
            I::InsertValue(x) => self.insert_value(x)?,
            I::Call(c) => self.call(c)?,
            I::Phi(_) => vec![],
            other => match self.float_instr(other) {
                Some(r) => r?,
                None => return Err(unsupported_instruction(other)),
            },
        })
    }

    /// An integer comparison (not of vectors).
    fn icmp(&mut self, x: &'m llvm_ir::instruction::ICmp) -> R<Vec<Instr>> {
        if self.cx.m.types.type_of(&x.operand0).as_ref().is_vector() {
            return Err("vector comparison".into());
        }
        Ok(vec![Instr::Assign {
            dst: self.var_of(&x.dest),
            value: Value::Cmp {
                op: cmp_op(x.predicate),
                lhs: Box::new(self.operand(&x.operand0)?),
                rhs: Box::new(self.operand(&x.operand1)?),
            },
        }])
    }

    /// A bitcast between values of the same type (a copy).
    fn bitcast(&mut self, x: &'m llvm_ir::instruction::BitCast) -> R<Vec<Instr>> {
        let from = self.op_ty(&x.operand)?;
        let dst = self.var_of(&x.dest);
        if from != self.out.vars[dst.index()].ty {
            return Err("bitcast between different types".into());
        }
        Ok(vec![Instr::Assign {
            dst,
            value: self.operand(&x.operand)?,
        }])
    }

    /// A select on a scalar condition.
    fn select(&mut self, x: &'m llvm_ir::instruction::Select) -> R<Vec<Instr>> {
        let dst = self.var_of(&x.dest);
        let ty = self.out.vars[dst.index()].ty;
        if self.cx.m.types.type_of(&x.condition).as_ref().is_vector() {
            return Err("vector select".into());
        }
        Ok(vec![Instr::Assign {
            dst,
            value: Value::Select {
                ty,
                cond: Box::new(self.operand(&x.condition)?),
                then: Box::new(self.operand(&x.true_value)?),
                else_: Box::new(self.operand(&x.false_value)?),
            },
        }])
    }

    /// A stack allocation: its size in bytes, constant or `count * size`.
    fn alloca(&mut self, a: &'m llvm_ir::instruction::Alloca) -> R<Vec<Instr>> {
        let size = self.cx.layout.alloc_size(&a.allocated_type)?;
        let pb = self.cx.ptr_bits;
        let n = match &a.num_elements {
            Operand::ConstantOperand(c) => match c.as_ref() {
                Constant::Int { value, .. } => Some(*value),
                _ => None,
            },
            _ => None,
        };
        let size = match n {
            Some(n) => Value::int(pb, (n as u128) * size as u128),
            None => {
                let w = self.op_ty(&a.num_elements)?.bits();
                Value::Binary {
                    op: BinOp::Mul,
                    ty: Ty::Int(pb),
                    lhs: Box::new(resize(self.operand(&a.num_elements)?, w, pb, false)),
                    rhs: Box::new(Value::int(pb, size as u128)),
                }
            }
        };
        Ok(vec![Instr::Alloca {
            dst: self.var_of(&a.dest),
            size,
            align: a.alignment.max(1),
        }])
    }

    /// The width of the aggregate operand `agg` held in a register, and the
    /// byte offset and type of its member at `indices`.
    fn member_bits(&self, agg: &Operand, indices: &[u32]) -> R<(u32, u64, llvm_ir::TypeRef)> {
        let at = self.cx.m.types.type_of(agg);
        let aw = self
            .cx
            .ty_of(&at)
            .ok_or("aggregate values in registers")?
            .bits();
        let (off, ft) = self.cx.member(&at, indices)?;
        Ok((aw, off, ft))
    }

    /// A field of an aggregate held in a register (as its bits).
    fn extract_value(&mut self, x: &'m llvm_ir::instruction::ExtractValue) -> R<Vec<Instr>> {
        let (aw, off, ft) = self.member_bits(&x.aggregate, &x.indices)?;
        let dst = self.var_of(&x.dest);
        let fty = self.out.vars[dst.index()].ty;
        let fw = match self.cx.ty_of(&ft) {
            Some(Ty::Bool) => 8,
            Some(t) => t.bits(),
            None => return Err("aggregate values in registers".into()),
        };
        let bits = extract_bits(self.operand(&x.aggregate)?, aw, fw, off as u32 * 8);
        let value = if fty == Ty::Bool {
            Value::Cast {
                op: CastOp::Trunc,
                to: Ty::Bool,
                arg: Box::new(bits),
            }
        } else {
            bits
        };
        Ok(vec![Instr::Assign { dst, value }])
    }

    /// An aggregate held in a register with one field replaced (as bits).
    fn insert_value(&mut self, x: &'m llvm_ir::instruction::InsertValue) -> R<Vec<Instr>> {
        let (aw, off, ft) = self.member_bits(&x.aggregate, &x.indices)?;
        let elem = self.operand(&x.element)?;
        let (elem, fw) = match self.cx.ty_of(&ft) {
            Some(Ty::Bool) => (
                Value::Cast {
                    op: CastOp::ZExt,
                    to: Ty::Int(8),
                    arg: Box::new(elem),
                },
                8,
            ),
            Some(t) => (elem, t.bits()),
            None => return Err("aggregate values in registers".into()),
        };
        let value = insert_bits(self.operand(&x.aggregate)?, aw, elem, fw, off as u32 * 8);
        Ok(vec![Instr::Assign {
            dst: self.var_of(&x.dest),
            value,
        }])
    }

    /// Phi moves for the CFG edge `from_block -> to_block`.
    fn phi_moves(&self, from_block: &Name, to_block: &Name) -> R<Vec<(VarId, Value)>> {
        let bb = self
            .f
            .basic_blocks
            .iter()
            .find(|b| &b.name == to_block)
            .ok_or("branch to unknown block")?;
        let mut moves = vec![];
        for i in &bb.instrs {
            if let Instruction::Phi(p) = i {
                let (v, _) = p
                    .incoming_values
                    .iter()
                    .find(|(_, b)| b == from_block)
                    .ok_or("phi without a value for its predecessor")?;
                moves.push((self.var_of(&p.dest), self.operand(v)?));
            }
        }
        Ok(moves)
    }

    /// Adds the edges `cur --assume(cond)--> [phi] --> target`.
    fn branch(
        &mut self,
        cur: Loc,
        cond: Option<Value>,
        from: &Name,
        to: &Name,
        src: Option<SrcLoc>,
    ) -> R<()> {
        let target = *self.blocks.get(to).ok_or("branch to unknown block")?;
        let moves = self.phi_moves(from, to)?;
        match (cond, moves.is_empty()) {
            (Some(c), true) => {
                self.out.add_edge(cur, target, Instr::Assume(c), src);
            }
            (Some(c), false) => {
                let mid = self.new_loc(from);
                self.out.add_edge(cur, mid, Instr::Assume(c), src);
                self.out.add_edge(mid, target, Instr::Phi(moves), src);
            }
            (None, _) => {
                self.out.add_edge(cur, target, Instr::Phi(moves), src);
            }
        }
        Ok(())
    }

    fn new_loc(&mut self, block: &Name) -> Loc {
        self.out.add_loc(LocInfo {
            block: name_str(block),
            ..LocInfo::default()
        })
    }

    fn terminator(&mut self, cur: Loc, block: &Name, t: &'m Terminator) -> R<()> {
        let src = self.cx.src(t.get_debug_loc());
        match t {
            Terminator::Ret(r) => {
                let v = match &r.return_operand {
                    Some(o) => Some(self.operand(o)?),
                    None => None,
                };
                let exit = self.out.exit;
                self.out.add_edge(cur, exit, Instr::Return(v), src);
            }
            Terminator::Br(b) => self.branch(cur, None, block, &b.dest, src)?,
            Terminator::CondBr(b) => {
                let c = self.operand(&b.condition)?;
                self.branch(cur, Some(c.clone()), block, &b.true_dest, src)?;
                self.branch(cur, Some(Value::negate(c)), block, &b.false_dest, src)?;
            }
            Terminator::Switch(s) => {
                let x = self.operand(&s.operand)?;
                let mut default = Value::bool(true);
                let mut seen = std::collections::HashSet::new();
                for (k, dest) in &s.dests {
                    let kv = self.cx.const_value(k)?;
                    let is = Value::Cmp {
                        op: CmpOp::Eq,
                        lhs: Box::new(x.clone()),
                        rhs: Box::new(kv.clone()),
                    };
                    let isnt = Value::Cmp {
                        op: CmpOp::Ne,
                        lhs: Box::new(x.clone()),
                        rhs: Box::new(kv),
                    };
                    default = match default {
                        Value::Const { .. } => isnt,
                        d => Value::Binary {
                            op: BinOp::And,
                            ty: Ty::Bool,
                            lhs: Box::new(d),
                            rhs: Box::new(isnt),
                        },
                    };
                    // several cases to one block: one edge whose condition is their disjunction
                    if seen.insert(dest.clone()) {
                        let mut cond = is;
                        for (k2, d2) in &s.dests {
                            if d2 == dest && k2 != k {
                                let kv2 = self.cx.const_value(k2)?;
                                let is2 = Value::Cmp {
                                    op: CmpOp::Eq,
                                    lhs: Box::new(x.clone()),
                                    rhs: Box::new(kv2),
                                };
                                cond = Value::Binary {
                                    op: BinOp::Or,
                                    ty: Ty::Bool,
                                    lhs: Box::new(cond),
                                    rhs: Box::new(is2),
                                };
                            }
                        }
                        self.branch(cur, Some(cond), block, dest, src)?;
                    }
                }
                self.branch(cur, Some(default), block, &s.default_dest, src)?;
            }
            Terminator::Unreachable(_) => {
                let sink = self.out.sink;
                self.out.add_edge(
                    cur,
                    sink,
                    Instr::Unsupported(
                        "executed an `unreachable` instruction (undefined behaviour)".into(),
                    ),
                    src,
                );
            }
            other => {
                let dbg = format!("{other:?}");
                let name = dbg.split('(').next().unwrap_or("terminator").to_lowercase();
                let sink = self.out.sink;
                self.out.add_edge(
                    cur,
                    sink,
                    Instr::Unsupported(format!("the `{name}` terminator")),
                    src,
                );
            }
        }
        Ok(())
    }

    fn lower(mut self) -> Function {
        let f = self.f;
        // variables: parameters, then every named result
        let mut bad_param = None;
        for (i, p) in f.parameters.iter().enumerate() {
            for a in &p.attributes {
                if let llvm_ir::function::ParameterAttribute::ByVal(t) = a {
                    match self.cx.layout.alloc_size(t) {
                        Ok(n) => self.out.byval.push((i, n)),
                        Err(e) => bad_param = Some(format!("by-value parameter: {e}")),
                    }
                }
            }
            let ty = self.cx.ty_of(&p.ty).unwrap_or_else(|| {
                bad_param = Some(match float::fty(&p.ty) {
                    Err(e) if matches!(p.ty.as_ref(), Type::FPType(_)) => format!("parameter: {e}"),
                    _ => format!("parameter of type {}", p.ty),
                });
                Ty::Int(8)
            });
            let v = self.out.add_var(format!("%{}", name_str(&p.name)), ty);
            self.out.params.push(v);
            self.vars.insert(p.name.clone(), v);
        }
        for bb in &f.basic_blocks {
            for i in &bb.instrs {
                if let Some(d) = i.try_get_result() {
                    let t = self.cx.m.types.type_of(i);
                    let ty = self.cx.ty_of(&t).unwrap_or(Ty::Int(8));
                    let v = self.out.add_var(format!("%{}", name_str(d)), ty);
                    self.vars.insert(d.clone(), v);
                }
            }
        }
        for bb in &f.basic_blocks {
            let l = self.new_loc(&bb.name);
            self.blocks.insert(bb.name.clone(), l);
        }
        self.out.entry = Loc(0);
        self.out.exit = self.out.add_loc(LocInfo {
            block: "exit".into(),
            ..LocInfo::default()
        });
        self.out.sink = self.out.add_loc(LocInfo {
            block: "sink".into(),
            ..LocInfo::default()
        });
        if let Some(why) = bad_param {
            let (e, s) = (self.out.entry, self.out.sink);
            self.out
                .add_edge(e, s, Instr::Unsupported(why), self.cx.src(&f.debugloc));
            return self.out;
        }
        for bb in &f.basic_blocks {
            let mut cur = self.blocks[&bb.name];
            let mut ended = false;
            for i in &bb.instrs {
                let src = self.cx.src(i.get_debug_loc());
                let instrs = self
                    .instr(i)
                    .unwrap_or_else(|e| vec![Instr::Unsupported(e)]);
                for ins in instrs {
                    let terminal =
                        matches!(ins, Instr::Error | Instr::Halt | Instr::Unsupported(_));
                    let next = if terminal {
                        self.out.sink
                    } else {
                        self.new_loc(&bb.name)
                    };
                    self.out.add_edge(cur, next, ins, src);
                    cur = next;
                    if terminal {
                        ended = true;
                        break;
                    }
                }
                if ended {
                    break;
                }
            }
            if !ended {
                if let Err(e) = self.terminator(cur, &bb.name, &bb.term) {
                    let src = self.cx.src(bb.term.get_debug_loc());
                    // drop partial edges of the terminator: make the location fail instead
                    let leftover: Vec<_> = self.out.succs[cur.index()].drain(..).collect();
                    drop(leftover);
                    let sink = self.out.sink;
                    self.out.add_edge(cur, sink, Instr::Unsupported(e), src);
                }
            }
        }
        let decl = self.cx.src(&f.debugloc);
        self.out.span = srcnames::span(&self.out, decl);
        if let Some(d) = self.cx.dbg.get(&f.name) {
            srcnames::attach(f, &mut self.out, d, &self.vars, &self.blocks);
        }
        self.out
    }
}

fn load_store_err(what: &str, t: &Type) -> String {
    match t {
        Type::FPType(_) => match float::fty(t) {
            Err(e) => e,
            Ok(_) => "floating-point arithmetic".to_string(),
        },
        _ => format!("{what} of a value of type {t}"),
    }
}

/// `ptrtoint`/`inttoptr` lowered as ZExt casts: turn them into truncations
/// when the target is narrower.
fn fix_resize(v: &mut [Instr]) {
    for i in v {
        if let Instr::Assign {
            value: Value::Cast { op, to, arg },
            ..
        } = i
        {
            if let Value::Const { ty, .. } = arg.as_ref() {
                if ty.bits() > to.bits() {
                    *op = CastOp::Trunc;
                }
            }
        }
    }
}

/// Lowers a whole module.
pub fn lower(
    m: &llvm_ir::Module,
    dm: DataModel,
    geps: &GepTable,
    dbg: &DebugVars,
) -> Result<Module, String> {
    let ptr_bits = dm.pointer_bits();
    let mut cx = Ctx {
        m,
        layout: Layout { m, ptr_bits },
        ptr_bits,
        geps,
        dbg,
        globals: HashMap::new(),
        funcs: HashMap::new(),
        defined: HashMap::new(),
        files: vec![],
        file_ids: HashMap::new(),
    };
    let mut functions = vec![];
    for f in &m.functions {
        cx.funcs
            .insert(f.name.clone(), FuncId(functions.len() as u32));
        cx.defined.insert(f.name.clone(), true);
        let ret = cx.ty_of(&f.return_type);
        functions.push(Function::external(f.name.clone(), ret, f.is_var_arg));
    }
    for d in &m.func_declarations {
        cx.funcs
            .insert(d.name.clone(), FuncId(functions.len() as u32));
        cx.defined.insert(d.name.clone(), false);
        let mut fe = Function::external(d.name.clone(), cx.ty_of(&d.return_type), d.is_var_arg);
        for p in &d.parameters {
            let ty = cx.ty_of(&p.ty).unwrap_or(Ty::Int(8));
            let v = fe.add_var(format!("%{}", name_str(&p.name)), ty);
            fe.params.push(v);
        }
        functions.push(fe);
    }
    for (i, g) in m.global_vars.iter().enumerate() {
        cx.globals.insert(name_str(&g.name), GlobalId(i as u32));
    }
    let mut globals = vec![];
    for g in &m.global_vars {
        let name = name_str(&g.name);
        let (size, align, init) = match &g.initializer {
            Some(c) => {
                let t = m.types.type_of(c.as_ref());
                let size = cx
                    .layout
                    .alloc_size(&t)
                    .map_err(|e| format!("global @{name}: {e}"))?;
                let align = (g.alignment as u64).max(cx.layout.align(&t).unwrap_or(1));
                let mut init = vec![];
                cx.flatten(c, 0, &mut init)
                    .map_err(|e| format!("initializer of global @{name}: {e}"))?;
                (size, align, init)
            }
            None => (0, g.alignment.max(1) as u64, vec![]),
        };
        globals.push(Global {
            name,
            size,
            align,
            init,
            constant: g.is_constant,
            external: g.initializer.is_none(),
        });
    }
    for (i, f) in m.functions.iter().enumerate() {
        let out = std::mem::replace(
            &mut functions[i],
            Function::external(String::new(), None, false),
        );
        let mut out = out;
        out.defined = true;
        let fl = FnLower {
            cx: &mut cx,
            f,
            out,
            vars: HashMap::new(),
            blocks: HashMap::new(),
        };
        functions[i] = fl.lower();
    }
    let ctors = structors(m, "llvm.global_ctors", &cx.funcs, false)?;
    let dtors = structors(m, "llvm.global_dtors", &cx.funcs, true)?;
    let module = Module {
        files: cx.files,
        data_model: dm,
        globals,
        functions,
        ctors,
        dtors,
    };
    module.validate()?;
    Ok(module)
}

/// The functions listed in `llvm.global_ctors` / `llvm.global_dtors`
/// (`{ i32 priority, ptr fn, ptr data }` entries) in run order: ascending
/// priority for constructors, descending for destructors; entries of equal
/// priority keep their order (constructors) or run in reverse
/// (destructors), as glibc's `.init_array` / `.fini_array`. An entry that
/// is not a direct reference to a function is bad input (kappa could not
/// run it, and dropping it would drop its effects).
fn structors(
    m: &llvm_ir::Module,
    name: &str,
    funcs: &HashMap<String, FuncId>,
    reverse: bool,
) -> Result<Vec<FuncId>, String> {
    let Some(g) = m.global_vars.iter().find(|g| name_str(&g.name) == name) else {
        return Ok(vec![]);
    };
    let Some(init) = &g.initializer else {
        return Ok(vec![]);
    };
    let elements = match init.as_ref() {
        Constant::Array { elements, .. } => elements.clone(),
        Constant::AggregateZero(_) => vec![],
        other => return Err(format!("@{name}: unsupported initializer {other}")),
    };
    let mut out: Vec<(i64, FuncId)> = vec![];
    for e in &elements {
        let Constant::Struct { values, .. } = e.as_ref() else {
            return Err(format!("@{name}: unsupported entry {e}"));
        };
        let prio = match values.first().map(|v| v.as_ref()) {
            Some(Constant::Int { value, .. }) => *value as u32 as i64,
            _ => return Err(format!("@{name}: entry without an integer priority")),
        };
        let f = match values.get(1).map(|v| v.as_ref()) {
            Some(Constant::GlobalReference { name: f, .. }) => funcs
                .get(&name_str(f))
                .copied()
                .ok_or_else(|| format!("@{name}: entry names an unknown function"))?,
            Some(Constant::Null(_)) => continue,
            _ => return Err(format!("@{name}: entry is not a direct function reference")),
        };
        out.push((prio, f));
    }
    // stable sort: equal priorities keep declaration order
    out.sort_by_key(|&(p, _)| p);
    if reverse {
        out.reverse();
    }
    Ok(out.into_iter().map(|(_, f)| f).collect())
}

trait IsVector {
    fn is_vector(&self) -> bool;
}
impl IsVector for Type {
    fn is_vector(&self) -> bool {
        matches!(self, Type::VectorType { .. })
    }
}

/// What an instruction the lowering does not handle is called in the
/// "unsupported" reason.
fn unsupported_instruction(other: &Instruction) -> String {
    let dbg = format!("{other:?}");
    let name = dbg.split('(').next().unwrap_or("instruction").to_string();
    match name.as_str() {
        n if n.starts_with('F') || n.contains("FP") => "floating-point arithmetic".to_string(),
        "ExtractValue" | "InsertValue" => "aggregate values in registers".to_string(),
        "VAArg" => "variadic arguments (va_arg)".to_string(),
        n => format!("the `{}` instruction", n.to_lowercase()),
    }
}
