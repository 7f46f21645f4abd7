//! Phase 1 for addresses that are terms (see `kappa_runtime::objects`): a
//! `getelementptr` in the abstract set's `symbolic_addresses` gets a concrete
//! part (the same `getelementptr` with its abstract indices 0) and an offset
//! term (`offset`: the sum of the abstract indices times their strides);
//! loads and stores through it ask the runtime for the address to use
//! (`sym_addr`) and get or freeze their value through it (`sym_load`,
//! `sym_store`); the objects such addresses may point into are registered
//! (`object`, `forget`).

use super::{bad, Phase1};
use crate::llvm::{self, Value};
use crate::SymbolizeError;
use inkwell::llvm_sys::core as sys;
use inkwell::llvm_sys::LLVMTypeKind as K;
use inkwell::types::AnyTypeEnum;
use inkwell::values::{AsValueRef, IntValue};

/// A symbolic `getelementptr`: its address is `a0 + d`.
#[derive(Clone, Copy)]
pub(super) struct SymAddr {
    /// The concrete part (the `getelementptr` with abstract indices 0).
    a0: Value,
    /// The offset term (`i64`).
    d: Value,
    /// The array the outermost abstract index indexes, when it is a member
    /// of an aggregate (`gep %S, ptr %s, 0, field, %k`): its start, and its
    /// size in bytes; `None` for pointer arithmetic (`gep T, ptr %p, %k`),
    /// whose bounds only the runtime's registry knows.
    array: Option<(Value, u64)>,
}

impl Phase1<'_, '_> {
    /// Whether the module has any access at a term address (then objects
    /// are registered).
    pub(super) fn has_symbolic_addresses(&self) -> bool {
        !self.a.symbolic_addresses.is_empty()
    }

    fn ptr_bits(&self) -> u64 {
        self.td.get_pointer_byte_size(None) as u64 * 8
    }

    fn store_size(&self, ty: llvm::Type) -> u64 {
        self.td.get_store_size(&unsafe { AnyTypeEnum::new(ty) })
    }

    /// A `getelementptr` whose address is a term: records its concrete part
    /// and offset term (built before it); the instruction itself stays
    /// unused by the accesses.
    pub(super) fn symbolic_gep(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let base = llvm::operand(i, 0);
        let (base_ptr, mut d, mut array) = match self.addrs.get(&base) {
            Some(&s) => (s.a0, s.d, s.array),
            None => (base, self.c64(0), None),
        };
        let inherited = self.addrs.contains_key(&base);
        let mut first_abstract: Option<(usize, u64)> = None;
        let src = unsafe { sys::LLVMGetGEPSourceElementType(i) };
        let n = llvm::num_operands(i);
        let mut idx = vec![];
        let mut abstract_idx = vec![];
        let mut ty = src;
        for k in 1..n {
            let o = llvm::operand(i, k);
            let prev = ty;
            if k > 1 {
                ty = unsafe {
                    match sys::LLVMGetTypeKind(ty) {
                        K::LLVMArrayTypeKind | K::LLVMVectorTypeKind => sys::LLVMGetElementType(ty),
                        K::LLVMStructTypeKind => {
                            let f = sys::LLVMConstIntGetZExtValue(o) as u32;
                            sys::LLVMStructGetTypeAtIndex(ty, f)
                        }
                        _ => {
                            return Err(SymbolizeError::Internal(
                                "getelementptr into a non-aggregate type".into(),
                            ))
                        }
                    }
                };
            }
            if self.a.is_abstract(o) {
                if k > 1 && first_abstract.is_none() {
                    // the array being indexed (`ty` before stepping into it)
                    let size = self.td.get_abi_size(&unsafe { AnyTypeEnum::new(prev) });
                    first_abstract = Some((idx.len() + 1, size));
                }
                if k == 1 {
                    first_abstract = Some((0, 0));
                }
                let stride = self.td.get_abi_size(&unsafe { AnyTypeEnum::new(ty) });
                abstract_idx.push((o, stride));
                idx.push(unsafe { sys::LLVMConstNull(llvm::type_of(o)) });
            } else {
                idx.push(o);
            }
        }
        self.before(i);
        let a0 = unsafe {
            sys::LLVMBuildGEP2(
                self.b.as_mut_ptr(),
                src,
                base_ptr,
                idx.as_mut_ptr(),
                idx.len() as u32,
                c"".as_ptr(),
            )
        };
        if !inherited {
            if let Some((upto, size)) = first_abstract.filter(|&(upto, _)| upto > 0) {
                let start = unsafe {
                    sys::LLVMBuildGEP2(
                        self.b.as_mut_ptr(),
                        src,
                        base_ptr,
                        idx.as_mut_ptr(),
                        upto as u32,
                        c"".as_ptr(),
                    )
                };
                array = Some((start, size));
            }
        }
        let pw = self.ptr_bits();
        for (o, stride) in abstract_idx {
            let w = llvm::int_width(llvm::type_of(o)).expect("abstract values are integers");
            d = self.call(
                &format!("offset.i{w}"),
                Some(self.i64t()),
                &[
                    self.int(32),
                    self.i64t(),
                    self.int(w),
                    self.i64t(),
                    self.i64t(),
                ],
                &[self.c32(pw), d, o, self.term(o), self.c64(stride)],
            )?;
        }
        self.addrs.insert(i, SymAddr { a0, d, array });
        Ok(())
    }

