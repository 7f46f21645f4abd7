//! The memory model: objects (globals, stack frames' allocas, heap blocks) at
//! concrete, distinct addresses; pointers are plain bitvectors of the data
//! model's width. Object contents are byte expressions, copy-on-write between
//! forked states; an object switches to an SMT array after a write at a
//! symbolic offset.
//!
//! Invariants: objects never overlap and are separated by a red zone, so an
//! address belongs to at most one object and one-past-the-end pointers of one
//! object never point into another; addresses are never reused within a path.

use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use std::rc::Rc;

/// Lowest address handed to objects; smaller values are null-ish and function addresses.
pub const FIRST_OBJECT_ADDR: u64 = 0x0001_0000;
/// Addresses of functions: `FUNC_BASE + 16 * id`.
pub const FUNC_BASE: u64 = 0x1000;
/// Gap left between objects.
const RED_ZONE: u64 = 16;
/// Largest object kappa allocates (bytes).
pub const MAX_OBJECT_SIZE: u64 = 1 << 24;
/// Largest object that may be read or written at a symbolic offset (bytes).
pub const MAX_SYMBOLIC_OBJECT: u64 = 1 << 16;

/// Where an object lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjKind {
    /// A global variable or literal.
    Global,
    /// A stack allocation of some frame.
    Stack,
    /// A heap block from malloc/calloc/realloc.
    Heap,
}

/// The bytes of an object.
#[derive(Clone, Debug)]
pub enum Contents {
    /// One 8-bit expression per byte; `None` = never written (uninitialised).
    Flat(Vec<Option<Expr>>),
    /// An SMT array from pointer-width indices (offsets) to bytes.
    Array(Expr),
}

/// One memory object.
#[derive(Clone, Debug)]
pub struct Object {
    /// First address.
    pub base: u64,
    /// Size in bytes.
    pub size: u64,
    /// Kind.
    pub kind: ObjKind,
    /// Writes are undefined behaviour.
    pub read_only: bool,
    /// Printable name (global name, `alloca@fn`, `malloc`).
    pub name: String,
    /// Contents, shared between states until written.
    pub contents: Rc<Contents>,
}

/// A state's memory: its objects by base address (a persistent map: cloning
/// on fork is O(1)) and the allocation cursor.
#[derive(Clone, Debug)]
pub struct Memory {
    objects: im_rc::OrdMap<u64, Rc<Object>>,
    next: u64,
    ptr_bits: u32,
}

impl Memory {
    /// An empty memory for pointers of `ptr_bits` bits.
    pub fn new(ptr_bits: u32) -> Memory {
        Memory {
            objects: im_rc::OrdMap::new(),
            next: FIRST_OBJECT_ADDR,
            ptr_bits,
        }
    }

    /// Pointer width in bits.
    pub fn ptr_bits(&self) -> u32 {
        self.ptr_bits
    }

    /// Allocates a new object and returns its base address, or `None` when
    /// the address space of the data model is exhausted.
    pub fn allocate(
        &mut self,
        size: u64,
        align: u64,
        kind: ObjKind,
        name: String,
        zeroed: bool,
    ) -> Option<u64> {
        let align = align
            .clamp(1, 4096)
            .max(if kind == ObjKind::Heap { 8 } else { 1 });
        let base = self.next.div_ceil(align) * align;
        let end = base.checked_add(size)?.checked_add(RED_ZONE)?;
        if self.ptr_bits < 64 && end >= (1u64 << self.ptr_bits) {
            return None;
        }
        self.next = end;
        let zero = b::bv(8, 0);
        let bytes = if zeroed {
            vec![Some(zero); size as usize]
        } else {
            vec![None; size as usize]
        };
        let obj = Object {
            base,
            size,
            kind,
            read_only: false,
            name,
            contents: Rc::new(Contents::Flat(bytes)),
        };
        self.objects.insert(base, Rc::new(obj));
        Some(base)
    }

    /// Marks the object at `base` read-only.
    pub fn set_read_only(&mut self, base: u64) {
        if let Some(o) = self.objects.get_mut(&base) {
            Rc::make_mut(o).read_only = true;
        }
    }

    /// Removes the object at `base` (free, or a returning frame's alloca).
    pub fn remove(&mut self, base: u64) -> Option<Rc<Object>> {
        self.objects.remove(&base)
    }

    /// The object starting exactly at `base`.
    pub fn object_at(&self, base: u64) -> Option<&Rc<Object>> {
        self.objects.get(&base)
    }

