//! Heap management: `malloc`, `calloc`, `valloc`, `free`, `realloc`
//! (objects of symbolic size through `access`'s `allocate_symbolic`).

use super::{Call, Validate};
use crate::exec::StepOut;
use crate::memory::{ObjKind, MAX_OBJECT_SIZE};
use crate::state::State;
use crate::{End, Engine};
use kappa_expr::build::{self as b};
use kappa_expr::Expr;

/// Largest number of bytes a realloc involving a symbolic size copies
/// byte by byte (conditionally); beyond, the path is a failed leaf.
const REALLOC_COPY_MAX: u64 = 1 << 16;

/// `malloc`, `calloc`, `valloc`: a heap object of the (maybe symbolic)
/// size, zeroed for `calloc`.
pub(super) fn malloc(
    eng: &mut Engine<'_>,
    mut st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    let (name, at) = (c.name, c.at);
    let pb = eng.ptr_bits();
    let result: Option<Expr>;
    let heap_name = format!("heap@{}", at.replace(':', "_"));
    let sym_size = match (name, c.arg(0), c.arg(1)) {
        ("calloc", Some(n), Some(m)) if !n.is_const() || !m.is_const() => {
            // the product in double width: an overflow is a size
            // beyond any reservation
            let w = 2 * n.width().max(m.width());
            Some(b::mul(b::zext(n, w), b::zext(m, w)))
        }
        ("calloc", ..) => None,
        (_, Some(n), _) if !n.is_const() => Some(n),
        _ => None,
    };
    if let Some(size) = sym_size {
        let zeroed = name == "calloc";
        let base =
            match eng.allocate_symbolic(&mut st, size, 16, ObjKind::Heap, heap_name, zeroed, at) {
                Ok(base) => base,
                Err(why) => fail!(eng, st, validate, "{why}"),
            };
        result = Some(b::bv(pb, base as u128));
    } else {
        let size = if name == "calloc" {
            let (Some(n), Some(m)) = (c.arg(0), c.arg(1)) else {
                fail!(eng, st, validate, "calloc without arguments at {at}")
            };
            let n = conc!(eng, st, validate, n, "allocation size", at);
            let m = conc!(eng, st, validate, m, "allocation size", at);
            n.saturating_mul(m)
        } else {
            let Some(n) = c.arg(0) else {
                fail!(eng, st, validate, "malloc without argument at {at}")
            };
            conc!(eng, st, validate, n, "allocation size", at)
        };
        if size > MAX_OBJECT_SIZE as u128 {
            fail!(
                eng,
                st,
                validate,
                "unsupported: allocation of {size} bytes at {at}"
            );
        }
        let Some(base) =
            st.mem
                .allocate(size as u64, 16, ObjKind::Heap, heap_name, name == "calloc")
        else {
            fail!(eng, st, validate, "address space exhausted at {at}")
        };
        result = Some(b::bv(pb, base as u128));
    }
    eng.finish_external(st, name, result, c.dst, c.ret_loc)
}

/// `free` (of a concrete pointer): removes a heap object; anything else
/// is undefined behaviour.
pub(super) fn free(
    eng: &mut Engine<'_>,
    mut st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    let (name, at) = (c.name, c.at);
    let Some(p) = c.arg(0) else {
        fail!(eng, st, validate, "free without argument at {at}")
    };
    let p = conc!(eng, st, validate, p, "pointer passed to free", at);
    if p != 0 {
        let ok = st
            .mem
            .object_at(p as u64)
            .map(|o| o.kind == ObjKind::Heap)
            .unwrap_or(false);
        if !ok {
            fail!(eng, st, validate, "undefined behaviour: free of a pointer not returned by malloc (or freed twice) at {at}");
        }
        st.mem.remove(p as u64);
    }
    eng.finish_external(st, name, None, c.dst, c.ret_loc)
}