    /// The address for an access of `size` bytes through the symbolic
    /// `getelementptr` `g`, asked before the instruction the builder is at.
    fn sym_addr(&mut self, g: Value, size: u64, store: bool) -> Result<Value, SymbolizeError> {
        let s = self.addrs[&g];
        let (lo, lsize) = match s.array {
            Some((lo, n)) => (lo, self.c64(n)),
            None => (
                unsafe { sys::LLVMConstNull(llvm::type_of(s.a0)) },
                self.c64(0),
            ),
        };
        self.call(
            "sym_addr",
            Some(self.ptrt()),
            &[
                self.ptrt(),
                self.i64t(),
                self.int(32),
                self.int(32),
                self.ptrt(),
                self.i64t(),
            ],
            &[s.a0, s.d, self.c32(size), self.c32(store as u64), lo, lsize],
        )
    }

    /// A load through a symbolic `getelementptr`.
    pub(super) fn symbolic_load(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let g = llvm::operand(i, 0);
        let w = llvm::int_width(llvm::type_of(i)).expect("an integer load");
        let size = self.store_size(llvm::type_of(i));
        self.before(i);
        let q = self.sym_addr(g, size, false)?;
        unsafe { sys::LLVMSetOperand(i, 0, q) };
        self.after(i);
        let t = self.call(
            &format!("sym_load.i{w}"),
            Some(self.i64t()),
            &[self.ptrt()],
            &[q],
        )?;
        self.terms.insert(i, t);
        self.stats.symbolic_accesses += 1;
        Ok(())
    }

    /// A store through a symbolic `getelementptr`.
    pub(super) fn symbolic_store(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let (v, g) = (llvm::operand(i, 0), llvm::operand(i, 1));
        let w = llvm::int_width(llvm::type_of(v)).expect("an integer store");
        let size = self.store_size(llvm::type_of(v));
        self.before(i);
        let q = self.sym_addr(g, size, true)?;
        self.call(
            &format!("sym_store.i{w}"),
            None,
            &[self.ptrt(), self.int(w), self.i64t()],
            &[q, v, self.term(v)],
        )?;
        unsafe { sys::LLVMSetOperand(i, 1, q) };
        self.stats.symbolic_accesses += 1;
        Ok(())
    }

