//! Deterministic textual form of kappa IR (`kappa ir FILE`).

use crate::*;
use std::fmt::{self, Display, Formatter, Write};

impl Display for Ty {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Bool => f.write_str("bool"),
            Ty::Int(w) => write!(f, "i{w}"),
        }
    }
}

fn binop_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::UDiv => "/u",
        BinOp::SDiv => "/s",
        BinOp::URem => "%u",
        BinOp::SRem => "%s",
        BinOp::Shl => "<<",
        BinOp::LShr => ">>u",
        BinOp::AShr => ">>s",
        BinOp::And => "&",
        BinOp::Or => "|",
        BinOp::Xor => "^",
    }
}

fn cmp_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Ult => "<u",
        CmpOp::Ule => "<=u",
        CmpOp::Ugt => ">u",
        CmpOp::Uge => ">=u",
        CmpOp::Slt => "<s",
        CmpOp::Sle => "<=s",
        CmpOp::Sgt => ">s",
        CmpOp::Sge => ">=s",
    }
}

/// Prints values with variable and global names resolved.
pub struct ValuePrinter<'a> {
    /// Module for global/function names.
    pub module: &'a Module,
    /// Function for variable names.
    pub func: &'a Function,
}

impl ValuePrinter<'_> {
    /// Writes `v` in infix form.
    pub fn value(&self, out: &mut String, v: &Value) {
        match v {
            Value::Var(x) => out.push_str(&self.func.vars[x.index()].name),
            Value::Const { ty: Ty::Bool, bits } => {
                out.push_str(if *bits != 0 { "true" } else { "false" })
            }
            Value::Const { ty, bits } => {
                let w = ty.bits();
                let signed = if w < 128 && (bits >> (w - 1)) & 1 == 1 {
                    (*bits as i128) - (1i128 << w)
                } else {
                    *bits as i128
                };
                let _ = write!(out, "{signed}:{ty}");
            }
            Value::GlobalAddr(g) => {
                let _ = write!(out, "&@{}", self.module.globals[g.index()].name);
            }
            Value::FuncAddr(fid) => {
                let _ = write!(out, "&{}", self.module.functions[fid.index()].name);
            }
            Value::Undef(ty) => {
                let _ = write!(out, "undef:{ty}");
            }
            Value::Not(a) => {
                out.push('!');
                self.atom(out, a);
            }
            Value::Binary { op, lhs, rhs, .. } => {
                self.atom(out, lhs);
                let _ = write!(out, " {} ", binop_name(*op));
                self.atom(out, rhs);
            }
            Value::Cmp { op, lhs, rhs } => {
                self.atom(out, lhs);
                let _ = write!(out, " {} ", cmp_name(*op));
                self.atom(out, rhs);
            }
            Value::Cast { op, to, arg } => {
                let name = match op {
                    CastOp::ZExt => "zext",
                    CastOp::SExt => "sext",
                    CastOp::Trunc => "trunc",
                };
                let _ = write!(out, "{name}.{to}(");
                self.value(out, arg);
                out.push(')');
            }
            Value::Select {
                cond, then, else_, ..
            } => {
                self.atom(out, cond);
                out.push_str(" ? ");
                self.atom(out, then);
                out.push_str(" : ");
                self.atom(out, else_);
            }
            Value::Float { op, args } => {
                let _ = write!(out, "{}(", op.name());
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.value(out, a);
                }
                out.push(')');
            }
        }
    }

    fn atom(&self, out: &mut String, v: &Value) {
        let compound = matches!(
            v,
            Value::Binary { .. } | Value::Cmp { .. } | Value::Select { .. }
        );
        if compound {
            out.push('(');
        }
        self.value(out, v);
        if compound {
            out.push(')');
        }
    }

    /// Writes an instruction.
    pub fn instr(&self, out: &mut String, i: &Instr) {
        let var = |v: &VarId| self.func.vars[v.index()].name.clone();
        match i {
            Instr::Assign { dst, value } => {
                let _ = write!(out, "{} := ", var(dst));
                self.value(out, value);
            }
            Instr::Assume(c) => {
                out.push_str("assume ");
                self.value(out, c);
            }
            Instr::Phi(moves) if moves.is_empty() => out.push_str("goto"),
            Instr::Phi(moves) => {
                out.push_str("phi ");
                for (k, (d, v)) in moves.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "{} := ", var(d));
                    self.value(out, v);
                }
            }
            Instr::Load { dst, addr, ty } => {
                let _ = write!(out, "{} := load.{ty} ", var(dst));
                self.atom(out, addr);
            }
            Instr::Store { addr, value } => {
                out.push_str("store ");
                self.atom(out, addr);
                out.push_str(" <- ");
                self.value(out, value);
            }
            Instr::Alloca { dst, size, align } => {
                let _ = write!(out, "{} := alloca ", var(dst));
                self.atom(out, size);
                let _ = write!(out, " align {align}");
            }
            Instr::Call { dst, callee, args } => {
                if let Some(d) = dst {
                    let _ = write!(out, "{} := ", var(d));
                }
                out.push_str("call ");
                match callee {
                    Callee::Direct(fid) => out.push_str(&self.module.functions[fid.index()].name),
                    Callee::Indirect(v) => {
                        out.push('*');
                        self.atom(out, v);
                    }
                }
                out.push('(');
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.value(out, a);
                }
                out.push(')');
            }
            Instr::Return(v) => {
                out.push_str("return");
                if let Some(v) = v {
                    out.push(' ');
                    self.value(out, v);
                }
            }
            Instr::Nondet { dst, ty, origin } => {
                let _ = write!(out, "{} := nondet.{ty} ({origin})", var(dst));
            }
            Instr::Error => out.push_str("error (reach_error)"),
            Instr::Halt => out.push_str("halt"),
            Instr::Unsupported(what) => {
                let _ = write!(out, "unsupported \"{what}\"");
            }
        }
    }
}

