//! Evaluation of IR values into expressions, and the initial memory and state.

use super::Obligation;
use crate::memory::{Memory, ObjKind, FUNC_BASE, MAX_OBJECT_SIZE};
use crate::state::{Frame, State};
use crate::Engine;
use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use kappa_ir::{AddrTarget, BinOp, FuncId, InitValue, Module, Ty, Value};

/// Lays out the globals and writes their initial contents.
pub(crate) fn initial_memory(m: &Module) -> Result<(Memory, Vec<u64>), String> {
    let pb = m.data_model.pointer_bits();
    let mut mem = Memory::new(pb);
    let mut bases = vec![];
    for g in &m.globals {
        if g.size > MAX_OBJECT_SIZE {
            return Err(format!(
                "global @{} is too large ({} bytes)",
                g.name, g.size
            ));
        }
        let base = mem
            .allocate(g.size, g.align, ObjKind::Global, g.name.clone(), true)
            .ok_or("address space exhausted by globals")?;
        bases.push(base);
    }
    for (g, base) in m.globals.iter().zip(&bases) {
        for (off, v) in &g.init {
            let (bytes, value) = match v {
                InitValue::Int { bytes, value } => (*bytes, *value),
                InitValue::Addr {
                    target,
                    addend,
                    bytes,
                } => {
                    let a = match target {
                        AddrTarget::Global(t) => bases[t.index()],
                        AddrTarget::Func(f) => FUNC_BASE + 16 * f.0 as u64,
                    };
                    (*bytes, (a as i128 + *addend as i128) as u128)
                }
            };
            if off + bytes as u64 > g.size {
                return Err(format!("initializer of @{} out of bounds", g.name));
            }
            mem.write(*base, b::bv(pb, *off as u128), b::bv(bytes * 8, value));
        }
        if g.constant {
            mem.set_read_only(*base);
        }
    }
    Ok((mem, bases))
}

/// The value of type `ty` held by the little-endian bytes `raw` read from
/// memory: a boolean is the lowest bit, a narrower integer the low bits.
pub(crate) fn loaded_value(raw: Expr, ty: Ty) -> Expr {
    match ty {
        Ty::Bool => b::eq(b::extract(0, 0, raw), b::bv(1, 1)),
        Ty::Int(w) if w < raw.width() => b::trunc(raw, w),
        Ty::Int(_) => raw,
    }
}

/// `e` as a boolean: itself if boolean, else `e != 0`.
pub(crate) fn bool_of(e: Expr) -> Expr {
    if e.sort() == Sort::Bool {
        e
    } else {
        b::ne(e, b::bv(e.width(), 0))
    }
}

/// `e` as a bit-vector: a boolean becomes 0/1 of width `w`, others are kept.
fn as_bv(e: Expr, w: u32) -> Expr {
    if e.sort() == Sort::Bool {
        b::bool_to_bv(e, w)
    } else {
        e
    }
}

