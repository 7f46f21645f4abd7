//! Write logs of large objects (more positions than
//! `KAPPA_NATIVE_MAX_SYM_STORE`): a store at a term offset does not rewrite
//! every cell; it is appended to the object's log (offset term, value term),
//! which applies to the bytes not yet *materialized*. A byte is materialized
//! (its whole value in the shadow, or concrete and current) when a concrete
//! access touches it ([`Runtime::touch`], called by every shadow operation
//! of the ABI), and a materialized cell is updated by each later store
//! explicitly (`ite(off == o, v, old)`). The bytes a native store at the
//! witness position overwrites are materialized first, so the concrete bytes
//! of unmaterialized positions are still their values before the log (in the
//! concolic domain too: log entries only hit witness positions). A load at a
//! term offset reads `ite` over the materialized cells, then the log entries
//! (newest first), then the unmaterialized cells compressed by their most
//! common value. All accesses through a log have one width; another width
//! materializes the whole object first.

use super::Objects;
use crate::{abi, Runtime};
use std::collections::{BTreeSet, HashMap, HashSet};

/// One object's write log.
#[derive(Debug)]
pub(crate) struct Log {
    /// Access width in bytes of every entry.
    n: usize,
    /// (offset term, value term of `8 n` bits), oldest first.
    entries: Vec<(u32, u32)>,
    /// Materialized byte addresses.
    done: HashSet<usize>,
}

impl Objects {
    fn size_of(&self, base: usize) -> usize {
        self.by_base.get(&base).copied().unwrap_or(0)
    }

    /// Whether `[p, p + len)` meets an object with a write log.
    pub fn logged_in(&self, p: usize, len: usize) -> bool {
        let end = p.saturating_add(len);
        self.logs
            .keys()
            .any(|&b| b < end && p < b.saturating_add(self.size_of(b)))
    }
}

impl Runtime {
    /// Before a concrete access of `len` bytes at `p`: bytes of logged
    /// objects there become materialized (computed, for a read; marked, for
    /// a write, which gives them their value itself).
    pub(crate) fn touch(&mut self, p: usize, len: usize, write: bool) {
        if self.objects.logs.is_empty() || len == 0 {
            return;
        }
        let end = p.saturating_add(len);
        let hits: Vec<usize> = self
            .objects
            .logs
            .keys()
            .copied()
            .filter(|&b| b < end && p < b + self.objects.size_of(b))
            .collect();
        for base in hits {
            let size = self.objects.size_of(base);
            let mut log = self.objects.logs.remove(&base).expect("listed");
            for b in p.max(base)..end.min(base + size) {
                if log.done.insert(b) && !write {
                    self.materialize_byte(&log, base, b);
                }
            }
            self.objects.logs.insert(base, log);
        }
    }

    /// Freezes byte `b` of the logged object at `base` to its value: its
    /// current value (shadow or memory) under the log's entries.
    fn materialize_byte(&mut self, log: &Log, base: usize, b: usize) {
        if log.entries.is_empty() {
            return;
        }
        let rel = b - base;
        let pos = rel & !(log.n - 1);
        let k = (rel & (log.n - 1)) as u32;
        let frozen = {
            let Runtime { shadow, terms, .. } = self;
            if shadow.is_empty() {
                0
            } else {
                shadow.thaw(terms, b, 8)
            }
        };
        let mut acc = if frozen != 0 {
            frozen
        } else {
            // SAFETY: b is in a registered (live) object the program accesses.
            let v = unsafe { *(b as *const u8) };
            self.terms.konst(8, v as u64)
        };
        for &(off, v) in &log.entries {
            let at = self.terms.konst(self.terms.width(off), pos as u64);
            let eq = self.terms.icmp(abi::icmp::EQ, off, at);
            let byte = self.terms.extract(v, 8 * k, 8);
            acc = self.terms.ite(eq, byte, acc);
        }
        let Runtime { shadow, terms, .. } = self;
        shadow.freeze(terms, b, 8, acc);
    }

    /// A log of another width than `n` is dissolved: the whole object is
    /// materialized (the log then applies to no byte).
    fn settle_width(&mut self, base: usize, size: usize, n: usize) {
        if self.objects.logs.get(&base).is_some_and(|l| l.n != n) {
            self.touch(base, size, false);
            self.objects.logs.remove(&base);
        }
    }

