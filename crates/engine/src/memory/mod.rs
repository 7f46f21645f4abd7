//! The memory model: objects (globals, stack frames' allocas, heap blocks) at
//! concrete, distinct addresses; pointers are plain bitvectors of the data
//! model's width. Object contents are byte expressions, copy-on-write between
//! forked states, in one of three representations (see [`Contents`]).
//!
//! Invariants: objects never overlap and are separated by a red zone, so an
//! address belongs to at most one object and one-past-the-end pointers of one
//! object never point into another; addresses are never reused within a path.
//! An object of symbolic size (a VLA, `malloc(n)`) has a symbolic bound and a
//! concrete *reserved* extent that contains every value the bound may take;
//! the reserved extent is what keeps objects apart.
//!
//! Encoding of accesses at symbolic offsets (chosen by measurement, see
//! [`ITE_MAX`]): objects of at most [`ITE_MAX`] bytes stay flat; a write at
//! a symbolic offset `o` updates every cell `i` it may touch to
//! `ite(o == j, byte_k(v), old_i)` (`j = i - k` over the offsets `o` may take
//! given its alignment), and a read at a symbolic offset is a balanced binary
//! tree of `ite(o <u j, ...)` over those offsets (a linear chain of
//! `o == j` tests was up to 20x slower in Z3). Larger objects switch to an
//! SMT array (store chains, with read-over-write simplification).

mod encode;
pub(crate) use encode::congruence;
#[cfg(test)]
mod tests;

use kappa_expr::build::{self as b};
use kappa_expr::{Expr, Sort, Symbol, SymbolKind};
use std::rc::Rc;

/// Lowest address handed to objects; smaller values are null-ish and function addresses.
pub const FIRST_OBJECT_ADDR: u64 = 0x0001_0000;
/// Addresses of functions: `FUNC_BASE + 16 * id`.
pub const FUNC_BASE: u64 = 0x1000;
/// Gap left between objects.
const RED_ZONE: u64 = 16;
/// Largest object kappa allocates (bytes); also the largest reserved extent
/// of an object of symbolic size.
pub const MAX_OBJECT_SIZE: u64 = 1 << 24;
/// Largest object whose symbolic-offset accesses use the per-cell
/// if-then-else encoding (bytes); larger objects use an SMT array.
/// Measured (wall time to the verdict, 2 shared cores): `int a[N]` with 8
/// writes `a[i] += v` at input indices then reads at a symbolic index: cells
/// 0.4 s / 1.4 s / 9.9 s / timeout (40 s) for N = 16 / 128 / 256 / 1024,
/// arrays 4.8 s / 5.8 s / 5.6 s / 6.9 s; a 4x4 int grid with 10 packets
/// `grid[r][c] += v`: cells 1.9 s, arrays a Z3 timeout; a 64-int table read
/// at an input index on 129 paths: cells 0.7 s, arrays 16 s. Hence cells up
/// to 512 bytes.
pub const ITE_MAX: u64 = 512;
/// Objects larger than this (bytes) keep their contents sparse (a default
/// byte plus a map of the bytes written) instead of a byte vector.
pub const FLAT_MAX: u64 = 4096;

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
    /// Objects of at most [`FLAT_MAX`] bytes; cells may be if-then-else
    /// expressions after writes at symbolic offsets.
    Flat(Vec<Option<Expr>>),
    /// Large objects accessed at concrete offsets only: the bytes written (or
    /// read while uninitialised); every other byte is zero if `zeroed`, else
    /// uninitialised.
    Sparse {
        /// Unwritten bytes are zero (else uninitialised).
        zeroed: bool,
        /// Bytes by offset.
        bytes: im_rc::OrdMap<u64, Expr>,
    },
    /// An SMT array from pointer-width indices (offsets) to bytes.
    Array(Expr),
}

/// One memory object.
#[derive(Clone, Debug)]
pub struct Object {
    /// First address.
    pub base: u64,
    /// Size in bytes; for an object of symbolic size, its reserved extent
    /// (an upper bound of every value of [`Object::bound`]).
    pub size: u64,
    /// The size as a pointer-width expression when it is symbolic; accesses
    /// must lie below it.
    pub bound: Option<Expr>,
    /// Kind.
    pub kind: ObjKind,
    /// Writes are undefined behaviour.
    pub read_only: bool,
    /// Printable name (global name, `alloca@fn`, `malloc`).
    pub name: String,
    /// Contents, shared between states until written.
    pub contents: Rc<Contents>,
}