/// `realloc` (of a concrete pointer): a new heap object with the old
/// one's first bytes; `realloc(p, 0)` frees `p` and returns null (glibc).
pub(super) fn realloc(
    eng: &mut Engine<'_>,
    mut st: State,
    c: &Call<'_>,
    validate: &mut Validate<'_>,
) -> StepOut {
    let (name, at) = (c.name, c.at);
    let pb = eng.ptr_bits();
    let result: Option<Expr>;
    let (Some(p), Some(n)) = (c.arg(0), c.arg(1)) else {
        fail!(eng, st, validate, "realloc without arguments at {at}")
    };
    let p = conc!(eng, st, validate, p, "pointer passed to realloc", at) as u64;
    let old = if p != 0 {
        let Some(old) = st
            .mem
            .object_at(p)
            .filter(|o| o.kind == ObjKind::Heap)
            .map(|o| (o.size, o.bound))
        else {
            fail!(
                eng,
                st,
                validate,
                "undefined behaviour: realloc of a pointer not returned by malloc at {at}"
            );
        };
        Some(old)
    } else {
        None
    };
    if old.is_some() {
        // glibc: realloc(p, 0) frees p and returns null
        let zero = b::eq(n, b::bv(n.width(), 0));
        if zero.as_bool_const() == Some(true) {
            st.mem.remove(p);
            result = Some(b::bv(pb, 0));
            return eng.finish_external(st, name, result, c.dst, c.ret_loc);
        }
        let what = format!("unsupported: realloc to a size that may be 0 at {at}");
        if !eng.require(&mut st, b::not(zero), what) {
            eng.terminate(st, End::Pruned, validate);
            return StepOut::Done;
        }
    }
    let heap_name = format!("heap@{}", at.replace(':', "_"));
    let new = if let Some(n) = n.as_bv_const() {
        if n > MAX_OBJECT_SIZE as u128 {
            fail!(
                eng,
                st,
                validate,
                "unsupported: allocation of {n} bytes at {at}"
            );
        }
        let Some(new) = st
            .mem
            .allocate(n as u64, 16, ObjKind::Heap, heap_name, false)
        else {
            fail!(eng, st, validate, "address space exhausted at {at}")
        };
        new
    } else {
        match eng.allocate_symbolic(&mut st, n, 16, ObjKind::Heap, heap_name, false, at) {
            Ok(base) => base,
            Err(why) => fail!(eng, st, validate, "{why}"),
        }
    };
    if let Some((old_size, old_bound)) = old {
        let o = st.mem.object_at(new).expect("just allocated");
        let (new_size, new_bound) = (o.size, o.bound);
        let m = old_size.min(new_size);
        if old_bound.is_none() && new_bound.is_none() {
            for i in 0..m {
                let byte = st.mem.read(p, b::bv(pb, i as u128), 1);
                st.mem.write(new, b::bv(pb, i as u128), byte);
            }
        } else {
            // byte i is copied iff i < min(old size, new size);
            // the others keep the new block's uninitialised bytes
            if m > REALLOC_COPY_MAX {
                fail!(
                    eng,
                    st,
                    validate,
                    "unsupported: realloc of a symbolic size copying up to {m} bytes at {at}"
                );
            }
            let os = old_bound.unwrap_or_else(|| b::bv(pb, old_size as u128));
            let ns = new_bound.unwrap_or_else(|| b::bv(pb, new_size as u128));
            let keep = b::ite(b::ult(os, ns), os, ns);
            for i in 0..m {
                let at_i = b::bv(pb, i as u128);
                let byte = st.mem.read(p, at_i, 1);
                let cur = st.mem.read(new, at_i, 1);
                let v = b::ite(b::ult(at_i, keep), byte, cur);
                st.mem.write(new, at_i, v);
            }
        }
        st.mem.remove(p);
    }
    result = Some(b::bv(pb, new as u128));
    eng.finish_external(st, name, result, c.dst, c.ret_loc)
}