    /// The positions of the object at `base` with a materialized byte.
    fn done_positions(&self, base: usize, size: usize, n: usize) -> BTreeSet<usize> {
        match self.objects.logs.get(&base) {
            Some(l) => l
                .done
                .iter()
                .map(|&b| (b - base) & !(n - 1))
                .filter(|&o| o + n <= size)
                .collect(),
            None => BTreeSet::new(),
        }
    }

    /// The value term of an `n`-byte load at offset term `off` (at an aligned
    /// position) of the object at `base`, or None if it would have more
    /// than `bound` entries. With `use_log` false the object's log (if
    /// any) is not consulted (an array member whose bytes are all
    /// materialized).
    pub(super) fn load_term(
        &mut self,
        off: u32,
        base: usize,
        size: usize,
        n: usize,
        bound: usize,
        use_log: bool,
    ) -> Option<u32> {
        let w = 8 * n as u32;
        let pw = self.terms.width(off);
        let (done, entries) = if use_log {
            self.settle_width(base, size, n);
            let entries = self
                .objects
                .logs
                .get(&base)
                .map(|l| l.entries.clone())
                .unwrap_or_default();
            (self.done_positions(base, size, n), entries)
        } else {
            (BTreeSet::new(), vec![])
        };
        let mut explicit = vec![];
        for &o in &done {
            self.touch(base + o, n, false);
            explicit.push((o, self.cell(base + o, w)));
        }
        // the other cells, grouped by value (first position, positions)
        let mut groups: HashMap<u32, Vec<usize>> = HashMap::new();
        let mut order = vec![];
        for o in Self::positions(size, n) {
            if done.contains(&o) {
                continue;
            }
            let c = self.cell(base + o, w);
            let g = groups.entry(c).or_default();
            if g.is_empty() {
                order.push(c);
            }
            g.push(o);
        }
        let default = order
            .iter()
            .copied()
            .max_by_key(|c| (groups[c].len(), std::cmp::Reverse(groups[c][0])));
        let exceptions: usize =
            groups.values().map(Vec::len).sum::<usize>() - default.map_or(0, |c| groups[&c].len());
        if exceptions + explicit.len() + entries.len() > bound {
            return None;
        }
        let eq_at = |r: &mut Runtime, o: usize| {
            let at = r.terms.konst(pw, o as u64);
            r.terms.icmp(abi::icmp::EQ, off, at)
        };
        let mut acc = default;
        let mut cells: Vec<(usize, u32)> = groups
            .iter()
            .filter(|(c, _)| Some(**c) != default)
            .flat_map(|(&c, os)| os.iter().map(move |&o| (o, c)))
            .collect();
        cells.sort_unstable();
        for (o, c) in cells {
            acc = Some(match acc {
                None => c,
                Some(rest) => {
                    let eq = eq_at(self, o);
                    self.terms.ite(eq, c, rest)
                }
            });
        }
        for (o2, v) in entries {
            let rest = acc.expect("a log entry follows some cell");
            let eq = self.terms.icmp(abi::icmp::EQ, off, o2);
            let v = self.terms.extract(v, 0, w);
            acc = Some(self.terms.ite(eq, v, rest));
        }
        for (o, c) in explicit {
            acc = Some(match acc {
                None => c,
                Some(rest) => {
                    let eq = eq_at(self, o);
                    self.terms.ite(eq, c, rest)
                }
            });
        }
        acc
    }

    /// A store of `v` at offset term `off` of the large object at `base`,
    /// natively written next at `p` (the witness position).
    pub(super) fn log_store(
        &mut self,
        p: usize,
        off: u32,
        base: usize,
        size: usize,
        n: usize,
        v: u32,
    ) {
        let w = 8 * n as u32;
        let pw = self.terms.width(off);
        let v = if self.terms.width(v) < w {
            self.terms.cast(abi::cast::ZEXT, v, w)
        } else {
            v
        };
        self.settle_width(base, size, n);
        self.objects.logs.entry(base).or_insert_with(|| Log {
            n,
            entries: vec![],
            done: HashSet::new(),
        });
        // the native store overwrites the witness position: its value first
        self.touch(p, n, false);
        for o in self.done_positions(base, size, n) {
            self.touch(base + o, n, false);
            let old = self.cell(base + o, w);
            let at = self.terms.konst(pw, o as u64);
            let eq = self.terms.icmp(abi::icmp::EQ, off, at);
            let new = self.terms.ite(eq, v, old);
            let Runtime { shadow, terms, .. } = self;
            shadow.freeze(terms, base + o, w, new);
        }
        self.objects
            .logs
            .get_mut(&base)
            .expect("created above")
            .entries
            .push((off, v));
    }
}
