//! Phase 1, abstraction (the paper's Sections 3.5-3.7): every instruction
//! that consumes an abstract value gets its abstract counterpart, a call to
//! an abstract intrinsic `__kappa_abstract.*` on terms (`i64` handles, 0 =
//! "the value is concrete"). The concrete instruction stays: it computes the
//! concrete member of the disjoint union (Section 4), which is the value
//! whenever the term is 0. Concrete operands are lifted implicitly (an
//! operand with term 0 is lifted from its concrete value by the runtime);
//! operands that must stay concrete are lowered (`lower`); stores and loads
//! of abstract values freeze and thaw; conditional branches on abstract
//! values become a choice (which also assumes the chosen edge's condition).
//! Terms cross calls through argument/return slots, so signatures and the
//! memory layout are unchanged.

use crate::analysis::{analyze, classify, Abstraction, Callee};
use crate::llvm::{self, Opcode as O, Value};
use crate::{Stats, SymbolizeError};
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::llvm_sys::core as sys;
use inkwell::module::Module;
use inkwell::targets::TargetData;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{AsValueRef, InstructionValue, IntValue};
use kappa_runtime::abi;
use std::collections::HashMap;

mod addresses;
mod byval;
mod frame;
mod indirect;

/// The prefix of every phase-1 intrinsic.
pub const PREFIX: &str = "__kappa_abstract.";

pub(crate) struct Phase1<'a, 'ctx> {
    ctx: &'ctx Context,
    module: &'a Module<'ctx>,
    b: Builder<'ctx>,
    a: Abstraction,
    td: TargetData,
    terms: HashMap<Value, Value>,
    /// Symbolic `getelementptr`s of the current function, see [`addresses`].
    addrs: HashMap<Value, addresses::SymAddr>,
    /// Registered allocas of the current function's entry block (their
    /// objects are forgotten at each `ret`).
    frame: Vec<Value>,
    /// The current function's `byval` parameters and their sizes (`i64`
    /// constants), whose shadow is cleared at each `ret`, see [`byval`].
    byval_params: Vec<(Value, Value)>,
    strings: HashMap<String, Value>,
    /// Library functions whose address the program takes (classified
    /// before the transformation gives some of them a body), see
    /// [`indirect`].
    external_targets: Vec<(Value, Callee)>,
    pub(crate) stats: Stats,
}

fn bad(e: impl std::fmt::Display) -> SymbolizeError {
    SymbolizeError::Internal(e.to_string())
}

impl<'a, 'ctx> Phase1<'a, 'ctx> {
    pub(crate) fn new(ctx: &'ctx Context, module: &'a Module<'ctx>) -> Self {
        let a = analyze(module.as_mut_ptr());
        let td = TargetData::create(&module.get_data_layout().as_str().to_string_lossy());
        let stats = Stats {
            abstract_values: a.values.len(),
            memory: a.memory,
            ..Stats::default()
        };
        Phase1 {
            ctx,
            module,
            b: ctx.create_builder(),
            a,
            td,
            terms: HashMap::new(),
            addrs: HashMap::new(),
            frame: vec![],
            byval_params: vec![],
            strings: HashMap::new(),
            external_targets: indirect::external_targets(module.as_mut_ptr()),
            stats,
        }
    }