    /// Registers `[p, p + size)` after the builder's position (`size` an
    /// integer value of any width).
    pub(super) fn object(&mut self, p: Value, size: Value) -> Result<(), SymbolizeError> {
        let size = self
            .b
            .build_int_z_extend_or_bit_cast(unsafe { IntValue::new(size) }, self.ctx.i64_type(), "")
            .map_err(bad)?
            .as_value_ref();
        self.call("object", None, &[self.ptrt(), self.i64t()], &[p, size])?;
        self.stats.objects += 1;
        Ok(())
    }

    /// After an alloca (its count already concrete): registers an aggregate
    /// or a VLA.
    pub(super) fn register_alloca(&mut self, i: Value) -> Result<(), SymbolizeError> {
        let n = llvm::operand(i, 0);
        let ty = unsafe { sys::LLVMGetAllocatedType(i) };
        let aggregate = matches!(
            unsafe { sys::LLVMGetTypeKind(ty) },
            K::LLVMArrayTypeKind | K::LLVMStructTypeKind
        );
        if !aggregate && llvm::is_constant(n) {
            return Ok(());
        }
        let elem = self.td.get_abi_size(&unsafe { AnyTypeEnum::new(ty) });
        let parent = unsafe { sys::LLVMGetInstructionParent(i) };
        let f = unsafe { sys::LLVMGetBasicBlockParent(parent) };
        if parent == unsafe { sys::LLVMGetEntryBasicBlock(f) } {
            self.frame.push(i);
        }
        self.after(i);
        let n64 = self
            .b
            .build_int_z_extend_or_bit_cast(unsafe { IntValue::new(n) }, self.ctx.i64_type(), "")
            .map_err(bad)?;
        let size = self
            .b
            .build_int_mul(n64, self.ctx.i64_type().const_int(elem, false), "")
            .map_err(bad)?;
        self.object(i, size.as_value_ref())
    }

    /// Before every `ret` of `f`: the objects of the entry block's allocas
    /// are forgotten (the frame is gone; its memory will hold other, maybe
    /// unregistered, locals).
    pub(super) fn forget_frame(&mut self, f: Value) -> Result<(), SymbolizeError> {
        if self.frame.is_empty() {
            return Ok(());
        }
        let frame = std::mem::take(&mut self.frame);
        for bb in llvm::blocks(f) {
            let t = llvm::terminator(bb);
            if t.is_null() || llvm::opcode(t) != llvm::Opcode::LLVMRet {
                continue;
            }
            self.before(t);
            for &a in &frame {
                self.call("forget", None, &[self.ptrt()], &[a])?;
            }
        }
        Ok(())
    }

    /// At the entry of `main` (builder positioned): registers the module's
    /// aggregate global variables.
    pub(super) fn register_globals(&mut self) -> Result<(), SymbolizeError> {
        for g in self.module.get_globals() {
            let gv = g.as_value_ref();
            let name = llvm::value_name(gv);
            if llvm::is_declaration(gv) || name.starts_with("llvm.") || name.starts_with("kappa.") {
                continue;
            }
            let ty = unsafe { sys::LLVMGlobalGetValueType(gv) };
            if !matches!(
                unsafe { sys::LLVMGetTypeKind(ty) },
                K::LLVMArrayTypeKind | K::LLVMStructTypeKind
            ) {
                continue;
            }
            let size = self.store_size(ty);
            self.object(gv, self.c64(size))?;
        }
        Ok(())
    }

