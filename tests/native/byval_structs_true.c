// expect: true
// the twin of byval_structs_false.c: every callee sees exactly the input
// its struct argument holds (a lost term would give a spurious error that
// does not replay, i.e. unknown), writes to its copy leave the caller's
// struct unchanged, writes through a pointer member reach the caller
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct s8 { int a, b; };
struct s12 { int a, b, c; };
struct s16 { int a, b, c, d; };
struct s24 { int a; struct s8 in; int t[3]; };
struct s40 { int a[10]; };
struct ptr { int *p; int v; int pad[5]; };
void c8(struct s8 s, int v) { if (s.b != v) reach_error(); s.b = v + 1; }
void c12(struct s12 s, int v) { if (s.c != v) reach_error(); s.c = 0; }
void c16(struct s16 s, int v) { if (s.d != v) reach_error(); s.d = ~v; }
void c24(struct s24 s, int v, int w) {
  if (s.in.b != v || s.t[2] != w) reach_error();
  s.in.b = w;
  s.t[2] = v;
}
void level2(struct s40 s, int v) { if (s.a[3] != v) reach_error(); s.a[3] = 0; }
void level1(struct s40 s, int v) {
  if (s.a[3] != v) reach_error();
  s.a[3] += 1;
  level2(s, v + 1);
  if (s.a[3] != v + 1) reach_error();
}
void c40(struct s40 s, int v) { level1(s, v); s.a[3] = 1; }
void cptr(struct ptr s, int x, int v) {
  if (*s.p != x || s.v != v) reach_error();
  *s.p = v;
  s.v = x;
}
struct s40 twice(struct s40 s) { s.a[9] *= 2; return s; }
int main(void) {
  struct s8 a = {0, 0};
  struct s12 b = {0, 0, 0};
  struct s16 c = {0, 0, 0, 0};
  struct s24 d = {0, {0, 0}, {0, 0, 0}};
  struct s40 e = {{0}};
  int x = __VERIFIER_nondet_int();
  struct ptr p = {&x, 0, {0}};
  int va = __VERIFIER_nondet_int(), vb = __VERIFIER_nondet_int();
  int vc = __VERIFIER_nondet_int(), vd = __VERIFIER_nondet_int();
  int vt = __VERIFIER_nondet_int(), ve = __VERIFIER_nondet_int();
  int v9 = __VERIFIER_nondet_int(), vp = __VERIFIER_nondet_int();
  a.b = va;
  b.c = vb;
  c.d = vc;
  d.in.b = vd;
  d.t[2] = vt;
  e.a[3] = ve;
  e.a[9] = v9;
  p.v = vp;
  void (*fp)(struct s40, int) = c40;
  c8(a, va);
  c12(b, vb);
  c16(c, vc);
  c24(d, vd, vt);
  c40(e, ve);
  fp(e, ve);
  cptr(p, x, vp);
  if (a.b != va || b.c != vb || c.d != vc || d.in.b != vd || d.t[2] != vt)
    reach_error();
  if (e.a[3] != ve || p.v != vp || x != vp)
    reach_error();
  struct s40 f = twice(e);
  if (f.a[9] != 2 * v9 || e.a[9] != v9 || f.a[3] != ve)
    reach_error();
  return 0;
}
