//! Phase 2, realisation: every call to a phase-1 intrinsic
//! `__kappa_abstract.OP.TYPES` becomes a call into the runtime's flat C ABI
//! (`__kappa_binop(op, width, ca, ta, cb, tb)` and friends; concrete
//! operands widened to `i64`, results truncated back), for the top-level
//! domain: the disjoint union of concrete values and terms.

use crate::abstraction::PREFIX;
use crate::llvm::{self, Value};
use crate::SymbolizeError;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::llvm_sys::core as sys;
use inkwell::module::Module;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{AsValueRef, InstructionValue, IntValue};
use kappa_runtime::abi;

fn bad(e: impl std::fmt::Display) -> SymbolizeError {
    SymbolizeError::Internal(e.to_string())
}

struct Phase2<'a, 'ctx> {
    ctx: &'ctx Context,
    module: &'a Module<'ctx>,
    b: Builder<'ctx>,
}

/// Width from a `iN` name part.
fn w(part: &str) -> Result<u32, SymbolizeError> {
    part.strip_prefix('i')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| SymbolizeError::Internal(format!("bad intrinsic type `{part}`")))
}

fn code(names: &[&str], n: &str) -> Result<u64, SymbolizeError> {
    names
        .iter()
        .position(|x| *x == n)
        .map(|p| p as u64)
        .ok_or_else(|| SymbolizeError::Internal(format!("unknown operation `{n}`")))
}

