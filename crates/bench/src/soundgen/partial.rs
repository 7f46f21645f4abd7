//! The generator shape "globals-partial" (issue 32): a 16- or 32-bit
//! global that `main` reads and writes only whole (`G = w; ... if (G ==
//! ...) reach_error();`) while loop-free helpers write part of it: a byte
//! or the upper half through `(unsigned char *)&G`, `&G` passed down two
//! helpers, a byte pointer a helper returns (written in `main`),
//! `memset`/`memcpy` of 1-2 bytes, or a byte incremented by a helper
//! called in a loop. `main` keeps a shadow copy `pw_e` of the value the
//! bytes must hold (little-endian, as on the ILP32 x86 target the ground
//! truth compiles for), so the checks mix errors that every input avoids
//! (`G != (T)pw_e`) with ones that the partial write makes reachable
//! (`G != pw_w`, `G == (T)pw_e && x == c`, a byte equal to what was
//! written). An analysis that drops the partial write misses the latter.
//! No undefined behaviour: objects are only accessed through their own
//! type or `unsigned char`, bytes stay inside the object, and conversions
//! to signed types are implementation-defined (wrapping), not undefined.

use super::gen::{InputKind, Rng};
use std::fmt::Write;

/// Which shapes a sweep generates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shapes {
    /// The usual mix (a quarter of the programs have "globals-partial").
    All,
    /// Every program has the "globals-partial" shape (this module's), half
    /// with nothing else in `main`, most others on a scalar base.
    GlobalsPartial,
}

impl Shapes {
    /// The shapes named `s` (`all` or `globals-partial`), or an error naming them.
    pub fn parse(s: &str) -> Result<Shapes, String> {
        match s {
            "all" => Ok(Shapes::All),
            "globals-partial" => Ok(Shapes::GlobalsPartial),
            _ => Err(format!(
                "--shapes: no shape set `{s}` (known: all, globals-partial)"
            )),
        }
    }
}

/// The kinds of partial write (names for tallies and tests).
pub const KINDS: [&str; 6] = [
    "byte-helper",
    "half-helper",
    "two-helpers",
    "returned-pointer",
    "memset-memcpy",
    "loop-helper",
];

/// The global the shape writes partly: its name, C type, size in bytes.
#[derive(Clone)]
pub struct Target {
    /// The variable's name (`g0` or the shape's own `gpw`).
    pub name: String,
    /// Its C type.
    pub ty: &'static str,
    /// `sizeof` on the ILP32 target: 2 or 4.
    pub size: u32,
}

/// What the shape adds to a program.
pub struct Partial {
    /// Declarations placed before `main` (the global if new, the helpers).
    pub decls: String,
    /// Statements of `main` (one block, unindented lines).
    pub body: Vec<String>,
    /// The kinds of partial write used (from [`KINDS`]).
    pub kinds: Vec<&'static str>,
}

/// The C types a target may have, with their sizes.
const TYPES: [(&str, u32); 4] = [
    ("int", 4),
    ("unsigned", 4),
    ("unsigned short", 2),
    ("short", 2),
];

/// A new global target `gpw` with a random type and initializer
/// (declared by the caller via [`Partial::decls`]).
pub fn new_target(rng: &mut Rng) -> (Target, String) {
    let (ty, size) = *rng.pick(&TYPES);
    let init = *rng.pick(&["0", "1", "7", "255", "256", "4660", "-1", "65535"]);
    (
        Target {
            name: "gpw".into(),
            ty,
            size,
        },
        format!("{ty} gpw = {init};\n"),
    )
}

/// How a write changes the bytes it covers (old byte `b`).
enum Effect {
    /// Bytes `k..k+n` take the little-endian bytes of this `unsigned` expression.
    Set(String),
    /// Byte `k` becomes `b + e` (mod 256).
    Add(String),
    /// Byte `k` becomes `b ^ e`.
    Xor(String),
}