impl Object {
    /// The condition under which an `n`-byte access at offset `off` (a
    /// pointer-width expression known to lie in `[0, size - n]`, the reserved
    /// extent) is within the object: true for objects of concrete size.
    pub fn in_bound(&self, off: Expr, n: u64) -> Expr {
        match self.bound {
            None => b::tru(),
            Some(sz) => {
                let w = sz.width();
                // off + n <= sz, without wrap-around: off + n <= size < 2^(w-1)
                b::ule(b::add(off, b::bv(w, n as u128)), sz)
            }
        }
    }
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

    /// The objects, by increasing base address.
    pub fn objects(&self) -> impl Iterator<Item = &Rc<Object>> {
        self.objects.values()
    }

    /// Where the next object would be placed (the allocation cursor).
    pub fn next_address(&self) -> u64 {
        self.next
    }

    /// The next base address for an object of `size` bytes aligned to
    /// `align`, and the cursor after it; `None` when the address space of
    /// the data model is exhausted.
    fn place(&self, size: u64, align: u64, kind: ObjKind) -> Option<(u64, u64)> {
        let align = align
            .clamp(1, 4096)
            .max(if kind == ObjKind::Heap { 8 } else { 1 });
        let base = self.next.div_ceil(align) * align;
        let end = base.checked_add(size)?.checked_add(RED_ZONE)?;
        // keep addresses below half the address space, so that `off + n`
        // never wraps for an offset within an object
        if self.ptr_bits < 64 && end >= (1u64 << (self.ptr_bits - 1)) {
            return None;
        }
        if self.ptr_bits == 64 && end >= 1u64 << 62 {
            return None;
        }
        Some((base, end))
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
        let (base, end) = self.place(size, align, kind)?;
        self.next = end;
        let contents = if size > FLAT_MAX {
            Contents::Sparse {
                zeroed,
                bytes: im_rc::OrdMap::new(),
            }
        } else if zeroed {
            Contents::Flat(vec![Some(b::bv(8, 0)); size as usize])
        } else {
            Contents::Flat(vec![None; size as usize])
        };
        self.insert_object(base, size, None, kind, name, contents);
        Some(base)
    }

    /// Adds a writable object at `base`.
    fn insert_object(
        &mut self,
        base: u64,
        size: u64,
        bound: Option<Expr>,
        kind: ObjKind,
        name: String,
        contents: Contents,
    ) {
        let obj = Object {
            base,
            size,
            bound,
            kind,
            read_only: false,
            name,
            contents: Rc::new(contents),
        };
        self.objects.insert(base, Rc::new(obj));
    }

