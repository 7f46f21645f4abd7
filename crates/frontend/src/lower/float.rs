//! Lowering of floating-point instructions and intrinsics: `float` and
//! `double` values are their IEEE bits (`Ty::Int(32)`/`Ty::Int(64)`), and
//! every operation reading them as numbers becomes a [`Value::Float`].
//! `fneg`, `fabs` and `copysign` are exact bit operations on the sign;
//! `llvm.fmuladd` is a multiplication then an addition (two roundings), as
//! the native replay target (x86 SSE2, no FMA) computes it; C's `fmod` is
//! `frem`. Other formats
//! (`long double`, half, quad) are unsupported.

use super::*;
use kappa_ir::{FCmp, FTy, FpOp};
use llvm_ir::types::FPType;
use llvm_ir::FPPredicate;

/// The IR format of an LLVM floating-point type; an error naming the
/// unsupported ones.
pub(super) fn fty(t: &Type) -> R<FTy> {
    match t {
        Type::FPType(FPType::Single) => Ok(FTy::F32),
        Type::FPType(FPType::Double) => Ok(FTy::F64),
        Type::FPType(FPType::X86_FP80) => Err("long double (x86_fp80)".into()),
        Type::FPType(other) => Err(format!("floating-point type {other:?}")),
        Type::VectorType { .. } => Err("floating-point vectors".into()),
        other => Err(format!("floating-point operation on {other}")),
    }
}

fn pred(p: FPPredicate) -> FCmp {
    match p {
        FPPredicate::False => FCmp::False,
        FPPredicate::OEQ => FCmp::Oeq,
        FPPredicate::OGT => FCmp::Ogt,
        FPPredicate::OGE => FCmp::Oge,
        FPPredicate::OLT => FCmp::Olt,
        FPPredicate::OLE => FCmp::Ole,
        FPPredicate::ONE => FCmp::One,
        FPPredicate::ORD => FCmp::Ord,
        FPPredicate::UNO => FCmp::Uno,
        FPPredicate::UEQ => FCmp::Ueq,
        FPPredicate::UGT => FCmp::Ugt,
        FPPredicate::UGE => FCmp::Uge,
        FPPredicate::ULT => FCmp::Ult,
        FPPredicate::ULE => FCmp::Ule,
        FPPredicate::UNE => FCmp::Une,
        FPPredicate::True => FCmp::True,
    }
}

/// `op(args)` as a value.
fn fv(op: FpOp, args: Vec<Value>) -> Value {
    Value::Float { op, args }
}

/// `v` with its sign bit (of format `t`) cleared (`fabs`).
fn abs_bits(t: FTy, v: Value) -> Value {
    let w = t.bits();
    Value::Binary {
        op: BinOp::And,
        ty: Ty::Int(w),
        lhs: Box::new(v),
        rhs: Box::new(Value::int(w, !t.sign_bit())),
    }
}

/// The magnitude of `mag` with the sign of `sign` (`copysign`).
fn copysign_bits(t: FTy, mag: Value, sign: Value) -> Value {
    let w = t.bits();
    Value::Binary {
        op: BinOp::Or,
        ty: Ty::Int(w),
        lhs: Box::new(abs_bits(t, mag)),
        rhs: Box::new(Value::Binary {
            op: BinOp::And,
            ty: Ty::Int(w),
            lhs: Box::new(sign),
            rhs: Box::new(Value::int(w, t.sign_bit())),
        }),
    }
}

impl FnLower<'_, '_> {
    fn fty_of(&self, o: &Operand) -> R<FTy> {
        fty(&self.cx.m.types.type_of(o))
    }

    fn fbin(&self, mk: fn(FTy) -> FpOp, a: &Operand, b: &Operand, dest: &Name) -> R<Vec<Instr>> {
        let t = self.fty_of(a)?;
        let value = fv(mk(t), vec![self.operand(a)?, self.operand(b)?]);
        Ok(vec![Instr::Assign {
            dst: self.var_of(dest),
            value,
        }])
    }

    /// A conversion from or to a float: `mk` gets the integer width (of
    /// the operand or the result) and the float format (of the other side).
    fn fconv(
        &self,
        a: &Operand,
        dest: &Name,
        mk: impl FnOnce(u32, FTy) -> R<FpOp>,
    ) -> R<Vec<Instr>> {
        let dst = self.var_of(dest);
        let to = self.out.vars[dst.index()].ty;
        let from = self.cx.m.types.type_of(a);
        let op = match from.as_ref() {
            Type::IntegerType { bits } => {
                let t = match to {
                    Ty::Int(32) => FTy::F32,
                    Ty::Int(64) => FTy::F64,
                    _ => {
                        return Err(format!(
                            "floating-point conversion to {}",
                            self.dest_llvm_type(dest)
                        ))
                    }
                };
                mk(*bits, t)?
            }
            _ => mk(to.bits(), fty(&from)?)?,
        };
        if op.result_width() != Some(to.bits()) {
            // the result's type has no IR type (long double, ...)
            return Err(format!(
                "floating-point conversion to {}",
                self.dest_llvm_type(dest)
            ));
        }
        Ok(vec![Instr::Assign {
            dst,
            value: fv(op, vec![self.operand(a)?]),
        }])
    }

