// expect: true
// data-model: LP64
// the twin of struct_shapes_lp64_false.c: each callee sees exactly the
// inputs its struct holds, and the structs it returns hold what it put
// there (a lost term gives a spurious error that does not replay)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct m12 { char c; int i; short s; };
struct ll { long long a; int b; };
struct sh { short a, b; char c, d; };
struct r12 { int a, b, c; };
union u { int i; float f; };
void fm12(struct m12 s, char c, short t) { if (s.c != c || s.s != t || s.i != 0) reach_error(); }
void fll(struct ll s, int a, int b) { if (s.a != a || s.b != b) reach_error(); }
void fsh(struct sh s, short b, char d) { if (s.b != b || s.d != d || s.a != 0) reach_error(); }
struct r12 mk(int x) { struct r12 r = {x, x + 1, x + 2}; return r; }
struct m12 id(struct m12 s) { s.i = s.c; return s; }
void fu(union u v, int i) { if (v.i != i) reach_error(); }
int main(void) {
  char vc = (char)__VERIFIER_nondet_int();
  short vs = (short)__VERIFIER_nondet_int();
  int va = __VERIFIER_nondet_int(), vb = __VERIFIER_nondet_int();
  short wb = (short)__VERIFIER_nondet_int();
  char wd = (char)__VERIFIER_nondet_int();
  int vi = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int();
  struct m12 a = {vc, 0, vs};
  struct ll b = {va, vb};
  struct sh c = {0, wb, 0, wd};
  union u d;
  d.i = vi;
  fm12(a, vc, vs);
  fll(b, va, vb);
  fsh(c, wb, wd);
  fu(d, vi);
  struct r12 r = mk(x);
  if (r.a != x || r.c != x + 2)
    reach_error();
  struct m12 e = id(a);
  if (e.i != vc || e.c != vc || e.s != vs || a.i != 0)
    reach_error();
  return 0;
}
