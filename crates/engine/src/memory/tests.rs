//! Unit tests of the memory model's representations.

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
fn symbolic_offsets_read_and_write_exactly() {
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

fn input(name: &str, w: u32) -> (Symbol, Expr) {
    let s = Symbol::fresh(name, Sort::Bv(w), SymbolKind::Input);
    (s, sym(s))
}

fn is_array(m: &Memory, base: u64) -> bool {
    matches!(
        m.object_at(base).unwrap().contents.as_ref(),
        Contents::Array(_)
    )
}

#[test]
fn small_objects_keep_symbolic_writes_in_cells() {
    let mut m = Memory::new(32);
    let a = m
        .allocate(64, 4, ObjKind::Stack, "grid".into(), true)
        .unwrap();
    let (si, i) = input("i", 32);
    let (sv, v) = input("v", 32);
    let off = mul(bv(32, 4), i);
    m.write(a, off, v);
    assert!(!is_array(&m, a), "a 64-byte object stays flat");
    // the written word reads back whole at the aligned offsets
    let r = m.read(a, bv(32, 8), 4);
    assert_eq!(r, ite(eq(off, bv(32, 8)), v, bv(32, 0)));
    // semantics, on samples: read at a symbolic offset after the write
    let (sj, j) = input("j", 32);
    let rj = m.read(a, mul(bv(32, 4), j), 4);
    let mut asg = Assignment::default();
    asg.set(sv, 77);
    for iv in 0..16u128 {
        for jv in 0..16u128 {
            asg.set(si, iv);
            asg.set(sj, jv);
            let want = if iv == jv { 77 } else { 0 };
            assert_eq!(eval(rj, &asg).unwrap().bits(), want, "i={iv} j={jv}");
        }
    }
}

#[test]
fn unaligned_symbolic_writes_are_exact() {
    let mut m = Memory::new(32);
    let a = m.allocate(6, 1, ObjKind::Stack, "s".into(), true).unwrap();
    for k in 0..6u128 {
        m.write(a, bv(32, k), bv(8, k + 1));
    }
    let (si, i) = input("i", 32);
    m.write(a, i, bv(16, 0xaabb));
    let whole = m.read(a, bv(32, 0), 6);
    let mut asg = Assignment::default();
    for iv in 0..5u128 {
        asg.set(si, iv);
        let mut want = [1u8, 2, 3, 4, 5, 6];
        want[iv as usize] = 0xbb;
        want[iv as usize + 1] = 0xaa;
        let want = want
            .iter()
            .rev()
            .fold(0u128, |acc, b| (acc << 8) | *b as u128);
        assert_eq!(eval(whole, &asg).unwrap().bits(), want, "i={iv}");
    }
}

#[test]
fn medium_objects_switch_to_arrays() {
    let mut m = Memory::new(32);
    let a = m
        .allocate(ITE_MAX + 4, 4, ObjKind::Global, "big".into(), true)
        .unwrap();
    let (si, i) = input("i", 32);
    m.write(a, mul(bv(32, 4), i), bv(32, 5));
    assert!(is_array(&m, a));
    let r = m.read(a, bv(32, 12), 4);
    let mut asg = Assignment::default();
    asg.set(si, 3);
    assert_eq!(eval(r, &asg).unwrap().bits(), 5);
    asg.set(si, 4);
    assert_eq!(eval(r, &asg).unwrap().bits(), 0);
}

#[test]
fn large_objects_are_sparse_until_indexed_symbolically() {
    let mut m = Memory::new(32);
    let a = m
        .allocate(400_000, 4, ObjKind::Global, "huge".into(), true)
        .unwrap();
    let o = m.object_at(a).unwrap();
    assert!(matches!(o.contents.as_ref(), Contents::Sparse { .. }));
    m.write(a, bv(32, 399_996), bv(32, 0x0102_0304));
    assert_eq!(
        m.read(a, bv(32, 399_996), 4).as_bv_const(),
        Some(0x0102_0304)
    );
    assert_eq!(m.read(a, bv(32, 1000), 4).as_bv_const(), Some(0));
    let (si, i) = input("i", 32);
    let r = m.read(a, mul(bv(32, 4), i), 4);
    assert!(is_array(&m, a));
    let mut asg = Assignment::default();
    asg.set(si, 99_999);
    assert_eq!(eval(r, &asg).unwrap().bits(), 0x0102_0304);
    asg.set(si, 5);
    assert_eq!(eval(r, &asg).unwrap().bits(), 0);
}

#[test]
fn uninitialised_sparse_bytes_are_stable_symbols() {
    let mut m = Memory::new(32);
    let a = m
        .allocate(FLAT_MAX + 1, 4, ObjKind::Heap, "h".into(), false)
        .unwrap();
    let r1 = m.read(a, bv(32, 7), 4);
    assert!(!r1.is_const());
    assert_eq!(r1, m.read(a, bv(32, 7), 4));
    // after the switch to an array, the byte already read keeps its symbol
    let (si, i) = input("i", 32);
    m.write(a, i, bv(8, 1));
    assert!(is_array(&m, a));
    let r2 = m.read(a, bv(32, 7), 1);
    let mut asg = Assignment::default();
    asg.set(si, 7);
    assert_eq!(eval(r2, &asg).unwrap().bits(), 1);
    asg.set(si, 3);
    for s in kappa_expr::print::free_symbols(&[r1]).0 {
        asg.set(s, 0x5a);
    }
    assert_eq!(
        eval(r2, &asg).unwrap().bits(),
        0x5a,
        "the byte read before keeps its value"
    );
}

#[test]
fn symbolic_size_objects_reserve_their_extent() {
    let mut m = Memory::new(32);
    let (_, n) = input("n", 32);
    let a = m
        .allocate_symbolic(n, 256, 4, ObjKind::Stack, "vla".into(), false)
        .unwrap();
    let next = m.allocate(4, 4, ObjKind::Stack, "x".into(), true).unwrap();
    assert!(next >= a + 256 + RED_ZONE, "the reservation is kept apart");
    let o = m.object_at(a).unwrap().clone();
    assert_eq!(o.size, 256);
    assert_eq!(o.in_bound(bv(32, 8), 4), ule(bv(32, 12), n));
    // concrete writes read back through the store chain
    m.write(a, bv(32, 8), bv(32, 42));
    assert_eq!(m.read(a, bv(32, 8), 4).as_bv_const(), Some(42));
    let z = m
        .allocate_symbolic(n, 256, 4, ObjKind::Heap, "c".into(), true)
        .unwrap();
    assert_eq!(m.read(z, bv(32, 100), 4).as_bv_const(), Some(0));
}

#[test]
fn uninitialised_bytes_of_a_flat_object_become_an_array_symbol() {
    let mut m = Memory::new(32);
    let a = m
        .allocate(ITE_MAX + 8, 4, ObjKind::Stack, "u".into(), false)
        .unwrap();
    m.write(a, bv(32, 0), bv(32, 0x0a0b_0c0d));
    let seen = m.read(a, bv(32, 4), 1); // an uninitialised byte, read once
    let (si, i) = input("i", 32);
    m.write(a, mul(bv(32, 4), i), bv(32, 1));
    let Contents::Array(arr) = *m.object_at(a).unwrap().contents else {
        panic!("a symbolic write switches the object to an array")
    };
    // only the known bytes are stores: 4 written + 1 read + the 4 just written
    let mut stores = 0;
    let mut cur = arr;
    while let kappa_expr::Kind::Store(inner, ..) = cur.kind() {
        stores += 1;
        cur = inner;
    }
    assert_eq!(stores, 9);
    assert!(matches!(cur.kind(), kappa_expr::Kind::Sym(_)), "{cur}");
    let mut asg = Assignment::default();
    asg.set(si, 7);
    for s in kappa_expr::print::free_symbols(&[seen]).0 {
        asg.set(s, 0x33);
    }
    assert_eq!(eval(m.read(a, bv(32, 4), 1), &asg).unwrap().bits(), 0x33);
    assert_eq!(
        eval(m.read(a, bv(32, 0), 4), &asg).unwrap().bits(),
        0x0a0b_0c0d
    );
    assert_eq!(eval(m.read(a, bv(32, 28), 4), &asg).unwrap().bits(), 1);
}
