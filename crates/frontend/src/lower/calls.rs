//! Lowering of calls: the functions kappa gives a meaning to (`reach_error`,
//! `abort`, `__VERIFIER_*`, `abs` and its kin), direct and indirect calls.

use super::*;

impl FnLower<'_, '_> {
    pub(super) fn call(&mut self, c: &li::Call) -> R<Vec<Instr>> {
        let callee_name = match &c.function {
            either::Either::Left(_) => return Err("inline assembly".into()),
            either::Either::Right(Operand::ConstantOperand(k)) => match k.as_ref() {
                Constant::GlobalReference { name, .. } => Some(name_str(name)),
                _ => None,
            },
            either::Either::Right(_) => None,
        };
        let dst = c.dest.as_ref().map(|d| self.var_of(d));
        let mut args = vec![];
        let mut arg_err = None;
        for (a, _) in &c.arguments {
            match self.operand(a) {
                Ok(v) => args.push(v),
                Err(e) => arg_err = Some(e),
            }
        }
        let Some(name) = callee_name else {
            if let Some(e) = arg_err {
                return Err(e);
            }
            let target = match &c.function {
                either::Either::Right(o) => self.operand(o)?,
                _ => unreachable!(),
            };
            return Ok(vec![Instr::Call {
                dst,
                callee: Callee::Indirect(target),
                args,
            }]);
        };
        if let Some(r) = self.float_call(&name, c, dst) {
            return r;
        }
        match self.cx.call_kind(&name) {
            CallKind::Skip => Ok(vec![]),
            CallKind::Error => Ok(vec![Instr::Error]),
            // `exit` runs the exit handlers and destructors first: the
            // engine's model of the call does, and ends the path there
            CallKind::Halt if name == "exit" => {
                let call = self.direct_call(&name, None, args, arg_err)?;
                Ok(vec![call, Instr::Halt])
            }
            CallKind::Halt => Ok(vec![Instr::Halt]),
            CallKind::Assume => {
                if let Some(e) = arg_err {
                    return Err(e);
                }
                let a = args
                    .into_iter()
                    .next()
                    .ok_or("__VERIFIER_assume without argument")?;
                let aty = self.op_ty(&c.arguments[0].0)?;
                let cond = if aty == Ty::Bool {
                    a
                } else {
                    Value::Cmp {
                        op: CmpOp::Ne,
                        lhs: Box::new(a),
                        rhs: Box::new(Value::int(aty.bits(), 0)),
                    }
                };
                Ok(vec![Instr::Assume(cond)])
            }
            CallKind::Nondet => {
                let ret = match c.function_ty.as_ref() {
                    Type::FuncType { result_type, .. } => result_type.clone(),
                    _ => return Err("call through a non-function type".into()),
                };
                let ty = self.cx.ty_of(&ret).ok_or_else(|| {
                    format!("{name} returns {ret} (only integer, float and double inputs are supported)")
                })?;
                let dst = match dst {
                    Some(d) => d,
                    None => self
                        .out
                        .add_var(format!("%{name}.unused{}", self.out.vars.len()), ty),
                };
                Ok(vec![Instr::Nondet {
                    dst,
                    ty,
                    origin: name,
                }])
            }
            CallKind::Abs => self.abs(&name, c, dst, args, arg_err),
            CallKind::Normal => Ok(vec![self.direct_call(&name, dst, args, arg_err)?]),
        }
    }

    /// A call of the C library's `abs` family, which has no effect but
    /// its result: `dst := x <s 0 ? 0 - x : x` in the argument's width.
    /// Exact as C's wrap-around arithmetic: for the most negative value
    /// (undefined behaviour in C) it gives that value back, as glibc's
    /// `abs` does and as the native replay observes; kappa's signed
    /// arithmetic wraps elsewhere too (see [`BinOp`]). A declaration
    /// whose signature is not one integer to the same integer is an
    /// ordinary external call (the engine's shims report it unsupported).
    pub(super) fn abs(
        &mut self,
        name: &str,
        c: &li::Call,
        dst: Option<VarId>,
        args: Vec<Value>,
        arg_err: Option<String>,
    ) -> R<Vec<Instr>> {
        let ty = match (c.arguments.first(), args.len()) {
            (Some((a, _)), 1) => self.op_ty(a).ok(),
            _ => None,
        };
        let Some(ty @ Ty::Int(w)) =
            ty.filter(|t| dst.is_none_or(|d| self.out.vars[d.index()].ty == *t))
        else {
            return Ok(vec![self.direct_call(name, dst, args, arg_err)?]);
        };
        let Some(dst) = dst else {
            return Ok(vec![]);
        };
        let x = args.into_iter().next().expect("one argument");
        let neg = Value::Binary {
            op: BinOp::Sub,
            ty,
            lhs: Box::new(Value::int(w, 0)),
            rhs: Box::new(x.clone()),
        };
        let cond = Value::Cmp {
            op: CmpOp::Slt,
            lhs: Box::new(x.clone()),
            rhs: Box::new(Value::int(w, 0)),
        };
        Ok(vec![Instr::Assign {
            dst,
            value: Value::Select {
                ty,
                cond: Box::new(cond),
                then: Box::new(neg),
                else_: Box::new(x),
            },
        }])
    }

    /// A direct call of the function `name` (an argument that could not
    /// be lowered is the error `arg_err`).
    pub(super) fn direct_call(
        &self,
        name: &str,
        dst: Option<VarId>,
        args: Vec<Value>,
        arg_err: Option<String>,
    ) -> R<Instr> {
        if let Some(e) = arg_err {
            return Err(e);
        }
        let fid = *self
            .cx
            .funcs
            .get(name)
            .ok_or_else(|| format!("call to unknown function {name}"))?;
        Ok(Instr::Call {
            dst,
            callee: Callee::Direct(fid),
            args,
        })
    }
}
