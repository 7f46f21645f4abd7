//! Sizes, alignments and field offsets of LLVM types under the module's data
//! layout (the C ABI of the chosen data model).

use llvm_ir::types::{FPType, NamedStructDef};
use llvm_ir::{Type, TypeRef};

/// Layout queries over one module.
pub struct Layout<'m> {
    /// The module (for its data layout and named struct definitions).
    pub m: &'m llvm_ir::Module,
    /// Pointer width in bits.
    pub ptr_bits: u32,
}

fn round_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

impl Layout<'_> {
    fn resolve<'a>(&'a self, t: &'a Type) -> Result<&'a Type, String> {
        match t {
            Type::NamedStructType { name } => match self.m.types.named_struct_def(name) {
                Some(NamedStructDef::Defined(d)) => Ok(d.as_ref()),
                _ => Err(format!("opaque struct type %{name}")),
            },
            other => Ok(other),
        }
    }

    /// The fields of a struct type and whether it is packed.
    pub fn struct_fields<'a>(&'a self, t: &'a Type) -> Result<(&'a [TypeRef], bool), String> {
        match self.resolve(t)? {
            Type::StructType {
                element_types,
                is_packed,
            } => Ok((element_types, *is_packed)),
            other => Err(format!("expected a struct type, got {other}")),
        }
    }

    /// ABI alignment in bytes.
    pub fn align(&self, t: &Type) -> Result<u64, String> {
        let t = self.resolve(t)?;
        Ok(match t {
            Type::StructType {
                element_types,
                is_packed,
            } => {
                if *is_packed {
                    1
                } else {
                    let mut a = 1;
                    for f in element_types {
                        a = a.max(self.align(f)?);
                    }
                    a
                }
            }
            Type::ArrayType { element_type, .. } => self.align(element_type)?,
            Type::IntegerType { .. } | Type::PointerType { .. } | Type::FPType(_) => {
                (self.m.data_layout.alignments.type_alignment(t).abi as u64 / 8).max(1)
            }
            other => return Err(format!("no alignment for type {other}")),
        })
    }

    /// Bytes written by a store of the type (no tail padding).
    pub fn store_size(&self, t: &Type) -> Result<u64, String> {
        let t = self.resolve(t)?;
        Ok(match t {
            Type::IntegerType { bits } => (*bits as u64).div_ceil(8),
            Type::PointerType { .. } => self.ptr_bits as u64 / 8,
            Type::FPType(fp) => match fp {
                FPType::Half | FPType::BFloat => 2,
                FPType::Single => 4,
                FPType::Double => 8,
                FPType::X86_FP80 => 10,
                FPType::FP128 | FPType::PPC_FP128 => 16,
            },
            _ => self.alloc_size(t)?,
        })
    }

    /// Allocation size in bytes (store size rounded up to the alignment).
    pub fn alloc_size(&self, t: &Type) -> Result<u64, String> {
        let t = self.resolve(t)?;
        match t {
            Type::StructType { .. } => Ok(self.struct_layout(t)?.1),
            Type::ArrayType {
                element_type,
                num_elements,
            } => Ok(self.alloc_size(element_type)? * *num_elements as u64),
            _ => Ok(round_up(self.store_size(t)?, self.align(t)?)),
        }
    }

    /// Field offsets and total (padded) size of a struct type.
    pub fn struct_layout(&self, t: &Type) -> Result<(Vec<u64>, u64), String> {
        let (fields, packed) = self.struct_fields(t)?;
        let mut off = 0;
        let mut offsets = vec![];
        let mut max_align = 1;
        for f in fields {
            let a = if packed { 1 } else { self.align(f)? };
            max_align = max_align.max(a);
            off = round_up(off, a);
            offsets.push(off);
            off += self.alloc_size(f)?;
        }
        Ok((offsets, round_up(off, max_align)))
    }
}