    fn i64t(&self) -> BasicTypeEnum<'ctx> {
        self.ctx.i64_type().into()
    }
    fn ptrt(&self) -> BasicTypeEnum<'ctx> {
        self.ctx.ptr_type(inkwell::AddressSpace::default()).into()
    }
    fn int(&self, w: u32) -> BasicTypeEnum<'ctx> {
        self.ctx.custom_width_int_type(w).into()
    }

    /// Calls the phase-1 intrinsic `PREFIX + name` (declared on first use)
    /// at the builder's position; returns the call.
    fn call(
        &self,
        name: &str,
        ret: Option<BasicTypeEnum<'ctx>>,
        params: &[BasicTypeEnum<'ctx>],
        args: &[Value],
    ) -> Result<Value, SymbolizeError> {
        let full = format!("{PREFIX}{name}");
        let f = match self.module.get_function(&full) {
            Some(f) => f,
            None => {
                let ps: Vec<BasicMetadataTypeEnum> = params.iter().map(|&t| t.into()).collect();
                let ty = match ret {
                    Some(r) => r.fn_type(&ps, false),
                    None => self.ctx.void_type().fn_type(&ps, false),
                };
                self.module.add_function(&full, ty, None)
            }
        };
        let args = llvm::call_args(args);
        let c = self.b.build_call(f, &args, "").map_err(bad)?;
        Ok(c.as_value_ref())
    }

    fn c64(&self, v: u64) -> Value {
        self.ctx.i64_type().const_int(v, false).as_value_ref()
    }
    fn c32(&self, v: u64) -> Value {
        self.ctx.i32_type().const_int(v, false).as_value_ref()
    }

    fn string(&mut self, s: &str) -> Result<Value, SymbolizeError> {
        if let Some(&v) = self.strings.get(s) {
            return Ok(v);
        }
        let g = self
            .b
            .build_global_string_ptr(s, "kappa.str")
            .map_err(bad)?;
        let v = g.as_pointer_value().as_value_ref();
        self.strings.insert(s.to_string(), v);
        Ok(v)
    }

    /// The term of `v`: its term value if abstract, else the constant 0.
    fn term(&self, v: Value) -> Value {
        match self.terms.get(&v) {
            Some(&t) => t,
            None => self.c64(0),
        }
    }

    fn before(&self, i: Value) {
        self.b.position_before(&unsafe { InstructionValue::new(i) });
    }

    fn after(&self, i: Value) {
        let next = if llvm::opcode(i) == O::LLVMPHI {
            llvm::first_non_phi(unsafe { sys::LLVMGetInstructionParent(i) })
        } else {
            llvm::next_instruction(i)
        };
        self.before(next);
    }

    /// Lowers operand `k` of `i` (abstract): `lower` before `i`, whose
    /// concrete result replaces the operand.
    fn lower_operand(&mut self, i: Value, k: u32) -> Result<(), SymbolizeError> {
        let o = llvm::operand(i, k);
        let w = llvm::int_width(llvm::type_of(o)).expect("abstract values are integers");
        self.before(i);
        let c = self.call(
            &format!("lower.i{w}"),
            Some(self.int(w)),
            &[self.int(w), self.i64t()],
            &[o, self.term(o)],
        )?;
        unsafe { sys::LLVMSetOperand(i, k, c) };
        self.stats.lowered += 1;
        Ok(())
    }

    fn lower_abstract_operands(&mut self, i: Value, upto: u32) -> Result<(), SymbolizeError> {
        for k in 0..upto {
            if self.a.is_abstract(llvm::operand(i, k)) {
                self.lower_operand(i, k)?;
            }
        }
        Ok(())
    }

    /// The term of `arg` to argument slot `k` (at the builder's position).
    fn set_arg(&self, k: u32, arg: Value) -> Result<(), SymbolizeError> {
        self.call(
            "set_arg",
            None,
            &[self.int(32), self.i64t()],
            &[self.c32(k as u64), self.term(arg)],
        )?;
        Ok(())
    }

    fn unsupported(&mut self, i: Value, msg: &str) -> Result<(), SymbolizeError> {
        self.before(i);
        let s = self.string(msg)?;
        self.call("unsupported", None, &[self.ptrt()], &[s])?;
        self.stats.unsupported_sites += 1;
        Ok(())
    }

    /// Runs phase 1 over every defined function.
    pub(crate) fn run(&mut self) -> Result<(), SymbolizeError> {
        let funcs = llvm::functions(self.module.as_mut_ptr());
        for &f in &funcs {
            let name = llvm::value_name(f);
            if !llvm::is_declaration(f) {
                continue;
            }
            if name == "reach_error" {
                self.give_body(f, false)?;
            } else if crate::analysis::is_input_function(&name) {
                // the concrete member of an input (its term comes from
                // `input`); other types end the path before the call
                self.give_body(f, true)?;
            }
        }
        for f in funcs {
            let name = llvm::value_name(f);
            if llvm::is_declaration(f)
                || name.starts_with(PREFIX)
                || crate::analysis::is_input_function(&name)
            {
                continue;
            }
            self.function(f)?;
        }
        Ok(())
    }

    /// A body for a declared function: `ret 0` (`zero`) or `unreachable`
    /// (reach_error, whose entry is instrumented like a defined one's). An
    /// integer `__VERIFIER_nondet_*` returns the concrete member of its input
    /// instead (`value`: the run's given value in the concolic domain, else 0).
    fn give_body(&mut self, f: Value, zero: bool) -> Result<(), SymbolizeError> {
        let fv = unsafe { inkwell::values::FunctionValue::new(f) }.expect("a function");
        let bb = self.ctx.append_basic_block(fv, "entry");
        self.b.position_at_end(bb);
        let nondet_width = (zero && classify(f) == Callee::NondetInt)
            .then(|| llvm::int_width(llvm::return_type(f)))
            .flatten();
        if let Some(w) = nondet_width {
            let v = self.call(&format!("value.i{w}"), Some(self.int(w)), &[], &[])?;
            let v = unsafe { inkwell::values::BasicValueEnum::new(v) };
            self.b.build_return(Some(&v)).map_err(bad)?;
        } else if zero {
            let rt = llvm::return_type(f);
            if unsafe { sys::LLVMGetTypeKind(rt) }
                == inkwell::llvm_sys::LLVMTypeKind::LLVMVoidTypeKind
            {
                self.b.build_return(None).map_err(bad)?;
            } else {
                let z = unsafe { sys::LLVMConstNull(rt) };
                let z = unsafe { inkwell::values::BasicValueEnum::new(z) };
                self.b.build_return(Some(&z)).map_err(bad)?;
            }
        } else {
            self.b.build_unreachable().map_err(bad)?;
        }
        fv.set_linkage(inkwell::module::Linkage::Internal);
        Ok(())
    }

    fn function(&mut self, f: Value) -> Result<(), SymbolizeError> {
        self.terms.clear();
        self.addrs.clear();
        self.frame.clear();
        self.stats.functions += 1;
        let entry = unsafe { sys::LLVMGetEntryBasicBlock(f) };
        let first = llvm::first_non_phi(entry);
        self.before(first);
        if llvm::value_name(f) == "reach_error" {
            self.call("error", None, &[], &[])?;
        }
        if llvm::value_name(f) == "main" && self.has_symbolic_addresses() {
            self.register_globals()?;
            self.before(first);
        }
        self.byval_entry(f)?;
        for k in 0..llvm::count_params(f) {
            let p = llvm::param(f, k);
            if self.a.is_abstract(p) {
                let t = self.call(
                    "get_arg",
                    Some(self.i64t()),
                    &[self.int(32)],
                    &[self.c32(k as u64)],
                )?;
                self.terms.insert(p, t);
            }
        }
        let order = llvm::reverse_post_order(f);
        // term phis first: their incoming terms may be defined later in the order
        let mut phis = vec![];
        for &bb in &order {
            for i in llvm::instructions(bb) {
                if llvm::opcode(i) == O::LLVMPHI && self.a.is_abstract(i) {
                    self.before(i);
                    let p = self.b.build_phi(self.ctx.i64_type(), "t").map_err(bad)?;
                    self.terms.insert(i, p.as_value_ref());
                    phis.push((i, p));
                }
            }
        }
        for &bb in &order {
            for i in llvm::instructions(bb) {
                self.instruction(f, i)?;
            }
        }
        for (i, p) in phis {
            for (v, from) in llvm::incoming(i) {
                let mut t = self.term(v);
                let mut from = from;
                unsafe { sys::LLVMAddIncoming(p.as_value_ref(), &mut t, &mut from, 1) };
            }
        }
        self.frame_exits(f)?;
        self.forget_frame(f)
    }

    fn instruction(&mut self, f: Value, i: Value) -> Result<(), SymbolizeError> {
        let op = llvm::opcode(i);
        let marked = self.a.is_abstract(i);
        let width = |v: Value| llvm::int_width(llvm::type_of(v));
        match op {
            O::LLVMPHI => return Ok(()),
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
                if marked =>
            {
                self.abstract_binop(i, op)?
            }
            O::LLVMICmp if marked => self.abstract_icmp(i)?,
            O::LLVMZExt | O::LLVMSExt | O::LLVMTrunc if marked => self.abstract_cast(i, op)?,
            O::LLVMFreeze if marked => {
                let t = self.term(llvm::operand(i, 0));
                self.terms.insert(i, t);
            }
            O::LLVMSelect if marked => return self.abstract_select(i),
            O::LLVMGetElementPtr if self.a.symbolic_addresses.contains(&i) => {
                self.symbolic_gep(i)?;
            }
            O::LLVMLoad if self.addrs.contains_key(&llvm::operand(i, 0)) => {
                self.symbolic_load(i)?;
            }
            O::LLVMStore if self.addrs.contains_key(&llvm::operand(i, 1)) => {
                self.symbolic_store(i)?;
            }
            O::LLVMLoad if marked => {
                let p = llvm::operand(i, 0);
                let w = width(i).expect("marked");
                self.after(i);
                let t = self.call(
                    &format!("thaw.i{w}"),
                    Some(self.i64t()),
                    &[self.ptrt()],
                    &[p],
                )?;
                self.terms.insert(i, t);
                self.stats.thaws += 1;
            }
            O::LLVMLoad if self.a.memory => {
                let p = llvm::operand(i, 0);
                let size = self
                    .td
                    .get_store_size(&unsafe { inkwell::types::AnyTypeEnum::new(llvm::type_of(i)) });
                self.before(i);
                self.call(
                    "check",
                    None,
                    &[self.ptrt(), self.i64t()],
                    &[p, self.c64(size)],
                )?;
            }
            O::LLVMStore => self.store(i)?,
            O::LLVMAlloca if self.a.memory || self.has_symbolic_addresses() => self.alloca(i)?,
            O::LLVMCall => self.call_site(i)?,
            O::LLVMRet => {
                if self.a.returns.contains(&f) {
                    let t = if llvm::num_operands(i) == 1 {
                        self.term(llvm::operand(i, 0))
                    } else {
                        self.c64(0)
                    };
                    self.before(i);
                    self.call("set_ret", None, &[self.i64t()], &[t])?;
                }
            }
            O::LLVMBr => self.branch(i)?,
            O::LLVMAtomicRMW | O::LLVMAtomicCmpXchg | O::LLVMVAArg if self.a.memory => {
                // reads memory the runtime cannot follow: fine only if no term is there
                let n = llvm::num_operands(i);
                self.lower_abstract_operands(i, n)?;
                let p = llvm::operand(i, 0);
                self.before(i);
                self.call(
                    "check",
                    None,
                    &[self.ptrt(), self.i64t()],
                    &[p, self.c64(16)],
                )?;
            }
            O::LLVMInvoke | O::LLVMCallBr => {
                if llvm::operands(i).iter().any(|&o| self.a.is_abstract(o)) {
                    return self.unsupported(i, "invoke with an abstract operand");
                }
            }
            _ => {
                // anything else consumes its abstract operands concretely
                let n = llvm::num_operands(i);
                self.lower_abstract_operands(i, n)?;
            }
        }
        Ok(())
    }

    /// An arithmetic, bitwise or shift instruction on a term: the runtime's
    /// `binop` builds its term (a divisor that would trap concretely is
    /// replaced when the operation is on terms; see the comments).
    fn abstract_binop(&mut self, i: Value, op: O) -> Result<(), SymbolizeError> {
        let width = |v: Value| llvm::int_width(llvm::type_of(v));
        let code = match op {
            O::LLVMAdd => abi::binop::ADD,
            O::LLVMSub => abi::binop::SUB,
            O::LLVMMul => abi::binop::MUL,
            O::LLVMUDiv => abi::binop::UDIV,
            O::LLVMSDiv => abi::binop::SDIV,
            O::LLVMURem => abi::binop::UREM,
            O::LLVMSRem => abi::binop::SREM,
            O::LLVMShl => abi::binop::SHL,
            O::LLVMLShr => abi::binop::LSHR,
            O::LLVMAShr => abi::binop::ASHR,
            O::LLVMAnd => abi::binop::AND,
            O::LLVMOr => abi::binop::OR,
            _ => abi::binop::XOR,
        };
        let (x, y) = (llvm::operand(i, 0), llvm::operand(i, 1));
        let w = width(i).expect("marked");
        let (tx, ty) = (self.term(x), self.term(y));
        if matches!(op, O::LLVMUDiv | O::LLVMSDiv | O::LLVMURem | O::LLVMSRem) {
            // the concrete division must not trap on a garbage divisor
            self.before(i);
            let any = self
                .b
                .build_or(IntValue::new_raw(tx), IntValue::new_raw(ty), "")
                .map_err(bad)?;
            let is_term = self
                .b
                .build_int_compare(
                    inkwell::IntPredicate::NE,
                    any,
                    self.ctx.i64_type().const_zero(),
                    "",
                )
                .map_err(bad)?;
            // only a divisor that would trap is replaced: otherwise
            // the concrete member stays the true quotient, which the
            // concolic domain relies on (a real zero divisor ends the
            // path in the runtime's check right after)
            let ity = self.ctx.custom_width_int_type(w);
            let (xv, yv) = (IntValue::new_raw(x), IntValue::new_raw(y));
            let eq = |a: IntValue<'ctx>, v: u64| {
                self.b
                    .build_int_compare(inkwell::IntPredicate::EQ, a, ity.const_int(v, false), "")
            };
            let mut trap = eq(yv, 0).map_err(bad)?;
            if matches!(op, O::LLVMSDiv | O::LLVMSRem) {
                let min = eq(xv, 1u64 << (w - 1)).map_err(bad)?;
                let m1 = eq(yv, u64::MAX >> (64 - w)).map_err(bad)?;
                let both = self.b.build_and(min, m1, "").map_err(bad)?;
                trap = self.b.build_or(trap, both, "").map_err(bad)?;
            }
            let guard = self.b.build_and(is_term, trap, "").map_err(bad)?;
            let one = ity.const_int(1, false);
            let safe = self.b.build_select(guard, one, yv, "").map_err(bad)?;
            unsafe { sys::LLVMSetOperand(i, 1, safe.as_value_ref()) };
        }
        self.after(i);
        let t = self.call(
            &format!("binop.{}.i{w}", abi::binop::NAMES[code as usize]),
            Some(self.i64t()),
            &[self.int(w), self.i64t(), self.int(w), self.i64t()],
            &[x, tx, y, ty],
        )?;
        self.terms.insert(i, t);
        self.stats.abstract_instructions += 1;
        Ok(())
    }

    /// An integer comparison on a term: the runtime's `icmp` builds its term.
    fn abstract_icmp(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let width = |v: Value| llvm::int_width(llvm::type_of(v));

        use inkwell::llvm_sys::LLVMIntPredicate as P;
        let code = match llvm::icmp_predicate(i) {
            P::LLVMIntEQ => abi::icmp::EQ,
            P::LLVMIntNE => abi::icmp::NE,
            P::LLVMIntUGT => abi::icmp::UGT,
            P::LLVMIntUGE => abi::icmp::UGE,
            P::LLVMIntULT => abi::icmp::ULT,
            P::LLVMIntULE => abi::icmp::ULE,
            P::LLVMIntSGT => abi::icmp::SGT,
            P::LLVMIntSGE => abi::icmp::SGE,
            P::LLVMIntSLT => abi::icmp::SLT,
            P::LLVMIntSLE => abi::icmp::SLE,
        };
        let (x, y) = (llvm::operand(i, 0), llvm::operand(i, 1));
        let w = width(x).expect("marked");
        self.after(i);
        let t = self.call(
            &format!("icmp.{}.i{w}", abi::icmp::NAMES[code as usize]),
            Some(self.i64t()),
            &[self.int(w), self.i64t(), self.int(w), self.i64t()],
            &[x, self.term(x), y, self.term(y)],
        )?;
        self.terms.insert(i, t);
        self.stats.abstract_instructions += 1;
        Ok(())
    }

    /// A zero/sign extension or truncation of a term.
    fn abstract_cast(&mut self, i: Value, op: O) -> Result<(), SymbolizeError> {
        let width = |v: Value| llvm::int_width(llvm::type_of(v));

        let kind = match op {
            O::LLVMZExt => abi::cast::ZEXT,
            O::LLVMSExt => abi::cast::SEXT,
            _ => abi::cast::TRUNC,
        };
        let x = llvm::operand(i, 0);
        let (from, to) = (width(x).expect("marked"), width(i).expect("marked"));
        self.after(i);
        let t = self.call(
            &format!("cast.{}.i{from}.i{to}", abi::cast::NAMES[kind as usize]),
            Some(self.i64t()),
            &[self.int(from), self.i64t()],
            &[x, self.term(x)],
        )?;
        self.terms.insert(i, t);
        self.stats.abstract_instructions += 1;
        Ok(())
    }

    /// A select on a term (condition or operands).
    fn abstract_select(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let width = |v: Value| llvm::int_width(llvm::type_of(v));

        let (c, x, y) = (
            llvm::operand(i, 0),
            llvm::operand(i, 1),
            llvm::operand(i, 2),
        );
        if width(c) != Some(1) {
            // vector select: not produced at -O0
            return self.unsupported(i, "select on a vector condition");
        }
        let w = width(i).expect("marked");
        self.after(i);
        let t = self.call(
            &format!("select.i{w}"),
            Some(self.i64t()),
            &[
                self.int(1),
                self.i64t(),
                self.int(w),
                self.i64t(),
                self.int(w),
                self.i64t(),
            ],
            &[c, self.term(c), x, self.term(x), y, self.term(y)],
        )?;
        self.terms.insert(i, t);
        self.stats.abstract_instructions += 1;
        Ok(())
    }

    /// A store: when terms may reach memory, the stored value's term is
    /// frozen at the address (an integer), or the bytes cleared (anything
    /// else).
    fn store(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let width = |v: Value| llvm::int_width(llvm::type_of(v));

        let (v, p) = (llvm::operand(i, 0), llvm::operand(i, 1));
        if !self.a.memory {
            return Ok(());
        }
        self.after(i);
        match width(v) {
            Some(w) => {
                self.call(
                    &format!("freeze.i{w}"),
                    None,
                    &[self.ptrt(), self.i64t()],
                    &[p, self.term(v)],
                )?;
                self.stats.freezes += 1;
            }
            None => {
                let size = self
                    .td
                    .get_store_size(&unsafe { inkwell::types::AnyTypeEnum::new(llvm::type_of(v)) });
                self.call(
                    "clear",
                    None,
                    &[self.ptrt(), self.i64t()],
                    &[p, self.c64(size)],
                )?;
            }
        }
        Ok(())
    }

    /// A stack allocation: registered for symbolic addresses, and its bytes
    /// cleared when terms may reach memory (a VLA's count made concrete).
    fn alloca(&mut self, i: Value) -> Result<(), SymbolizeError> {
        // an abstract count (a VLA of input size) must be concrete
        self.lower_abstract_operands(i, 1)?;
        if self.has_symbolic_addresses() {
            self.register_alloca(i)?;
        }
        let n = llvm::operand(i, 0);
        if !llvm::is_constant(n) || !self.a.memory {
            // a VLA: its bytes are cleared by the stores that fill it
            return Ok(());
        }
        let ty = unsafe { sys::LLVMGetAllocatedType(i) };
        let elem = self
            .td
            .get_store_size(&unsafe { inkwell::types::AnyTypeEnum::new(ty) });
        let count = unsafe { sys::LLVMConstIntGetZExtValue(n) };
        self.after(i);
        self.call(
            "clear",
            None,
            &[self.ptrt(), self.i64t()],
            &[i, self.c64(elem.saturating_mul(count))],
        )?;
        Ok(())
    }

    /// A conditional branch on a term becomes the runtime's choice.
    fn branch(&mut self, i: Value) -> Result<(), SymbolizeError> {
        if llvm::num_operands(i) == 3 {
            let c = llvm::operand(i, 0);
            if self.a.is_abstract(c) {
                self.before(i);
                let ch = self.call(
                    "choose",
                    Some(self.int(1)),
                    &[self.int(1), self.i64t()],
                    &[c, self.term(c)],
                )?;
                unsafe { sys::LLVMSetOperand(i, 0, ch) };
                self.stats.choices += 1;
            }
        }
        Ok(())
    }

    fn call_site(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let nargs = llvm::num_call_args(i);
        let marked = self.a.is_abstract(i);
        if llvm::calls_inline_asm(i) {
            return self.unsupported(i, "inline assembly");
        }
        self.byval_args(i)?;
        let Some(g) = llvm::called_function(i) else {
            self.indirect_target(i)?;
            self.indirect_args(i, nargs)?;
            if marked {
                self.before(i);
                self.call("set_ret", None, &[self.i64t()], &[self.c64(0)])?;
                self.after(i);
                let t = self.call("get_ret", Some(self.i64t()), &[], &[])?;
                self.terms.insert(i, t);
            }
            return Ok(());
        };
        let name = llvm::value_name(g);
        if name.starts_with(PREFIX) {
            return Ok(());
        }
        match classify(g) {
            Callee::NondetInt => {
                let w = llvm::int_width(llvm::type_of(i)).expect("integer nondet");
                let s = self.string(&name)?;
                self.after(i);
                let t = self.call(
                    &format!("input.i{w}"),
                    Some(self.i64t()),
                    &[self.ptrt()],
                    &[s],
                )?;
                self.terms.insert(i, t);
                self.stats.inputs += 1;
            }
            Callee::NondetOther => {
                self.unsupported(i, &format!("`{name}`: only integer inputs are supported"))?;
            }
            Callee::Assume => {
                if nargs >= 1 {
                    let c = llvm::operand(i, 0);
                    if let Some(w) = llvm::int_width(llvm::type_of(c)) {
                        self.before(i);
                        self.call(
                            &format!("assume.i{w}"),
                            None,
                            &[self.int(w), self.i64t()],
                            &[c, self.term(c)],
                        )?;
                        unsafe { sys::LLVMInstructionEraseFromParent(i) };
                        return Ok(());
                    }
                }
                self.lower_abstract_operands(i, nargs)?;
            }
            Callee::Halt => {
                self.lower_abstract_operands(i, nargs)?;
                self.before(i);
                self.call("halt", None, &[], &[])?;
            }
            Callee::Free => {
                self.lower_abstract_operands(i, nargs)?;
                if self.a.memory || self.has_symbolic_addresses() {
                    self.before(i);
                    self.call("free", None, &[self.ptrt()], &[llvm::operand(i, 0)])?;
                }
            }
            Callee::MemSet | Callee::MemCopy => {
                self.lower_abstract_operands(i, nargs)?;
                if self.a.memory {
                    let len = llvm::operand(i, 2);
                    self.after(i);
                    let len64 = self
                        .b
                        .build_int_z_extend_or_bit_cast(
                            IntValue::new_raw(len),
                            self.ctx.i64_type(),
                            "",
                        )
                        .map_err(bad)?
                        .as_value_ref();
                    if classify(g) == Callee::MemSet {
                        self.call(
                            "clear",
                            None,
                            &[self.ptrt(), self.i64t()],
                            &[llvm::operand(i, 0), len64],
                        )?;
                    } else {
                        self.call(
                            "memcpy",
                            None,
                            &[self.ptrt(), self.ptrt(), self.i64t()],
                            &[llvm::operand(i, 0), llvm::operand(i, 1), len64],
                        )?;
                    }
                }
            }
            Callee::KnownMemory => {
                self.lower_abstract_operands(i, nargs)?;
                if self.a.memory {
                    let s = self.string(&name)?;
                    self.before(i);
                    self.call("guard", None, &[self.ptrt()], &[s])?;
                }
                if self.has_symbolic_addresses() {
                    self.register_allocation(i, &name)?;
                }
            }
            Callee::Ignored => {}
            Callee::Intrinsic | Callee::KnownPure | Callee::Exit => {
                self.lower_abstract_operands(i, nargs)?;
                if self.has_symbolic_addresses() {
                    self.register_allocation(i, &name)?;
                }
            }
            Callee::Unknown => {
                self.lower_abstract_operands(i, nargs)?;
                self.unsupported(i, &format!("call to external function `{name}`"))?;
            }
            Callee::Defined | Callee::ReachError => {
                let np = llvm::count_params(g);
                for k in 0..nargs {
                    let arg = llvm::operand(i, k);
                    let p_abs = k < np && self.a.is_abstract(llvm::param(g, k));
                    if p_abs {
                        self.before(i);
                        self.set_arg(k, arg)?;
                    } else if self.a.is_abstract(arg) {
                        self.lower_operand(i, k)?;
                    }
                }
                if marked {
                    self.after(i);
                    let t = self.call("get_ret", Some(self.i64t()), &[], &[])?;
                    self.terms.insert(i, t);
                }
            }
        }
        Ok(())
    }
}

/// Test helper: symbolizes the IR text `src`; the figures and the
/// transformed module's text.
#[cfg(test)]
pub(crate) fn symbolized(src: &str) -> (Stats, String) {
    let ctx = Context::create();
    let buf =
        inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(src.as_bytes(), "t");
    let m = ctx.create_module_from_ir(buf).expect("parses");
    let st = crate::symbolize(&ctx, &m).expect("symbolizes and verifies");
    (st, m.print_to_string().to_string())
}

/// Raw-handle constructor shortcut.
trait NewRaw {
    fn new_raw(v: Value) -> Self;
}
impl NewRaw for IntValue<'_> {
    fn new_raw(v: Value) -> Self {
        unsafe { IntValue::new(v) }
    }
}
