// expect: false
// data-model: LP64
// the LP64 side of byval_structs_false.c with 64-bit fields: structs of
// 8, 12 and 16 bytes are split into an i64 and an i64 or i32, those of 24
// and 40 bytes passed as `byval` pointers (a nested one, one with a
// pointer member); two call levels, returns of 16 bytes (two registers)
// and 24 bytes (sret). reach_error needs every callee to see its input.
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
struct b8 { unsigned char c[8]; };
struct b12 { int x; short y, z; int w; };
struct b16 { long a, b; };
struct b24 { long a; int b[4]; };
struct b40 { long a[5]; };
struct nest { struct b16 in; struct b8 t; };
struct pp { long *p; long v; };
long get8(struct b8 s) { return s.c[5]; }
long get12(struct b12 s) { return s.w - s.y; }
long get16(struct b16 s) { return s.b; }
long get24(struct b24 s) { return s.b[2]; }
long inner(struct b40 s) { s.a[1] -= 3; return s.a[1]; }
long outer(struct b40 s) { return inner(s) * 2; }
long getn(struct nest s) { return s.in.b + s.t.c[5]; }
long getp(struct pp s) { return *s.p - s.v; }
struct b16 swap16(struct b16 s) { struct b16 r = {s.b, s.a}; return r; }
struct b24 grow(struct b24 s) { s.b[2] += s.a; return s; }
int main(void) {
  struct b8 a = {{0}};
  struct b12 b = {0, 0, 0, 0};
  struct b16 c = {0, 0};
  struct b24 d = {0, {0}};
  struct b40 e = {{0}};
  long x = 0;
  a.c[5] = (unsigned char)__VERIFIER_nondet_long();
  b.w = (int)__VERIFIER_nondet_long();
  b.y = (short)__VERIFIER_nondet_long();
  c.b = __VERIFIER_nondet_long();
  d.b[2] = (int)__VERIFIER_nondet_long();
  e.a[1] = __VERIFIER_nondet_long();
  x = __VERIFIER_nondet_long();
  struct nest n = {c, a};
  struct pp p = {&x, 4};
  if (get8(a) != 200 || get12(b) != 1 || b.y != 6 || get16(c) != -5)
    return 0;
  if (get24(d) != 33 || outer(e) != 20 || getn(n) != 195 || getp(p) != 9)
    return 0;
  struct b16 s = swap16(c);
  d.a = 10;
  struct b24 g = grow(d);
  if (s.a == -5 && g.b[2] == 43 && d.b[2] == 33)
    reach_error();
  return 0;
}