    /// The object whose extent `[base, base+size]` contains `addr` (one past
    /// the end included, so that zero-sized accesses at the end resolve).
    pub fn find(&self, addr: u64) -> Option<&Rc<Object>> {
        let (_, o) = self.objects.range(..=addr).next_back()?;
        (addr <= o.base + o.size).then_some(o)
    }

    /// Number of live objects.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// Whether no object is live.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    fn obj_mut(&mut self, base: u64) -> &mut Object {
        Rc::make_mut(self.objects.get_mut(&base).expect("object exists"))
    }

    /// Reads `n` bytes at `offset` (an expression of pointer width) of the
    /// object at `base`, little-endian. The caller has checked the bounds.
    pub fn read(&mut self, base: u64, offset: Expr, n: u32) -> Expr {
        let pb = self.ptr_bits;
        let mut bytes = Vec::with_capacity(n as usize);
        if let Some(off) = offset.as_bv_const() {
            let off = off as u64;
            let obj = &self.objects[&base];
            let needs_init = match obj.contents.as_ref() {
                Contents::Flat(v) => v[off as usize..(off + n as u64) as usize]
                    .iter()
                    .any(Option::is_none),
                Contents::Array(_) => false,
            };
            if needs_init {
                let obj = self.obj_mut(base);
                let name = obj.name.clone();
                if let Contents::Flat(v) = Rc::make_mut(&mut obj.contents) {
                    for at in off..off + n as u64 {
                        v[at as usize].get_or_insert_with(|| uninit_byte(&name, at));
                    }
                }
            }
            let obj = &self.objects[&base];
            for at in off..off + n as u64 {
                bytes.push(match obj.contents.as_ref() {
                    Contents::Flat(v) => v[at as usize].expect("initialised above"),
                    Contents::Array(a) => b::select(*a, b::bv(pb, at as u128)),
                });
            }
        } else {
            let arr = self.make_array(base);
            for i in 0..n {
                bytes.push(b::select(arr, b::add(offset, b::bv(pb, i as u128))));
            }
        }
        let mut v = bytes[0];
        for byte in &bytes[1..] {
            v = b::concat(*byte, v);
        }
        v
    }

    /// Writes `value` (a bitvector of `8 * k` bits) at `offset` of the object at `base`.
    pub fn write(&mut self, base: u64, offset: Expr, value: Expr) {
        let pb = self.ptr_bits;
        let n = value.width() / 8;
        if let Some(off) = offset.as_bv_const() {
            let obj = self.obj_mut(base);
            let contents = Rc::make_mut(&mut obj.contents);
            for i in 0..n {
                let byte = b::extract(8 * i + 7, 8 * i, value);
                let at = off as u64 + i as u64;
                match contents {
                    Contents::Flat(v) => v[at as usize] = Some(byte),
                    Contents::Array(a) => *a = b::store(*a, b::bv(pb, at as u128), byte),
                }
            }
        } else {
            let mut arr = self.make_array(base);
            for i in 0..n {
                let byte = b::extract(8 * i + 7, 8 * i, value);
                arr = b::store(arr, b::add(offset, b::bv(pb, i as u128)), byte);
            }
            let obj = self.obj_mut(base);
            obj.contents = Rc::new(Contents::Array(arr));
        }
    }

    /// The contents of the object at `base` as an array expression (switching
    /// the object to array form; uninitialised bytes become fresh symbols).
    fn make_array(&mut self, base: u64) -> Expr {
        let pb = self.ptr_bits;
        let obj = self.obj_mut(base);
        let name = obj.name.clone();
        let arr = match obj.contents.as_ref() {
            Contents::Array(a) => return *a,
            Contents::Flat(v) => {
                let mut arr = b::const_array(pb, b::bv(8, 0));
                for (i, byte) in v.iter().enumerate() {
                    let byte = byte.unwrap_or_else(|| uninit_byte(&name, i as u64));
                    if byte.as_bv_const() != Some(0) {
                        arr = b::store(arr, b::bv(pb, i as u128), byte);
                    }
                }
                arr
            }
        };
        obj.contents = Rc::new(Contents::Array(arr));
        arr
    }
}