impl Engine<'_> {
    /// Width of a pointer in the module's data model.
    pub(crate) fn ptr_bits(&self) -> u32 {
        self.module.data_model.pointer_bits()
    }

    /// The state at the entry of `main`: globals laid out, `argc` = 1,
    /// `argv[0]` = "kappa", further parameters fresh symbols.
    pub(crate) fn initial_state(&mut self, main: FuncId) -> Result<State, String> {
        let f = self.module.func(main);
        let pb = self.ptr_bits();
        let mut mem = self.initial_mem.clone();
        let mut regs = vec![None; f.vars.len()];
        for (i, p) in f.params.iter().enumerate() {
            let ty = f.vars[p.index()].ty;
            let v = match i {
                0 => b::bv(ty.bits(), 1),
                1 => {
                    let name = mem
                        .allocate(6, 1, ObjKind::Global, "argv0".into(), true)
                        .ok_or("out of memory")?;
                    for (k, c) in b"kappa".iter().enumerate() {
                        mem.write(name, b::bv(pb, k as u128), b::bv(8, *c as u128));
                    }
                    let argv = mem
                        .allocate(2 * pb as u64 / 8, 4, ObjKind::Global, "argv".into(), true)
                        .ok_or("out of memory")?;
                    mem.write(argv, b::bv(pb, 0), b::bv(pb, name as u128));
                    b::bv(pb, argv as u128)
                }
                _ => b::sym(Symbol::fresh(
                    "main_arg",
                    Sort::Bv(ty.bits()),
                    SymbolKind::Fresh,
                )),
            };
            regs[p.index()] = Some(v);
        }
        self.stats.states = 1;
        Ok(State::start(
            self.new_state_id(),
            f.entry,
            vec![Frame {
                func: main,
                regs,
                ret: None,
                allocas: vec![],
                slots: Default::default(),
            }],
            mem,
        ))
    }

    /// The expression of IR value `v` in `st`; pushes the undefined-behaviour
    /// obligations it raises (division by zero, overflowing division,
    /// oversized shifts) onto `ob`. Err for a use of an undefined value.
    pub(crate) fn eval_value(
        &mut self,
        st: &State,
        v: &Value,
        ob: &mut Vec<Obligation>,
    ) -> Result<Expr, String> {
        let pb = self.ptr_bits();
        Ok(match v {
            Value::Var(x) => st.frame().regs[x.index()].ok_or_else(|| {
                let f = self.module.func(st.func());
                format!(
                    "use of undefined value {} in {}",
                    f.vars[x.index()].name,
                    f.name
                )
            })?,
            Value::Const { ty: Ty::Bool, bits } => b::bool_const(*bits != 0),
            Value::Const { ty, bits } => b::bv(ty.bits(), *bits),
            Value::GlobalAddr(g) => b::bv(pb, self.global_base[g.index()] as u128),
            Value::FuncAddr(f) => b::bv(pb, (FUNC_BASE + 16 * f.0 as u64) as u128),
            Value::Undef(ty) => {
                self.fresh_counter += 1;
                let sort = if *ty == Ty::Bool {
                    Sort::Bool
                } else {
                    Sort::Bv(ty.bits())
                };
                b::sym(Symbol::fresh("undef", sort, SymbolKind::Fresh))
            }
            Value::Not(a) => {
                let a = self.eval_value(st, a, ob)?;
                if a.sort() == Sort::Bool {
                    b::not(a)
                } else {
                    b::bvnot(a)
                }
            }
            Value::Binary { op, ty, lhs, rhs } => {
                let l = self.eval_value(st, lhs, ob)?;
                let r = self.eval_value(st, rhs, ob)?;
                if *ty == Ty::Bool {
                    let (l, r) = (bool_of(l), bool_of(r));
                    match op {
                        BinOp::And => b::and(l, r),
                        BinOp::Or => b::or(l, r),
                        BinOp::Xor => b::ne(l, r),
                        _ => return Err(format!("{op:?} on booleans")),
                    }
                } else {
                    let w = ty.bits();
                    let (l, r) = (as_bv(l, w), as_bv(r, w));
                    let zero = b::bv(w, 0);
                    let o = kappa_loops::sem::bv_op(*op);
                    match op {
                        BinOp::UDiv | BinOp::URem => ob.push(Obligation {
                            cond: b::ne(r, zero),
                            what: "division by zero",
                        }),
                        BinOp::SDiv | BinOp::SRem => {
                            ob.push(Obligation {
                                cond: b::ne(r, zero),
                                what: "division by zero",
                            });
                            let min = b::bv(w, 1u128 << (w - 1));
                            let overflow =
                                b::and(b::eq(l, min), b::eq(r, b::bv(w, kappa_expr::mask(w))));
                            ob.push(Obligation {
                                cond: b::not(overflow),
                                what: "signed division overflow",
                            });
                        }
                        BinOp::Shl | BinOp::LShr | BinOp::AShr => ob.push(Obligation {
                            cond: b::ult(r, b::bv(w, w as u128)),
                            what: "shift amount not below the bit width",
                        }),
                        _ => {}
                    }
                    b::bin(o, l, r)
                }
            }
            Value::Cmp { op, lhs, rhs } => {
                let l = self.eval_value(st, lhs, ob)?;
                let r = self.eval_value(st, rhs, ob)?;
                kappa_loops::sem::cmp(*op, l, r)
            }
            Value::Cast { op, to, arg } => {
                let a = self.eval_value(st, arg, ob)?;
                kappa_loops::sem::cast(*op, *to, a).ok_or("cast of an array")?
            }
            Value::Select {
                cond,
                then,
                else_,
                ty,
            } => {
                let c = bool_of(self.eval_value(st, cond, ob)?);
                let t = self.eval_value(st, then, ob)?;
                let e = self.eval_value(st, else_, ob)?;
                if *ty == Ty::Bool {
                    b::ite(c, bool_of(t), bool_of(e))
                } else {
                    b::ite(c, as_bv(t, ty.bits()), as_bv(e, ty.bits()))
                }
            }
            Value::Float { op, args } => {
                let mut xs = Vec::with_capacity(args.len());
                for a in args {
                    xs.push(as_bv(self.eval_value(st, a, ob)?, op.arg_width()));
                }
                if let Some(ub) = kappa_loops::sem::float_undefined_when(*op, &xs) {
                    ob.push(Obligation {
                        cond: b::not(ub),
                        what: "floating-point to integer conversion out of range",
                    });
                }
                b::fp(*op, xs)
            }
        })
    }
}
