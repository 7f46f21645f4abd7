//! The shadow map of frozen memory: for each byte address that holds part
//! of a term, which term and which byte of it (little endian). The program's
//! own memory keeps its layout; the concrete bytes under a frozen byte are
//! meaningless.

use crate::term::Terms;
use std::collections::HashMap;

/// Frozen bytes: address → (term, byte index in the term).
#[derive(Default)]
pub struct Shadow {
    bytes: HashMap<usize, (u32, u32)>,
}

impl Shadow {
    /// Whether no byte is frozen (the fast path of every entry point).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Whether some byte of `[p, p + n)` is frozen.
    pub fn any(&self, p: usize, n: usize) -> bool {
        if n > self.bytes.len() {
            self.bytes.keys().any(|&a| a >= p && a - p < n)
        } else {
            (0..n).any(|k| self.bytes.contains_key(&p.wrapping_add(k)))
        }
    }

    /// Removes `[p, p + n)`.
    pub fn clear(&mut self, p: usize, n: usize) {
        if n > self.bytes.len() {
            self.bytes.retain(|&a, _| !(a >= p && a - p < n));
        } else {
            for k in 0..n {
                self.bytes.remove(&p.wrapping_add(k));
            }
        }
    }

    /// Freezes term `t` of `w` bits at `p` (`t == 0`: the bytes become concrete).
    pub fn freeze(&mut self, terms: &mut Terms, p: usize, w: u32, t: u32) {
        let n = w.div_ceil(8) as usize;
        if t == 0 {
            if !self.is_empty() {
                self.clear(p, n);
            }
            return;
        }
        let full = if !w.is_multiple_of(8) {
            terms.cast(crate::abi::cast::ZEXT, t, 8 * n as u32)
        } else {
            t
        };
        for k in 0..n {
            self.bytes.insert(p.wrapping_add(k), (full, k as u32));
        }
    }

    /// The term of the `w` bits at `p` (0 if no byte there is frozen);
    /// concrete bytes of a partly frozen value are read from memory.
    pub fn thaw(&self, terms: &mut Terms, p: usize, w: u32) -> u32 {
        let n = w.div_ceil(8) as usize;
        let parts: Vec<Option<(u32, u32)>> = (0..n)
            .map(|k| self.bytes.get(&p.wrapping_add(k)).copied())
            .collect();
        if parts.iter().all(|x| x.is_none()) {
            return 0;
        }
        // the whole value, as frozen
        if let Some((t, 0)) = parts[0] {
            if terms.width(t) == 8 * n as u32
                && parts
                    .iter()
                    .enumerate()
                    .all(|(k, x)| *x == Some((t, k as u32)))
            {
                return terms.extract(t, 0, w);
            }
        }
        let mut acc: Option<u32> = None;
        for (k, x) in parts.iter().enumerate() {
            let byte = match x {
                Some((t, i)) => terms.extract(*t, 8 * i, 8),
                None => {
                    // SAFETY: the program is loading these bytes itself.
                    let v = unsafe { *((p.wrapping_add(k)) as *const u8) };
                    terms.konst(8, v as u64)
                }
            };
            acc = Some(match acc {
                None => byte,
                Some(lo) => terms.concat(byte, lo),
            });
        }
        terms.extract(acc.expect("n >= 1"), 0, w)
    }

    /// Copies the shadow of `[s, s + n)` to `[d, d + n)` (memmove semantics).
    pub fn copy(&mut self, d: usize, s: usize, n: usize) {
        let moved: Vec<(usize, (u32, u32))> = if n > self.bytes.len() {
            self.bytes
                .iter()
                .filter(|(&a, _)| a >= s && a - s < n)
                .map(|(&a, &v)| (a - s, v))
                .collect()
        } else {
            (0..n)
                .filter_map(|k| self.bytes.get(&s.wrapping_add(k)).map(|&v| (k, v)))
                .collect()
        };
        self.clear(d, n);
        for (off, v) in moved {
            self.bytes.insert(d.wrapping_add(off), v);
        }
    }
}
