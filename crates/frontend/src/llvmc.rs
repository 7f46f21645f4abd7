//! One reading of a bitcode file through the LLVM C API, shared by the
//! passes that need what the `llvm-ir` crate does not expose (the source
//! types of constant GEPs, debug-info metadata).

use llvm_sys::bit_reader::LLVMParseBitcodeInContext2;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use std::ffi::CString;
use std::path::Path;

/// A parsed module and its context, disposed together on drop.
pub struct Bitcode {
    ctx: LLVMContextRef,
    module: LLVMModuleRef,
}

impl Bitcode {
    /// Parses the bitcode file `bc`; an error says why it cannot.
    pub fn read(bc: &Path) -> Result<Bitcode, String> {
        let cpath = CString::new(bc.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
        // SAFETY: every LLVM object created here is owned by the returned
        // value (or disposed on the error paths) and used only through it.
        unsafe {
            let ctx = LLVMContextCreate();
            let mut buf: LLVMMemoryBufferRef = std::ptr::null_mut();
            let mut msg: *mut std::os::raw::c_char = std::ptr::null_mut();
            if LLVMCreateMemoryBufferWithContentsOfFile(cpath.as_ptr(), &mut buf, &mut msg) != 0 {
                if !msg.is_null() {
                    LLVMDisposeMessage(msg);
                }
                LLVMContextDispose(ctx);
                return Err("cannot read bitcode".into());
            }
            let mut module: LLVMModuleRef = std::ptr::null_mut();
            let failed = LLVMParseBitcodeInContext2(ctx, buf, &mut module) != 0;
            LLVMDisposeMemoryBuffer(buf);
            if failed {
                LLVMContextDispose(ctx);
                return Err("cannot parse bitcode".into());
            }
            Ok(Bitcode { ctx, module })
        }
    }

    /// The module (valid while `self` lives).
    pub fn module(&self) -> LLVMModuleRef {
        self.module
    }

    /// The context (valid while `self` lives).
    pub fn context(&self) -> LLVMContextRef {
        self.ctx
    }
}

impl Drop for Bitcode {
    fn drop(&mut self) {
        // SAFETY: created in `read`, disposed once here.
        unsafe {
            LLVMDisposeModule(self.module);
            LLVMContextDispose(self.ctx);
        }
    }
}

/// The name of value `v` (empty for unnamed values).
///
/// # Safety
/// `v` must be a live LLVM value.
pub unsafe fn value_name(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    let p = LLVMGetValueName2(v, &mut len);
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}