/// A fresh symbol for a byte nobody wrote.
fn uninit_byte(obj: &str, at: u64) -> Expr {
    b::sym(Symbol::fresh(
        &format!("uninit_{obj}_{at}"),
        Sort::Bv(8),
        SymbolKind::Uninit,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kappa_expr::build::*;
    use kappa_expr::{eval, Assignment};

    #[test]
    fn objects_are_disjoint_and_found_by_address() {
        let mut m = Memory::new(32);
        let a = m
            .allocate(10, 4, ObjKind::Global, "a".into(), true)
            .unwrap();
        let b = m.allocate(3, 1, ObjKind::Stack, "b".into(), false).unwrap();
        assert!(b >= a + 10 + RED_ZONE, "red zone between objects");
        assert_eq!(m.find(a + 9).unwrap().base, a);
        assert_eq!(
            m.find(a + 10).unwrap().base,
            a,
            "one past the end resolves to its object"
        );
        assert!(m.find(a + 11).is_none(), "the red zone belongs to nobody");
        assert!(m.find(0).is_none());
        m.remove(b);
        assert!(m.find(b).is_none());
    }

    #[test]
    fn little_endian_round_trip_and_partial_reads() {
        let mut m = Memory::new(32);
        let a = m.allocate(8, 4, ObjKind::Global, "a".into(), true).unwrap();
        let x = sym(Symbol::fresh("x", Sort::Bv(32), SymbolKind::Input));
        m.write(a, bv(32, 0), x);
        assert_eq!(
            m.read(a, bv(32, 0), 4),
            x,
            "a stored value reads back as itself"
        );
        assert_eq!(m.read(a, bv(32, 0), 2), extract(15, 0, x));
        m.write(a, bv(32, 4), bv(32, 0x1122_3344));
        assert_eq!(m.read(a, bv(32, 4), 1).as_bv_const(), Some(0x44));
        assert_eq!(m.read(a, bv(32, 6), 2).as_bv_const(), Some(0x1122));
    }

    #[test]
    fn uninitialised_bytes_are_stable_symbols() {
        let mut m = Memory::new(32);
        let a = m.allocate(4, 4, ObjKind::Heap, "h".into(), false).unwrap();
        let r1 = m.read(a, bv(32, 0), 4);
        let r2 = m.read(a, bv(32, 0), 4);
        assert!(!r1.is_const());
        assert_eq!(r1, r2, "two reads of the same uninitialised memory agree");
    }

    #[test]
    fn symbolic_offsets_use_arrays() {
        let mut m = Memory::new(32);
        let a = m
            .allocate(16, 4, ObjKind::Global, "arr".into(), true)
            .unwrap();
        for k in 0..4u128 {
            m.write(a, bv(32, 4 * k), bv(32, 10 + k));
        }
        let is = Symbol::fresh("i", Sort::Bv(32), SymbolKind::Input);
        let off = mul(bv(32, 4), sym(is));
        let v = m.read(a, off, 4);
        let mut asg = Assignment::default();
        for k in 0..4u128 {
            asg.set(is, k);
            assert_eq!(eval(v, &asg).unwrap().bits(), 10 + k);
        }
        // a write at a symbolic offset, then concrete reads see it conditionally
        m.write(a, off, bv(32, 99));
        let r2 = m.read(a, bv(32, 8), 4);
        asg.set(is, 2);
        assert_eq!(eval(r2, &asg).unwrap().bits(), 99);
        asg.set(is, 1);
        assert_eq!(eval(r2, &asg).unwrap().bits(), 12);
    }

    #[test]
    fn forked_memories_are_independent() {
        let mut m = Memory::new(64);
        let a = m.allocate(4, 4, ObjKind::Global, "g".into(), true).unwrap();
        let mut fork = m.clone();
        fork.write(a, bv(64, 0), bv(32, 7));
        assert_eq!(m.read(a, bv(64, 0), 4).as_bv_const(), Some(0));
        assert_eq!(fork.read(a, bv(64, 0), 4).as_bv_const(), Some(7));
    }

    #[test]
    fn address_space_of_ilp32_is_bounded() {
        let mut m = Memory::new(32);
        assert!(m
            .allocate(1 << 33, 16, ObjKind::Heap, "huge".into(), false)
            .is_none());
        assert!(m
            .allocate(u64::MAX - 8, 16, ObjKind::Heap, "huge".into(), false)
            .is_none());
        assert!(m
            .allocate(64, 16, ObjKind::Heap, "ok".into(), false)
            .is_some());
        let mut m64 = Memory::new(64);
        assert!(m64
            .allocate(u64::MAX - 8, 16, ObjKind::Heap, "huge".into(), false)
            .is_none());
    }
}
