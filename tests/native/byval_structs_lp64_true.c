// expect: true
// data-model: LP64
// the twin of byval_structs_lp64_false.c: each callee sees exactly the
// inputs its struct holds (checked against the same inputs passed as
// scalars), changes to its copy do not reach the caller, changes through a
// pointer member do, and returned structs hold what the callee put there
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
struct b8 { unsigned char c[8]; };
struct b12 { int x; short y, z; int w; };
struct b16 { long a, b; };
struct b24 { long a; int b[4]; };
struct b40 { long a[5]; };
struct nest { struct b16 in; struct b8 t; };
struct pp { long *p; long v; };
void chk8(struct b8 s, unsigned char c) { if (s.c[5] != c || s.c[4] != 0) reach_error(); s.c[5]++; }
void chk12(struct b12 s, int w, short y) { if (s.w != w || s.y != y) reach_error(); s.w = 0; }
void chk24(struct b24 s, int v) { if (s.b[2] != v) reach_error(); s.b[2] = ~v; }
void deep(struct b40 s, long v) { if (s.a[1] != v) reach_error(); s.a[1] = 0; }
void mid(struct b40 s, long v) { s.a[1] += 1; deep(s, v + 1); if (s.a[1] != v + 1) reach_error(); }
void chkn(struct nest s, long b, unsigned char c) { if (s.in.b != b || s.t.c[5] != c) reach_error(); }
void chkp(struct pp s, long v) { if (*s.p != v) reach_error(); *s.p = v + s.v; s.v = 0; }
struct b16 swap16(struct b16 s) { struct b16 r = {s.b, s.a}; return r; }
struct b24 grow(struct b24 s) { s.b[2] += 1; return s; }
int main(void) {
  unsigned char vc = (unsigned char)__VERIFIER_nondet_long();
  int vw = (int)__VERIFIER_nondet_long();
  short vy = (short)__VERIFIER_nondet_long();
  long vb = __VERIFIER_nondet_long(), vx = __VERIFIER_nondet_long();
  int vd = (int)__VERIFIER_nondet_long();
  long ve = __VERIFIER_nondet_long();
  struct b8 a = {{0}};
  struct b12 b = {0, vy, 0, vw};
  struct b16 c = {0, vb};
  struct b24 d = {0, {0, 0, vd, 0}};
  struct b40 e = {{0, ve, 0, 0, 0}};
  long x = vx;
  a.c[5] = vc;
  struct nest n = {c, a};
  struct pp p = {&x, 4};
  chk8(a, vc);
  chk12(b, vw, vy);
  chk24(d, vd);
  mid(e, ve);
  chkn(n, vb, vc);
  chkp(p, vx);
  if (a.c[5] != vc || b.w != vw || d.b[2] != vd || e.a[1] != ve || x != vx + 4 || p.v != 4)
    reach_error();
  struct b16 s = swap16(c);
  struct b24 g = grow(d);
  if (s.a != vb || s.b != 0 || g.b[2] != vd + 1 || d.b[2] != vd)
    reach_error();
  return 0;
}