    /// Allocates an object of symbolic size `bound` (a pointer-width
    /// expression whose every value is at most `reserved`, which the caller
    /// has ensured) and returns its base address; `None` when the address
    /// space is exhausted. Its contents are flat cells if `reserved` is at
    /// most [`ITE_MAX`], else an SMT array; zero if `zeroed`, else
    /// uninitialised.
    pub fn allocate_symbolic(
        &mut self,
        bound: Expr,
        reserved: u64,
        align: u64,
        kind: ObjKind,
        name: String,
        zeroed: bool,
    ) -> Option<u64> {
        assert_eq!(bound.width(), self.ptr_bits, "bound of pointer width");
        let (base, end) = self.place(reserved, align, kind)?;
        self.next = end;
        let pb = self.ptr_bits;
        // small reservations keep flat cells (the bound only restricts
        // accesses); larger ones are arrays over a zero or uninitialised base
        let contents = if reserved <= ITE_MAX {
            Contents::Flat(vec![zeroed.then(|| b::bv(8, 0)); reserved as usize])
        } else if zeroed {
            Contents::Array(b::const_array(pb, b::bv(8, 0)))
        } else {
            Contents::Array(uninit_array(&name, pb))
        };
        self.insert_object(base, reserved, Some(bound), kind, name, contents);
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
    /// For an object of symbolic size, the extent is the reserved one.
    pub fn find(&self, addr: u64) -> Option<&Rc<Object>> {
        let (_, o) = self.objects.range(..=addr).next_back()?;
        (addr <= o.base + o.size).then_some(o)
    }

    /// The base of a live object that is a constant term of the sum
    /// `addr` (e.g. `&a` in `&a + 4·i`): the object such an address most
    /// likely points into (a guess; callers check it).
    pub fn base_term(&self, addr: Expr) -> Option<u64> {
        let mut terms = vec![addr];
        while let Some(t) = terms.pop() {
            match t.kind() {
                kappa_expr::Kind::Bin(kappa_expr::BvOp::Add, x, y) => terms.extend([x, y]),
                _ => {
                    if let Some(c) = t.as_bv_const() {
                        if self.objects.contains_key(&(c as u64)) {
                            return Some(c as u64);
                        }
                    }
                }
            }
        }
        None
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

    /// The byte at concrete offset `at` of the object at `base`; an
    /// uninitialised byte becomes a fresh symbol, stored so that later reads
    /// agree.
    fn byte(&mut self, base: u64, at: u64) -> Expr {
        let pb = self.ptr_bits;
        let obj = &self.objects[&base];
        match obj.contents.as_ref() {
            Contents::Flat(v) => {
                if let Some(x) = v[at as usize] {
                    return x;
                }
            }
            Contents::Sparse { zeroed, bytes } => {
                if let Some(x) = bytes.get(&at) {
                    return *x;
                }
                if *zeroed {
                    return b::bv(8, 0);
                }
            }
            Contents::Array(a) => return b::select(*a, b::bv(pb, at as u128)),
        }
        let obj = self.obj_mut(base);
        let x = uninit_byte(&obj.name, at);
        match Rc::make_mut(&mut obj.contents) {
            Contents::Flat(v) => v[at as usize] = Some(x),
            Contents::Sparse { bytes, .. } => {
                bytes.insert(at, x);
            }
            Contents::Array(_) => unreachable!("arrays have every byte"),
        }
        x
    }

    /// Reads `n` bytes at `offset` (an expression of pointer width) of the
    /// object at `base`, little-endian. The caller has checked the bounds
    /// (`0 <= offset <= size - n`, and below the bound of an object of
    /// symbolic size): a read at a symbolic offset of a small object is a
    /// binary if-then-else tree over the offsets in range.
    pub fn read(&mut self, base: u64, offset: Expr, n: u32) -> Expr {
        let pb = self.ptr_bits;
        if let Some(off) = offset.as_bv_const() {
            let off = off as u64;
            let bytes: Vec<Expr> = (off..off + n as u64)
                .map(|at| self.byte(base, at))
                .collect();
            return encode::join_bytes(&bytes);
        }
        if self.uses_cells(base) {
            let size = self.objects[&base].size;
            let cands = encode::candidates(offset, size, n);
            if !cands.is_empty() {
                let words: Vec<Expr> = cands
                    .iter()
                    .map(|&j| self.read(base, b::bv(pb, j as u128), n))
                    .collect();
                return encode::select_tree(offset, &cands, &words);
            }
        }
        let arr = self.make_array(base);
        let bytes: Vec<Expr> = (0..n)
            .map(|i| b::select(arr, b::add(b::bv(pb, i as u128), offset)))
            .collect();
        encode::join_bytes(&bytes)
    }

    /// Whether symbolic-offset accesses to the object at `base` use the
    /// per-cell if-then-else encoding.
    fn uses_cells(&self, base: u64) -> bool {
        let o = &self.objects[&base];
        o.size <= ITE_MAX && matches!(o.contents.as_ref(), Contents::Flat(_))
    }

    /// Writes `value` (a bitvector of `8 * k` bits) at `offset` of the object
    /// at `base`. The caller has checked the bounds, as for [`Memory::read`].
    pub fn write(&mut self, base: u64, offset: Expr, value: Expr) {
        let pb = self.ptr_bits;
        let n = value.width() / 8;
        let byte_of = |i: u32| b::extract(8 * i + 7, 8 * i, value);
        if let Some(off) = offset.as_bv_const() {
            let obj = self.obj_mut(base);
            let contents = Rc::make_mut(&mut obj.contents);
            for i in 0..n {
                let byte = byte_of(i);
                let at = off as u64 + i as u64;
                match contents {
                    Contents::Flat(v) => v[at as usize] = Some(byte),
                    Contents::Sparse { bytes, .. } => {
                        bytes.insert(at, byte);
                    }
                    Contents::Array(a) => *a = b::store(*a, b::bv(pb, at as u128), byte),
                }
            }
            return;
        }
        if self.uses_cells(base) {
            let size = self.objects[&base].size;
            let cands = encode::candidates(offset, size, n);
            // materialise the old bytes first (uninitialised ones included)
            let mut updates = Vec::with_capacity(cands.len() * n as usize);
            for &j in &cands {
                let c = b::eq(offset, b::bv(pb, j as u128));
                for i in 0..n {
                    let at = j + i as u64;
                    updates.push((at, c, byte_of(i)));
                }
            }
            for (at, ..) in &updates {
                self.byte(base, *at);
            }
            let obj = self.obj_mut(base);
            let Contents::Flat(v) = Rc::make_mut(&mut obj.contents) else {
                unreachable!("uses_cells implies flat contents")
            };
            // one write's conditions are mutually exclusive: cells touched by
            // several candidates (unaligned accesses) nest them
            for (at, c, byte) in updates {
                let cur = v[at as usize].expect("materialised above");
                v[at as usize] = Some(b::ite(c, byte, cur));
            }
            return;
        }
        let mut arr = self.make_array(base);
        for i in 0..n {
            arr = b::store(arr, b::add(b::bv(pb, i as u128), offset), byte_of(i));
        }
        let obj = self.obj_mut(base);
        obj.contents = Rc::new(Contents::Array(arr));
    }

    /// The contents of the object at `base` as an array expression (switching
    /// the object to array form). Bytes never written nor read come from a
    /// fresh array symbol (uninitialised memory). When every byte is known
    /// (e.g. after a memset), the array's default is the most frequent
    /// constant byte, so that only the other bytes become stores.
    fn make_array(&mut self, base: u64) -> Expr {
        let pb = self.ptr_bits;
        let obj = self.obj_mut(base);
        let name = obj.name.clone();
        let size = obj.size;
        let arr = match obj.contents.as_ref() {
            Contents::Array(a) => return *a,
            Contents::Flat(v) => {
                // bytes never written nor read are those of an uninitialised array
                let bytes: Vec<(u64, Expr)> = v
                    .iter()
                    .enumerate()
                    .filter_map(|(i, byte)| byte.map(|x| (i as u64, x)))
                    .collect();
                let default = (bytes.len() < v.len()).then(|| uninit_array(&name, pb));
                stores_over(pb, default, &bytes)
            }
            Contents::Sparse { zeroed, bytes } => {
                let bytes: Vec<(u64, Expr)> = bytes.iter().map(|(a, x)| (*a, *x)).collect();
                let default = if *zeroed {
                    Some(b::const_array(pb, b::bv(8, 0)))
                } else if bytes.len() as u64 == size {
                    None
                } else {
                    Some(uninit_array(&name, pb))
                };
                stores_over(pb, default, &bytes)
            }
        };
        obj.contents = Rc::new(Contents::Array(arr));
        arr
    }
}

/// An array holding `bytes` over `default`; without a default (every byte
/// is in `bytes`), over a constant array of the most frequent constant byte.
/// Bytes equal to a constant default are not stored.
fn stores_over(pb: u32, default: Option<Expr>, bytes: &[(u64, Expr)]) -> Expr {
    let base = default.unwrap_or_else(|| {
        let mut count = [0usize; 256];
        for (_, x) in bytes {
            if let Some(c) = x.as_bv_const() {
                count[c as usize] += 1;
            }
        }
        let best = (0..256).max_by_key(|&c| (count[c], c == 0)).unwrap_or(0);
        b::const_array(pb, b::bv(8, best as u128))
    });
    let fill = match base.kind() {
        kappa_expr::Kind::ConstArray { value, .. } => Some(value),
        _ => None,
    };
    let mut arr = base;
    for (at, x) in bytes {
        if Some(*x) != fill {
            arr = b::store(arr, b::bv(pb, *at as u128), *x);
        }
    }
    arr
}

/// A fresh symbol for a byte nobody wrote.
fn uninit_byte(obj: &str, at: u64) -> Expr {
    b::sym(Symbol::fresh(
        &format!("uninit_{obj}_{at}"),
        Sort::Bv(8),
        SymbolKind::Uninit,
    ))
}

/// A fresh array symbol for the bytes of an object nobody wrote.
fn uninit_array(obj: &str, ptr_bits: u32) -> Expr {
    b::sym(Symbol::fresh(
        &format!("uninit_{obj}"),
        Sort::Array {
            index: ptr_bits,
            elem: 8,
        },
        SymbolKind::Uninit,
    ))
}