impl Display for Module {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(f, "; kappa IR, data model {}", self.data_model)?;
        for g in &self.globals {
            write!(f, "global @{}: {} bytes, align {}", g.name, g.size, g.align)?;
            if g.constant {
                f.write_str(", constant")?;
            }
            if g.external {
                f.write_str(", external")?;
            }
            for (off, v) in &g.init {
                match v {
                    InitValue::Int { bytes, value } => write!(f, " [{off}:{bytes}]={value}")?,
                    InitValue::Addr {
                        target,
                        addend,
                        bytes,
                    } => {
                        let name = match target {
                            AddrTarget::Global(gid) => {
                                format!("@{}", self.globals[gid.index()].name)
                            }
                            AddrTarget::Func(fid) => self.functions[fid.index()].name.clone(),
                        };
                        write!(f, " [{off}:{bytes}]=&{name}+{addend}")?
                    }
                }
            }
            writeln!(f)?;
        }
        for func in &self.functions {
            let params: Vec<String> = func
                .params
                .iter()
                .map(|p| format!("{}: {}", func.vars[p.index()].name, func.vars[p.index()].ty))
                .collect();
            let ret = func
                .ret
                .map(|t| t.to_string())
                .unwrap_or_else(|| "void".into());
            if !func.defined {
                writeln!(f, "declare {}({}) -> {ret}", func.name, params.join(", "))?;
                continue;
            }
            writeln!(f, "\nfn {}({}) -> {ret} {{", func.name, params.join(", "))?;
            writeln!(
                f,
                "  ; entry {}, exit {}, sink {}, {} locations, {} edges",
                func.entry,
                func.exit,
                func.sink,
                func.locs.len(),
                func.edges.len()
            )?;
            for (i, l) in func.locs.iter().enumerate() {
                if l.src_vars.is_empty() {
                    continue;
                }
                let vars: Vec<String> = l
                    .src_vars
                    .iter()
                    .map(|v| match v.reg {
                        Some(r) => format!("{}={}", v.name, func.vars[r.index()].name),
                        None => format!("{}=?", v.name),
                    })
                    .collect();
                writeln!(f, "  ; L{i} source variables: {}", vars.join(" "))?;
            }
            let p = ValuePrinter { module: self, func };
            for e in &func.edges {
                let mut s = String::new();
                p.instr(&mut s, &e.instr);
                let at = match e.src {
                    Some(_) => format!("  ; {}", self.describe(e.src)),
                    None => String::new(),
                };
                writeln!(f, "  {} -> {}: {s}{at}", e.from, e.to)?;
            }
            writeln!(f, "}}")?;
        }
        Ok(())
    }
}