    fn dest_llvm_type(&self, dest: &Name) -> String {
        for bb in &self.f.basic_blocks {
            for i in &bb.instrs {
                if i.try_get_result() == Some(dest) {
                    let t = self.cx.m.types.type_of(i);
                    return match fty(&t) {
                        Err(e) if e.starts_with("long double") => e,
                        _ => t.to_string(),
                    };
                }
            }
        }
        "an unknown type".into()
    }

    /// A floating-point instruction, or `None` when `i` is none.
    pub(super) fn float_instr(&mut self, i: &'_ Instruction) -> Option<R<Vec<Instr>>> {
        use Instruction as I;
        Some(match i {
            I::FAdd(x) => self.fbin(FpOp::Add, &x.operand0, &x.operand1, &x.dest),
            I::FSub(x) => self.fbin(FpOp::Sub, &x.operand0, &x.operand1, &x.dest),
            I::FMul(x) => self.fbin(FpOp::Mul, &x.operand0, &x.operand1, &x.dest),
            I::FDiv(x) => self.fbin(FpOp::Div, &x.operand0, &x.operand1, &x.dest),
            I::FRem(x) => self.fbin(FpOp::Rem, &x.operand0, &x.operand1, &x.dest),
            I::FNeg(x) => (|| {
                let t = self.fty_of(&x.operand)?;
                let w = t.bits();
                Ok(vec![Instr::Assign {
                    dst: self.var_of(&x.dest),
                    value: Value::Binary {
                        op: BinOp::Xor,
                        ty: Ty::Int(w),
                        lhs: Box::new(self.operand(&x.operand)?),
                        rhs: Box::new(Value::int(w, t.sign_bit())),
                    },
                }])
            })(),
            I::FCmp(x) => (|| {
                let t = self.fty_of(&x.operand0)?;
                Ok(vec![Instr::Assign {
                    dst: self.var_of(&x.dest),
                    value: fv(
                        FpOp::Cmp(pred(x.predicate), t),
                        vec![self.operand(&x.operand0)?, self.operand(&x.operand1)?],
                    ),
                }])
            })(),
            I::FPExt(x) => self.fconv(&x.operand, &x.dest, |_, t| match t {
                FTy::F32 => Ok(FpOp::Ext),
                FTy::F64 => Err("fpext from double".into()),
            }),
            I::FPTrunc(x) => self.fconv(&x.operand, &x.dest, |_, t| match t {
                FTy::F64 => Ok(FpOp::Trunc),
                FTy::F32 => Err("fptrunc from float".into()),
            }),
            I::SIToFP(x) => self.fconv(&x.operand, &x.dest, |w, t| Ok(FpOp::SiToFp(w, t))),
            I::UIToFP(x) => self.fconv(&x.operand, &x.dest, |w, t| Ok(FpOp::UiToFp(w, t))),
            I::FPToSI(x) => self.fconv(&x.operand, &x.dest, |w, t| {
                int_target(w).map(|w| FpOp::FpToSi(t, w))
            }),
            I::FPToUI(x) => self.fconv(&x.operand, &x.dest, |w, t| {
                int_target(w).map(|w| FpOp::FpToUi(t, w))
            }),
            _ => return None,
        })
    }

    /// A call of a floating-point intrinsic or exact math function
    /// (`llvm.fmuladd`, `fabs`, `copysign`, `fmod` and their kin; `fmod`
    /// is LLVM's `frem`), or `None` when
    /// `name` is none of them.
    pub(super) fn float_call(
        &mut self,
        name: &str,
        c: &li::Call,
        dst: Option<VarId>,
    ) -> Option<R<Vec<Instr>>> {
        let base = name.strip_prefix("llvm.").unwrap_or(name);
        let kind = match base {
            n if n.starts_with("fmuladd.") => 0,
            n if n.starts_with("fabs.") || matches!(n, "fabs" | "fabsf") => 1,
            n if n.starts_with("copysign.") || matches!(n, "copysign" | "copysignf") => 2,
            "fmod" | "fmodf" if !name.starts_with("llvm.") => 3,
            _ => return None,
        };
        if !name.starts_with("llvm.") && self.cx.defined.get(name).copied().unwrap_or(false) {
            return None;
        }
        Some((|| {
            let t = match c.arguments.first() {
                Some((a, _)) => self.fty_of(a)?,
                None => return Err(format!("{name} without arguments")),
            };
            let mut args = vec![];
            for (a, _) in &c.arguments {
                args.push(self.operand(a)?);
            }
            let want = [3, 1, 2, 2][kind];
            if args.len() != want {
                return Err(format!("{name} with {} arguments", args.len()));
            }
            let Some(dst) = dst else {
                return Ok(vec![]);
            };
            let mut it = args.into_iter();
            let mut next = || it.next().expect("arity checked");
            let value = match kind {
                0 => {
                    let (a, b, c) = (next(), next(), next());
                    fv(FpOp::Add(t), vec![fv(FpOp::Mul(t), vec![a, b]), c])
                }
                1 => abs_bits(t, next()),
                3 => {
                    let (a, b) = (next(), next());
                    fv(FpOp::Rem(t), vec![a, b])
                }
                _ => {
                    let (m, s) = (next(), next());
                    copysign_bits(t, m, s)
                }
            };
            Ok(vec![Instr::Assign { dst, value }])
        })())
    }
}

/// The width of an integer conversion target (8..=64).
fn int_target(w: u32) -> R<u32> {
    if (8..=64).contains(&w) {
        Ok(w)
    } else {
        Err(format!("floating-point conversion to i{w}"))
    }
}