impl<'ctx> Phase2<'_, 'ctx> {
    fn i64t(&self) -> BasicTypeEnum<'ctx> {
        self.ctx.i64_type().into()
    }
    fn i32t(&self) -> BasicTypeEnum<'ctx> {
        self.ctx.i32_type().into()
    }
    fn ptrt(&self) -> BasicTypeEnum<'ctx> {
        self.ctx.ptr_type(inkwell::AddressSpace::default()).into()
    }
    fn c32(&self, v: u64) -> Value {
        self.ctx.i32_type().const_int(v, false).as_value_ref()
    }

    /// Calls runtime function `name` with the given signature.
    fn rt(
        &self,
        name: &str,
        ret: Option<BasicTypeEnum<'ctx>>,
        params: &[BasicTypeEnum<'ctx>],
        args: &[Value],
    ) -> Result<Value, SymbolizeError> {
        let f = match self.module.get_function(name) {
            Some(f) => f,
            None => {
                let ps: Vec<BasicMetadataTypeEnum> = params.iter().map(|&t| t.into()).collect();
                let ty = match ret {
                    Some(r) => r.fn_type(&ps, false),
                    None => self.ctx.void_type().fn_type(&ps, false),
                };
                self.module.add_function(name, ty, None)
            }
        };
        let args = llvm::call_args(args);
        Ok(self.b.build_call(f, &args, "").map_err(bad)?.as_value_ref())
    }

    /// `v` (an integer of at most 64 bits) zero-extended to i64.
    fn wide(&self, v: Value) -> Result<Value, SymbolizeError> {
        Ok(self
            .b
            .build_int_z_extend_or_bit_cast(unsafe { IntValue::new(v) }, self.ctx.i64_type(), "")
            .map_err(bad)?
            .as_value_ref())
    }

    fn narrow(&self, v: Value, width: u32) -> Result<Value, SymbolizeError> {
        Ok(self
            .b
            .build_int_truncate_or_bit_cast(
                unsafe { IntValue::new(v) },
                self.ctx.custom_width_int_type(width),
                "",
            )
            .map_err(bad)?
            .as_value_ref())
    }

    /// Replaces one call of a phase-1 intrinsic.
    fn realise(&self, call: Value, name: &str) -> Result<(), SymbolizeError> {
        let parts: Vec<&str> = name.split('.').collect();
        self.b
            .position_before(&unsafe { InstructionValue::new(call) });
        let res = match self.realise_term(call, &parts)? {
            Some(res) => res,
            None => self.realise_runtime(call, &parts)?,
        };
        unsafe {
            if let Some(r) = res {
                sys::LLVMReplaceAllUsesWith(call, r);
            }
            sys::LLVMInstructionEraseFromParent(call);
        }
        Ok(())
    }

    /// The intrinsics that compute terms (operations, choices, inputs,
    /// lowering): the replacement's result (`None` for a call without one),
    /// or `None` when `parts` names another intrinsic.
    fn realise_term(
        &self,
        call: Value,
        parts: &[&str],
    ) -> Result<Option<Option<Value>>, SymbolizeError> {
        let arg = |k: u32| llvm::operand(call, k);
        let (i64t, i32t, ptrt) = (self.i64t(), self.i32t(), self.ptrt());
        let res: Option<Value> = match parts[0] {
            "binop" | "icmp" => {
                let (names, rt): (&[&str], _) = if parts[0] == "binop" {
                    (&abi::binop::NAMES, "__kappa_binop")
                } else {
                    (&abi::icmp::NAMES, "__kappa_icmp")
                };
                let op = code(names, parts[1])?;
                let width = w(parts[2])?;
                let args = [
                    self.c32(op),
                    self.c32(width as u64),
                    self.wide(arg(0))?,
                    arg(1),
                    self.wide(arg(2))?,
                    arg(3),
                ];
                Some(self.rt(rt, Some(i64t), &[i32t, i32t, i64t, i64t, i64t, i64t], &args)?)
            }
            "cast" => {
                let kind = code(&abi::cast::NAMES, parts[1])?;
                let (from, to) = (w(parts[2])?, w(parts[3])?);
                let args = [
                    self.c32(kind),
                    self.c32(from as u64),
                    self.c32(to as u64),
                    self.wide(arg(0))?,
                    arg(1),
                ];
                Some(self.rt(
                    "__kappa_cast",
                    Some(i64t),
                    &[i32t, i32t, i32t, i64t, i64t],
                    &args,
                )?)
            }
            "select" => {
                let width = w(parts[1])?;
                let args = [
                    self.c32(width as u64),
                    self.wide(arg(0))?,
                    arg(1),
                    self.wide(arg(2))?,
                    arg(3),
                    self.wide(arg(4))?,
                    arg(5),
                ];
                Some(self.rt(
                    "__kappa_select",
                    Some(i64t),
                    &[i32t, i64t, i64t, i64t, i64t, i64t, i64t],
                    &args,
                )?)
            }
            "choose" => {
                let args = [self.wide(arg(0))?, arg(1)];
                let r = self.rt("__kappa_choose", Some(i32t), &[i64t, i64t], &args)?;
                Some(self.narrow(r, 1)?)
            }
            "assume" => {
                let width = w(parts[1])?;
                let args = [self.c32(width as u64), self.wide(arg(0))?, arg(1)];
                self.rt("__kappa_assume", None, &[i32t, i64t, i64t], &args)?;
                None
            }
            "lower" => {
                let width = w(parts[1])?;
                let args = [self.c32(width as u64), self.wide(arg(0))?, arg(1)];
                let r = self.rt("__kappa_lower", Some(i64t), &[i32t, i64t, i64t], &args)?;
                Some(self.narrow(r, width)?)
            }
            "lower_unless" => {
                let width = w(parts[1])?;
                let args = [
                    self.wide(arg(0))?,
                    self.c32(width as u64),
                    self.wide(arg(1))?,
                    arg(2),
                ];
                let r = self.rt(
                    "__kappa_lower_unless",
                    Some(i64t),
                    &[i64t, i32t, i64t, i64t],
                    &args,
                )?;
                Some(self.narrow(r, width)?)
            }
            "input" => {
                let width = w(parts[1])?;
                let args = [self.c32(width as u64), arg(0)];
                Some(self.rt("__kappa_input", Some(i64t), &[i32t, ptrt], &args)?)
            }
            "value" => {
                let width = w(parts[1])?;
                let r = self.rt(
                    "__kappa_value",
                    Some(i64t),
                    &[i32t],
                    &[self.c32(width as u64)],
                )?;
                Some(self.narrow(r, width)?)
            }
            _ => return Ok(None),
        };
        Ok(Some(res))
    }

    /// The intrinsics of memory, calls and frames: the replacement's result
    /// (`None` for a call without one); an unknown name is an internal
    /// error.
    fn realise_runtime(
        &self,
        call: Value,
        parts: &[&str],
    ) -> Result<Option<Value>, SymbolizeError> {
        let arg = |k: u32| llvm::operand(call, k);
        let (i64t, i32t, ptrt) = (self.i64t(), self.i32t(), self.ptrt());
        Ok(match parts[0] {
            "thaw" => {
                let width = w(parts[1])?;
                let args = [arg(0), self.c32(width as u64)];
                Some(self.rt("__kappa_thaw", Some(i64t), &[ptrt, i32t], &args)?)
            }
            "freeze" => {
                let width = w(parts[1])?;
                let args = [arg(0), self.c32(width as u64), arg(1)];
                self.rt("__kappa_freeze", None, &[ptrt, i32t, i64t], &args)?;
                None
            }
            "clear" | "check" => {
                let rt = format!("__kappa_{}", parts[0]);
                self.rt(&rt, None, &[ptrt, i64t], &[arg(0), arg(1)])?;
                None
            }
            "memcpy" => {
                self.rt(
                    "__kappa_memcpy",
                    None,
                    &[ptrt, ptrt, i64t],
                    &[arg(0), arg(1), arg(2)],
                )?;
                None
            }
            "offset" => {
                let width = w(parts[1])?;
                let args = [
                    arg(0),
                    arg(1),
                    self.c32(width as u64),
                    self.wide(arg(2))?,
                    arg(3),
                    arg(4),
                ];
                Some(self.rt(
                    "__kappa_offset",
                    Some(i64t),
                    &[i32t, i64t, i32t, i64t, i64t, i64t],
                    &args,
                )?)
            }
            "sym_addr" => Some(self.rt(
                "__kappa_sym_addr",
                Some(ptrt),
                &[ptrt, i64t, i32t, i32t, ptrt, i64t],
                &[arg(0), arg(1), arg(2), arg(3), arg(4), arg(5)],
            )?),
            "sym_load" => {
                let width = w(parts[1])?;
                let args = [arg(0), self.c32(width as u64)];
                Some(self.rt("__kappa_sym_load", Some(i64t), &[ptrt, i32t], &args)?)
            }
            "sym_store" => {
                let width = w(parts[1])?;
                let args = [arg(0), self.c32(width as u64), self.wide(arg(1))?, arg(2)];
                self.rt("__kappa_sym_store", None, &[ptrt, i32t, i64t, i64t], &args)?;
                None
            }
            "byval_arg" => {
                let args = [self.wide(arg(0))?, arg(1), arg(2), arg(3), arg(4)];
                self.rt(
                    "__kappa_byval_arg",
                    None,
                    &[i64t, i32t, ptrt, i64t, ptrt],
                    &args,
                )?;
                None
            }
            "indirect" => {
                let args = [self.wide(arg(0))?, self.wide(arg(1))?, arg(2)];
                self.rt("__kappa_indirect", None, &[i64t, i64t, ptrt], &args)?;
                None
            }
            "frame_exit" => {
                self.rt("__kappa_frame_exit", None, &[ptrt, ptrt], &[arg(0), arg(1)])?;
                None
            }
            "byval_param" => {
                self.rt(
                    "__kappa_byval_param",
                    None,
                    &[i32t, ptrt, i64t, ptrt],
                    &[arg(0), arg(1), arg(2), arg(3)],
                )?;
                None
            }
            "object" => {
                self.rt("__kappa_object", None, &[ptrt, i64t], &[arg(0), arg(1)])?;
                None
            }
            "free" | "forget" | "guard" | "unsupported" => {
                let rt = format!("__kappa_{}", parts[0]);
                self.rt(&rt, None, &[ptrt], &[arg(0)])?;
                None
            }
            "error" | "halt" => {
                let rt = format!("__kappa_{}", parts[0]);
                self.rt(&rt, None, &[], &[])?;
                None
            }
            "set_arg" => {
                self.rt("__kappa_set_arg", None, &[i32t, i64t], &[arg(0), arg(1)])?;
                None
            }
            "get_arg" => Some(self.rt("__kappa_get_arg", Some(i64t), &[i32t], &[arg(0)])?),
            "set_ret" => {
                self.rt("__kappa_set_ret", None, &[i64t], &[arg(0)])?;
                None
            }
            "get_ret" => Some(self.rt("__kappa_get_ret", Some(i64t), &[], &[])?),
            other => {
                return Err(SymbolizeError::Internal(format!(
                    "unknown abstract intrinsic `{other}`"
                )))
            }
        })
    }
}

/// Runs phase 2 over `module`: no phase-1 intrinsic is left afterwards.
pub(crate) fn realise<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
) -> Result<(), SymbolizeError> {
    let p = Phase2 {
        ctx,
        module,
        b: ctx.create_builder(),
    };
    let raw = module.as_mut_ptr();
    for f in llvm::functions(raw) {
        if llvm::is_declaration(f) {
            continue;
        }
        for bb in llvm::blocks(f) {
            for i in llvm::instructions(bb) {
                if llvm::opcode(i) != llvm::Opcode::LLVMCall {
                    continue;
                }
                let Some(g) = llvm::called_function(i) else {
                    continue;
                };
                let name = llvm::value_name(g);
                if let Some(rest) = name.strip_prefix(PREFIX) {
                    p.realise(i, rest)?;
                }
            }
        }
    }
    // the intrinsic declarations are dead now
    for f in llvm::functions(raw) {
        if llvm::value_name(f).starts_with(PREFIX) {
            unsafe { sys::LLVMDeleteFunction(f) };
        }
    }
    Ok(())
}