/// The state of one shape being generated.
struct Shape<'a> {
    rng: &'a mut Rng,
    t: Target,
    inputs: &'a [(String, InputKind)],
    decls: String,
    body: Vec<String>,
    fresh: usize,
}

impl Shape<'_> {
    fn name(&mut self, p: &str) -> String {
        self.fresh += 1;
        format!("pw_{p}{}", self.fresh)
    }

    /// An input variable and a value of its domain that `__VERIFIER_assume`
    /// keeps.
    fn input_value(&mut self) -> Option<(String, i64)> {
        if self.inputs.is_empty() {
            return None;
        }
        let (x, k) = self.rng.pick(self.inputs).clone();
        let vals = k.values();
        let v = match k {
            InputKind::IntRange(lo, hi) => lo as i64 + self.rng.below((hi - lo + 1) as u64) as i64,
            InputKind::UshortFrom(lo) => lo as i64 + self.rng.below(65536 - lo as u64) as i64,
            _ => vals[self.rng.below(vals.len() as u64) as usize],
        };
        Some((x, v))
    }

    /// An argument: a constant or an input-dependent expression.
    fn arg(&mut self) -> String {
        let consts = ["0", "1", "2", "90", "127", "128", "255", "4660", "65535"];
        if self.inputs.is_empty() || self.rng.pct(35) {
            return self.rng.pick(&consts).to_string();
        }
        let x = self.rng.pick(self.inputs).0.clone();
        match self.rng.below(4) {
            0 => x,
            1 => format!("{x} + {}", self.rng.below(200)),
            2 => format!("{x} * 257"),
            _ => format!("{x} ^ {}", self.rng.pick(&consts)),
        }
    }

    /// The whole value `main` stores first.
    fn whole(&mut self) -> String {
        if self.inputs.is_empty() || self.rng.pct(20) {
            return self.rng.pick(&["0", "3", "256", "65280", "-2"]).to_string();
        }
        let x = self.rng.pick(self.inputs).0.clone();
        let y = self.rng.pick(self.inputs).0.clone();
        match self.rng.below(4) {
            0 => x,
            1 => format!("{x} * 257"),
            2 => format!("((unsigned)(unsigned char){x} << 8) | (unsigned char){y}"),
            _ => format!("{x} + {}", self.rng.below(300)),
        }
    }

    /// The shadow update of `pw_e` for `effect` on bytes `k..k+n`.
    fn shadow(&self, k: u32, n: u32, effect: &Effect) -> String {
        let s = 8 * k;
        let mask = format!("{:#x}", ((1u64 << (8 * n)) - 1) << s);
        match effect {
            Effect::Set(v) => {
                format!("pw_e = (pw_e & ~{mask}u) | (((unsigned)({v}) << {s}) & {mask}u);")
            }
            Effect::Add(a) => format!(
                "pw_e = (pw_e & ~{mask}u) | ((((pw_e >> {s}) + (unsigned)({a})) & 255u) << {s});"
            ),
            Effect::Xor(a) => format!("pw_e ^= ((unsigned)({a}) & 255u) << {s};"),
        }
    }

    /// The source of helper `f`'s `memcpy` of its parameter `v`: `v`
    /// itself, or a global `F_src` (declared here) that the returned
    /// statement (to put before the `memcpy`) sets to `v`.
    fn source(&mut self, f: &str) -> (String, String) {
        if self.rng.pct(50) {
            return (String::new(), "v".into());
        }
        writeln!(self.decls, "unsigned short {f}_src;").unwrap();
        (format!("{f}_src = v; "), format!("{f}_src"))
    }

    /// A byte index of the target (the upper ones more often).
    fn byte(&mut self) -> u32 {
        if self.rng.pct(50) {
            self.t.size - 1
        } else {
            self.rng.below(self.t.size as u64) as u32
        }
    }

    /// One partial write of `kind`: helpers into `decls`, the call and its
    /// shadow update into `body`.
    fn write(&mut self, kind: &str) {
        let (g, ty) = (self.t.name.clone(), self.t.ty);
        match kind {
            "byte-helper" => {
                let (f, k, a) = (self.name("set"), self.byte(), self.arg());
                if self.rng.pct(50) {
                    writeln!(
                        self.decls,
                        "void {f}(unsigned char v) {{ ((unsigned char *)&{g})[{k}] = v; }}"
                    )
                    .unwrap();
                } else {
                    writeln!(self.decls, "void {f}(unsigned char v) {{ unsigned char *p = (unsigned char *)&{g}; p[{k}] = v; }}").unwrap();
                }
                self.body.push(format!("{f}({a});"));
                let e = Effect::Set(format!("(unsigned char)({a})"));
                self.body.push(self.shadow(k, 1, &e));
            }
            "half-helper" => {
                // the upper half: bytes 2-3 of a 32-bit target, byte 1 of a 16-bit one
                let (f, a) = (self.name("half"), self.arg());
                let (k, n) = if self.t.size == 4 { (2, 2) } else { (1, 1) };
                if self.rng.pct(50) {
                    let (set, from) = self.source(&f);
                    writeln!(self.decls, "void {f}(unsigned short v) {{ {set}memcpy((unsigned char *)&{g} + {k}, &{from}, {n}); }}").unwrap();
                } else {
                    let hi = if n == 2 {
                        format!(" p[{}] = (unsigned char)(v >> 8);", k + 1)
                    } else {
                        String::new()
                    };
                    writeln!(self.decls, "void {f}(unsigned short v) {{ unsigned char *p = (unsigned char *)&{g}; p[{k}] = (unsigned char)v;{hi} }}").unwrap();
                }
                self.body.push(format!("{f}({a});"));
                let e = Effect::Set(format!("(unsigned short)({a})"));
                self.body.push(self.shadow(k, n, &e));
            }
            "two-helpers" => {
                let (inner, outer) = (self.name("in"), self.name("out"));
                let (k, a) = (self.byte(), self.arg());
                writeln!(
                    self.decls,
                    "void {inner}(unsigned char *p, unsigned char v) {{ p[{k}] = v; }}"
                )
                .unwrap();
                writeln!(
                    self.decls,
                    "void {outer}({ty} *q, unsigned char v) {{ {inner}((unsigned char *)q, v); }}"
                )
                .unwrap();
                if self.rng.pct(50) {
                    self.body.push(format!("{outer}(&{g}, {a});"));
                } else {
                    // main does not take the address itself
                    let top = self.name("top");
                    writeln!(
                        self.decls,
                        "void {top}(unsigned char v) {{ {outer}(&{g}, v); }}"
                    )
                    .unwrap();
                    self.body.push(format!("{top}({a});"));
                }
                let e = Effect::Set(format!("(unsigned char)({a})"));
                self.body.push(self.shadow(k, 1, &e));
            }
            "returned-pointer" => {
                let (f, k, a) = (self.name("ptr"), self.byte(), self.arg());
                let at_k = self.rng.pct(50);
                if at_k {
                    writeln!(
                        self.decls,
                        "unsigned char *{f}(void) {{ return (unsigned char *)&{g} + {k}; }}"
                    )
                    .unwrap();
                } else {
                    writeln!(
                        self.decls,
                        "unsigned char *{f}(void) {{ return (unsigned char *)&{g}; }}"
                    )
                    .unwrap();
                }
                let lv = if at_k {
                    format!("*{f}()")
                } else {
                    format!("{f}()[{k}]")
                };
                let (stmt, e) = match self.rng.below(3) {
                    0 => (
                        format!("{lv} = (unsigned char)({a});"),
                        Effect::Set(format!("(unsigned char)({a})")),
                    ),
                    1 => (format!("{lv} += (unsigned char)({a});"), Effect::Add(a)),
                    _ => (format!("{lv} ^= (unsigned char)({a});"), Effect::Xor(a)),
                };
                self.body.push(stmt);
                self.body.push(self.shadow(k, 1, &e));
            }
            "memset-memcpy" => {
                let f = self.name("mem");
                let n = 1 + self.rng.below(2) as u32;
                let k = self.rng.below((self.t.size - n + 1) as u64) as u32;
                let a = self.arg();
                let dst = if k == 0 && self.rng.pct(50) {
                    format!("&{g}")
                } else {
                    format!("(unsigned char *)&{g} + {k}")
                };
                let e = if self.rng.pct(50) {
                    writeln!(self.decls, "void {f}(int v) {{ memset({dst}, v, {n}); }}").unwrap();
                    let b = format!("(unsigned char)({a})");
                    Effect::Set(if n == 2 { format!("{b} * 257u") } else { b })
                } else {
                    let (set, from) = self.source(&f);
                    writeln!(
                        self.decls,
                        "void {f}(unsigned short v) {{ {set}memcpy({dst}, &{from}, {n}); }}"
                    )
                    .unwrap();
                    Effect::Set(format!("(unsigned short)({a})"))
                };
                self.body.push(format!("{f}({a});"));
                self.body.push(self.shadow(k, n, &e));
            }
            _ => self.loop_helper(),
        }
    }

    /// A helper incrementing a byte, called in a counted loop (maybe with a
    /// whole update of the global in the same loop).
    fn loop_helper(&mut self) {
        let (g, f, k) = (self.t.name.clone(), self.name("inc"), self.byte());
        let step = *self.rng.pick(&[1u32, 1, 3, 16, 128, 255]);
        if step == 1 && self.rng.pct(50) {
            writeln!(
                self.decls,
                "void {f}(void) {{ ((unsigned char *)&{g})[{k}]++; }}"
            )
            .unwrap();
        } else {
            writeln!(
                self.decls,
                "void {f}(void) {{ ((unsigned char *)&{g})[{k}] += {step}; }}"
            )
            .unwrap();
        }
        let bound = match self.input_value() {
            Some((x, _)) if self.rng.pct(70) => format!("(int)((unsigned)({x}) & 7u)"),
            _ => (1 + self.rng.below(5)).to_string(),
        };
        let i = self.name("i");
        self.body
            .push(format!("for (int {i} = 0; {i} < {bound}; {i}++) {{"));
        self.body.push(format!("  {f}();"));
        self.body.push(format!(
            "  {}",
            self.shadow(k, 1, &Effect::Add(step.to_string()))
        ));
        if self.rng.pct(30) {
            let c = 1 + self.rng.below(4);
            self.body.push(format!("  {g} ^= {c};"));
            self.body.push(format!("  pw_e ^= {c}u;"));
        }
        self.body.push("}".into());
    }

    /// The checks after the writes: one that no input meets (30%), or one
    /// or two that inputs meet when the write is dropped by an analysis.
    fn checks(&mut self) {
        let (g, ty) = (self.t.name.clone(), self.t.ty);
        if self.rng.pct(30) {
            // the twin whose error no input reaches (the shadow is exact)
            let c = if self.rng.pct(50) {
                format!("{g} != ({ty})pw_e")
            } else {
                format!("(unsigned)({ty})pw_e != (unsigned){g}")
            };
            self.body.push(format!("if ({c}) reach_error();"));
            return;
        }
        let n = 1 + self.rng.below(2);
        for _ in 0..n {
            let c = match self.rng.below(7) {
                0 => format!("{g} != ({ty})pw_e"),
                1..=3 => format!("{g} != pw_w"),
                4 => match self.input_value() {
                    Some((x, v)) => format!("{g} == ({ty})pw_e && {x} == {v}"),
                    None => format!("{g} == ({ty})pw_e"),
                },
                5 => {
                    // a byte of the whole value equal to a constant
                    let s = 8 * self.rng.below(self.t.size as u64);
                    let v = *self.rng.pick(&[0u32, 1, 2, 90, 127, 128, 255]);
                    format!("(((unsigned){g} >> {s}) & 255u) == {v}u")
                }
                _ => format!("(unsigned){g} > (unsigned)pw_w"),
            };
            self.body.push(format!("if ({c}) reach_error();"));
        }
    }
}

