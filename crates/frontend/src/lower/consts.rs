//! Lowering of LLVM constants: values, addresses of globals and constant
//! GEPs, casts and operations folded at compile time, and the flattening of
//! global initializers into byte offsets.

use super::*;

impl Ctx<'_> {
    /// Type-free key of a constant address, matching `constgep::key_of`.
    pub(super) fn const_key(&self, c: &Constant) -> String {
        match c {
            Constant::GlobalReference { name, .. } => format!("@{}", name_str(name)),
            Constant::GetElementPtr(g) => {
                let idx: Vec<String> = g
                    .indices
                    .iter()
                    .map(|i| match i.as_ref() {
                        Constant::Int { bits, value } => sext64(*bits, *value).to_string(),
                        _ => "?".into(),
                    })
                    .collect();
                format!("gep({};{})", self.const_key(&g.address), idx.join(","))
            }
            Constant::BitCast(b) => format!("cast({})", self.const_key(&b.operand)),
            Constant::AddrSpaceCast(b) => format!("cast({})", self.const_key(&b.operand)),
            _ => "?".into(),
        }
    }

    pub(super) fn gep_offset(&self, c: &Constant) -> R<i64> {
        match self.geps.get(&self.const_key(c)) {
            Some(Some(off)) => Ok(*off),
            Some(None) => Err("ambiguous constant getelementptr".into()),
            None => Err("constant getelementptr with unknown layout".into()),
        }
    }

    pub(super) fn const_value(&self, c: &ConstantRef) -> R<Value> {
        let p = self.ptr();
        Ok(match c.as_ref() {
            Constant::Int { bits: 1, value } => Value::bool(value & 1 == 1),
            Constant::Int { bits, value } => Value::int(*bits, *value as u128),
            Constant::Null(_) => Value::int(self.ptr_bits, 0),
            Constant::Undef(t) | Constant::Poison(t) => {
                Value::Undef(self.ty_of(t).ok_or_else(|| format!("undef of type {t}"))?)
            }
            Constant::GlobalReference { name, .. } => {
                let n = name_str(name);
                if let Some(g) = self.globals.get(&n) {
                    Value::GlobalAddr(*g)
                } else if let Some(f) = self.funcs.get(&n) {
                    Value::FuncAddr(*f)
                } else {
                    return Err(format!("reference to unknown global @{n}"));
                }
            }
            Constant::GetElementPtr(g) => {
                let base = self.const_value(&g.address)?;
                let off = self.gep_offset(c)?;
                add(p, base, Value::int(self.ptr_bits, off as u128))
            }
            Constant::BitCast(b) => self.const_value(&b.operand)?,
            Constant::AddrSpaceCast(b) => self.const_value(&b.operand)?,
            Constant::PtrToInt(x) => {
                let to = self.ty_of(&x.to_type).ok_or("ptrtoint to a non-integer")?;
                resize(
                    self.const_value(&x.operand)?,
                    self.ptr_bits,
                    to.bits(),
                    false,
                )
            }
            Constant::IntToPtr(x) => {
                let from = self.const_ty(&x.operand)?;
                resize(
                    self.const_value(&x.operand)?,
                    from.bits(),
                    self.ptr_bits,
                    false,
                )
            }
            Constant::Trunc(x) => self.const_cast(CastOp::Trunc, &x.operand, &x.to_type)?,
            Constant::ZExt(x) => self.const_cast(CastOp::ZExt, &x.operand, &x.to_type)?,
            Constant::SExt(x) => self.const_cast(CastOp::SExt, &x.operand, &x.to_type)?,
            Constant::Add(x) => self.const_bin(BinOp::Add, &x.operand0, &x.operand1)?,
            Constant::Sub(x) => self.const_bin(BinOp::Sub, &x.operand0, &x.operand1)?,
            Constant::Mul(x) => self.const_bin(BinOp::Mul, &x.operand0, &x.operand1)?,
            Constant::And(x) => self.const_bin(BinOp::And, &x.operand0, &x.operand1)?,
            Constant::Or(x) => self.const_bin(BinOp::Or, &x.operand0, &x.operand1)?,
            Constant::Xor(x) => self.const_bin(BinOp::Xor, &x.operand0, &x.operand1)?,
            Constant::Shl(x) => self.const_bin(BinOp::Shl, &x.operand0, &x.operand1)?,
            Constant::LShr(x) => self.const_bin(BinOp::LShr, &x.operand0, &x.operand1)?,
            Constant::AShr(x) => self.const_bin(BinOp::AShr, &x.operand0, &x.operand1)?,
            Constant::ICmp(x) => Value::Cmp {
                op: cmp_op(x.predicate),
                lhs: Box::new(self.const_value(&x.operand0)?),
                rhs: Box::new(self.const_value(&x.operand1)?),
            },
            Constant::Select(x) => {
                let t = self.const_value(&x.true_value)?;
                Value::Select {
                    ty: self.const_ty(&x.true_value)?,
                    cond: Box::new(self.const_value(&x.condition)?),
                    then: Box::new(t),
                    else_: Box::new(self.const_value(&x.false_value)?),
                }
            }
            Constant::Float(f) => match f {
                Float::Single(x) => Value::int(32, x.to_bits() as u128),
                Float::Double(x) => Value::int(64, x.to_bits() as u128),
                Float::X86_FP80 => return Err("long double (x86_fp80)".into()),
                _ => return Err("unsupported floating-point constant".into()),
            },
            Constant::AggregateZero(_) | Constant::Struct { .. } | Constant::Array { .. } => {
                let t = match c.as_ref() {
                    Constant::AggregateZero(t) => t.clone(),
                    _ => self.m.types.type_of(c.as_ref()),
                };
                let ty = self
                    .ty_of(&t)
                    .ok_or_else(|| format!("aggregate value of type {t}"))?;
                let w = ty.bits();
                let mut pieces = vec![];
                self.flatten(c, 0, &mut pieces)?;
                let mut v = Value::int(w, 0);
                for (off, piece) in pieces {
                    let (bytes, part) = match piece {
                        InitValue::Int { bytes, value } => (bytes, Value::int(bytes * 8, value)),
                        InitValue::Addr {
                            target,
                            addend,
                            bytes,
                        } => {
                            let base = match target {
                                AddrTarget::Global(g) => Value::GlobalAddr(g),
                                AddrTarget::Func(f) => Value::FuncAddr(f),
                            };
                            let a =
                                add(self.ptr(), base, Value::int(self.ptr_bits, addend as u128));
                            (bytes, resize(a, self.ptr_bits, bytes * 8, false))
                        }
                    };
                    v = insert_bits(v, w, part, bytes * 8, off as u32 * 8);
                }
                v
            }
            other => return Err(format!("unsupported constant {other}")),
        })
    }

    pub(super) fn const_ty(&self, c: &ConstantRef) -> R<Ty> {
        let t = self.m.types.type_of(c.as_ref());
        self.ty_of(&t)
            .ok_or_else(|| format!("constant of type {t}"))
    }

    pub(super) fn const_cast(&self, op: CastOp, arg: &ConstantRef, to: &Type) -> R<Value> {
        let to = self.ty_of(to).ok_or("cast to a non-integer type")?;
        Ok(Value::Cast {
            op,
            to,
            arg: Box::new(self.const_value(arg)?),
        })
    }

    pub(super) fn const_bin(&self, op: BinOp, a: &ConstantRef, b: &ConstantRef) -> R<Value> {
        Ok(Value::Binary {
            op,
            ty: self.const_ty(a)?,
            lhs: Box::new(self.const_value(a)?),
            rhs: Box::new(self.const_value(b)?),
        })
    }

    /// `(target, addend)` of a constant address used in an initializer.
    pub(super) fn const_addr(&self, c: &ConstantRef) -> R<(AddrTarget, i64)> {
        match c.as_ref() {
            Constant::GlobalReference { name, .. } => {
                let n = name_str(name);
                if let Some(g) = self.globals.get(&n) {
                    Ok((AddrTarget::Global(*g), 0))
                } else if let Some(f) = self.funcs.get(&n) {
                    Ok((AddrTarget::Func(*f), 0))
                } else {
                    Err(format!("reference to unknown global @{n}"))
                }
            }
            Constant::GetElementPtr(g) => {
                let (t, a) = self.const_addr(&g.address)?;
                Ok((t, a + self.gep_offset(c)?))
            }
            Constant::BitCast(b) => self.const_addr(&b.operand),
            Constant::AddrSpaceCast(b) => self.const_addr(&b.operand),
            Constant::PtrToInt(x) => self.const_addr(&x.operand),
            Constant::IntToPtr(x) => self.const_addr(&x.operand),
            other => Err(format!("unsupported address constant {other}")),
        }
    }

    pub(super) fn flatten(
        &self,
        c: &ConstantRef,
        off: u64,
        out: &mut Vec<(u64, InitValue)>,
    ) -> R<()> {
        match c.as_ref() {
            Constant::Int { bits, value } => {
                if *value != 0 {
                    out.push((
                        off,
                        InitValue::Int {
                            bytes: bits.div_ceil(8),
                            value: *value as u128,
                        },
                    ));
                }
            }
            Constant::Null(_)
            | Constant::AggregateZero(_)
            | Constant::Undef(_)
            | Constant::Poison(_) => {}
            Constant::Float(f) => {
                let (bytes, value) = match f {
                    Float::Single(x) => (4, x.to_bits() as u128),
                    Float::Double(x) => (8, x.to_bits() as u128),
                    _ => return Err("unsupported floating-point initializer".into()),
                };
                if value != 0 {
                    out.push((off, InitValue::Int { bytes, value }));
                }
            }
            Constant::Struct { values, .. } => {
                let t = self.m.types.type_of(c.as_ref());
                let (offsets, _) = self.layout.struct_layout(&t)?;
                for (v, o) in values.iter().zip(offsets) {
                    self.flatten(v, off + o, out)?;
                }
            }
            Constant::Array {
                element_type,
                elements,
            } => {
                let stride = self.layout.alloc_size(element_type)?;
                for (i, e) in elements.iter().enumerate() {
                    self.flatten(e, off + stride * i as u64, out)?;
                }
            }
            Constant::GlobalReference { .. }
            | Constant::GetElementPtr(_)
            | Constant::BitCast(_)
            | Constant::AddrSpaceCast(_)
            | Constant::IntToPtr(_) => {
                let (target, addend) = self.const_addr(c)?;
                out.push((
                    off,
                    InitValue::Addr {
                        target,
                        addend,
                        bytes: self.ptr_bits / 8,
                    },
                ));
            }
            Constant::PtrToInt(x) => {
                let (target, addend) = self.const_addr(&x.operand)?;
                let bytes = self.layout.store_size(&x.to_type)? as u32;
                out.push((
                    off,
                    InitValue::Addr {
                        target,
                        addend,
                        bytes,
                    },
                ));
            }
            other => return Err(format!("unsupported initializer {other}")),
        }
        Ok(())
    }
}