    /// A call of an allocator (operands already lowered): `forget` the old
    /// block of `realloc` before, register the new block after.
    pub(super) fn register_allocation(
        &mut self,
        i: Value,
        name: &str,
    ) -> Result<(), SymbolizeError> {
        let nargs = llvm::num_call_args(i);
        let arg = |k: u32| (k < nargs).then(|| llvm::operand(i, k));
        let is_int = |v: Option<Value>| v.filter(|&v| llvm::int_width(llvm::type_of(v)).is_some());
        if !llvm::is_pointer(llvm::type_of(i)) {
            return Ok(());
        }
        match name {
            "malloc" | "valloc" => {
                let Some(n) = is_int(arg(0)) else {
                    return Ok(());
                };
                self.after(i);
                self.object(i, n)
            }
            "calloc" => {
                let (Some(a), Some(b)) = (is_int(arg(0)), is_int(arg(1))) else {
                    return Ok(());
                };
                self.after(i);
                let p = self
                    .b
                    .build_int_mul(unsafe { IntValue::new(a) }, unsafe { IntValue::new(b) }, "")
                    .map_err(bad)?;
                self.object(i, p.as_value_ref())
            }
            "realloc" => {
                let (Some(old), Some(n)) = (arg(0), is_int(arg(1))) else {
                    return Ok(());
                };
                self.before(i);
                self.call("forget", None, &[self.ptrt()], &[old])?;
                self.after(i);
                self.object(i, n)
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::abstraction::symbolized as run;

    const GRID: &str = r#"
target datalayout = "e-m:e-p:32:32-i64:64-n8:16:32-S128"
declare i32 @__VERIFIER_nondet_int()
declare ptr @malloc(i32)
@g = global [4 x [5 x i32]] zeroinitializer
define i32 @main() {
  %i = call i32 @__VERIFIER_nondet_int()
  %j = call i32 @__VERIFIER_nondet_int()
  %row = getelementptr inbounds [4 x [5 x i32]], ptr @g, i32 0, i32 %i
  %cell = getelementptr inbounds [5 x i32], ptr %row, i32 0, i32 %j
  store i32 7, ptr %cell
  %v = load i32, ptr %cell
  %h = call ptr @malloc(i32 40)
  %hp = getelementptr inbounds i32, ptr %h, i32 %i
  %w = load i32, ptr %hp
  %esc = getelementptr inbounds i32, ptr %h, i32 %j
  %pi = ptrtoint ptr %esc to i32
  %s = add i32 %v, %w
  %t = add i32 %s, %pi
  ret i32 %t
}
"#;

    #[test]
    fn symbolic_indices_become_offsets_and_registered_objects() {
        let (st, text) = run(GRID);
        // the store and load of the 2-D cell, the heap load; the escaping
        // getelementptr (its address is converted) lowers its index
        assert_eq!(st.symbolic_accesses, 3, "{text}");
        assert_eq!(st.lowered, 1, "{text}");
        // @g at main's entry, the malloc block
        assert_eq!(st.objects, 2, "{text}");
        assert!(st.memory, "a store at a term address writes terms");
        for f in [
            "@__kappa_offset(i32 32,",
            "@__kappa_sym_addr",
            "@__kappa_sym_load",
            "@__kappa_sym_store",
            "@__kappa_object(ptr @g, i64 80)",
        ] {
            assert!(text.contains(f), "{f} missing:\n{text}");
        }
        // the two indices of the nested getelementptrs: strides 20 and 4
        assert!(text.contains("i64 20)"), "{text}");
        assert!(text.contains("i64 4)"), "{text}");
    }

    #[test]
    fn a_vla_of_abstract_size_lowers_its_count_and_is_registered() {
        let src = r#"
declare i32 @__VERIFIER_nondet_int()
define i32 @main() {
  %n = call i32 @__VERIFIER_nondet_int()
  %a = alloca i32, i32 %n
  %k = call i32 @__VERIFIER_nondet_int()
  %p = getelementptr inbounds i32, ptr %a, i32 %k
  store i32 %n, ptr %p
  ret i32 0
}
"#;
        let (st, text) = run(src);
        assert_eq!(st.symbolic_accesses, 1, "{text}");
        assert_eq!(st.objects, 1, "{text}");
        assert!(text.contains("@__kappa_lower("), "{text}");
        assert!(
            !text.contains("alloca i32, i32 %n"),
            "count lowered:\n{text}"
        );
    }
}
