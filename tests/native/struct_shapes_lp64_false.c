// expect: false
// data-model: LP64
// structs of mixed field widths passed and returned by value: LP64 splits
// them into an i64 and a narrower integer (`{ i64, i16 }`, `{ i64, i32 }`),
// and a returned `{ i64, i32 }` is stored whole into clang's coercion slot;
// a union passed by value; every field's input must reach the callee and
// come back
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct m12 { char c; int i; short s; };
struct ll { long long a; int b; };
struct sh { short a, b; char c, d; };
struct r12 { int a, b, c; };
union u { int i; float f; };
int fm12(struct m12 s) { return s.c + s.s; }
int fll(struct ll s) { return (int)(s.a >> 3) + s.b; }
int fsh(struct sh s) { return s.b + s.d; }
struct r12 mk(int x) { struct r12 r = {x, x + 1, x + 2}; return r; }
struct m12 id(struct m12 s) { s.i = s.c; return s; }
int fu(union u v) { return v.i; }
int main() {
  struct m12 a = {0, 0, 0}; a.c = (char)__VERIFIER_nondet_int(); a.s = (short)__VERIFIER_nondet_int();
  struct ll b = {0, 0}; b.a = __VERIFIER_nondet_int(); b.b = __VERIFIER_nondet_int();
  struct sh c = {0, 0, 0, 0}; c.b = (short)__VERIFIER_nondet_int(); c.d = (char)__VERIFIER_nondet_int();
  union u d; d.i = __VERIFIER_nondet_int();
  if (fm12(a) != 9 || a.c != 4) return 0;
  if (fll(b) != 17 || b.a != 80) return 0;
  if (fsh(c) != 30 || c.d != 10) return 0;
  struct r12 r = mk(__VERIFIER_nondet_int());
  if (r.c != 50) return 0;
  struct m12 e = id(a);
  if (e.i != 4) return 0;
  if (fu(d) != 3) return 0;
  reach_error();
  return 0;
}