/// The shape on `target` (a new global when `None`), over `inputs` (the
/// input variables of `main` and their kinds): 1-2 partial writes of
/// random kinds between a whole store and whole reads of the global.
pub fn generate(rng: &mut Rng, target: Option<Target>, inputs: &[(String, InputKind)]) -> Partial {
    let mut decls = String::new();
    let t = match target {
        Some(t) => t,
        None => {
            let (t, d) = new_target(rng);
            decls.push_str(&d);
            t
        }
    };
    let mut sh = Shape {
        rng,
        t,
        inputs,
        decls,
        body: vec![],
        fresh: 0,
    };
    let (g, ty) = (sh.t.name.clone(), sh.t.ty);
    let w = sh.whole();
    sh.body.push(format!("{ty} pw_w = ({ty})({w});"));
    if sh.rng.pct(85) {
        sh.body.push(format!("{g} = pw_w;"));
    } else {
        // no whole store: the initial value (or main's earlier writes) stays
        sh.body.push(format!("pw_w = {g};"));
    }
    sh.body.push(format!("unsigned pw_e = (unsigned){g};"));
    let mut kinds = vec![];
    for _ in 0..1 + sh.rng.below(2) {
        let kind = *sh.rng.pick(&KINDS);
        sh.write(kind);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    sh.checks();
    let mut body = vec!["{".to_string()];
    body.extend(sh.body.into_iter().map(|l| format!("  {l}")));
    body.push("}".into());
    Partial {
        decls: sh.decls,
        body,
        kinds,
    }
}

#[cfg(test)]
mod tests {
    use super::super::gen::{generate, generate_shapes};
    use super::*;

    #[test]
    fn the_mix_has_the_shape_in_about_a_quarter_of_the_programs() {
        let n = (0..400)
            .filter(|&s| !generate(s).partial.is_empty())
            .count();
        assert!((60..=140).contains(&n), "{n} of 400");
        // and the programs without it do not mention it
        for s in 0..100 {
            let p = generate(s);
            assert_eq!(p.partial.is_empty(), !p.source.contains("pw_"), "seed {s}");
        }
    }

    #[test]
    fn every_kind_of_partial_write_occurs_with_whole_accesses_in_main() {
        let mut seen = [0usize; KINDS.len()];
        for s in 0..300 {
            let p = generate_shapes(s, Shapes::GlobalsPartial);
            assert!(!p.partial.is_empty(), "seed {s}");
            for k in &p.partial {
                seen[KINDS.iter().position(|x| x == k).unwrap()] += 1;
            }
            let main = &p.source[p.source.find("int main(void)").unwrap()..];
            assert!(
                main.contains(" = pw_w;") || main.contains("pw_w = g"),
                "seed {s}"
            );
            assert!(main.contains("reach_error();"), "seed {s}");
        }
        for (k, n) in KINDS.iter().zip(seen) {
            assert!(n >= 30, "{k} in {n} of 300 programs");
        }
        let count = |pat: &str| {
            (0..300)
                .filter(|&s| {
                    generate_shapes(s, Shapes::GlobalsPartial)
                        .source
                        .contains(pat)
                })
                .count()
        };
        for pat in [
            "memset(",
            "memcpy(",
            "_src = v;",
            "(&gpw, ",
            "++; }",
            "[3] = v;",
            "*pw_ptr",
        ] {
            assert!(count(pat) >= 5, "{pat:?} in {} of 300 programs", count(pat));
        }
    }

    #[test]
    fn shape_sets_are_named() {
        assert_eq!(Shapes::parse("all"), Ok(Shapes::All));
        assert_eq!(Shapes::parse("globals-partial"), Ok(Shapes::GlobalsPartial));
        let e = Shapes::parse("globals").unwrap_err();
        assert!(
            e.contains("`globals`") && e.contains("known: all, globals-partial"),
            "{e}"
        );
    }
}
