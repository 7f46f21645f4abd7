// expect: false
// structs of 8, 12, 16, 24 and 40 bytes passed by value hold inputs in
// their fields: ILP32 splits the small ones into integer arguments and
// passes the others as `byval` pointers, whose copy (made by the call) must
// carry the terms; nested structs, arrays and pointers in structs, two
// call levels, a function pointer and returns by value. reach_error needs
// every callee to see its input.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct s8 { int a, b; };
struct s12 { int a, b, c; };
struct s16 { int a, b, c, d; };
struct s24 { int a; struct s8 in; int t[3]; };
struct s40 { int a[10]; };
struct ptr { int *p; int v; int pad[5]; };
int r8(struct s8 s) { return s.b; }
int r12(struct s12 s) { return s.c; }
int r16(struct s16 s) { return s.d; }
int r24(struct s24 s) { return s.in.b + s.t[2]; }
int r40(struct s40 s) { s.a[3] += 1; return s.a[3]; }
int rptr(struct ptr s) { return *s.p + s.v; }
int level2(struct s40 s) { return r40(s); }
int level1(struct s40 s) { s.a[0] = 5; return level2(s) + s.a[0]; }
struct s40 bump(struct s40 s) { s.a[9] *= 2; return s; }
int main(void) {
  struct s8 a = {0, 0};
  struct s12 b = {0, 0, 0};
  struct s16 c = {0, 0, 0, 0};
  struct s24 d = {0, {0, 0}, {0, 0, 0}};
  struct s40 e = {{0}};
  int x = 0;
  struct ptr p = {&x, 0, {0}};
  a.b = __VERIFIER_nondet_int();
  b.c = __VERIFIER_nondet_int();
  c.d = __VERIFIER_nondet_int();
  d.in.b = __VERIFIER_nondet_int();
  d.t[2] = __VERIFIER_nondet_int();
  e.a[3] = __VERIFIER_nondet_int();
  e.a[9] = __VERIFIER_nondet_int();
  p.v = __VERIFIER_nondet_int();
  int (*fp)(struct s40) = r40;
  if (r8(a) != 1 || r12(b) != 2 || r16(c) != 3)
    return 0;
  if (r24(d) != 9 || d.in.b != 4)
    return 0;
  if (r40(e) != 7 || level1(e) != 12 || fp(e) != 7)
    return 0;
  if (rptr(p) != 11)
    return 0;
  struct s40 f = bump(e);
  if (f.a[9] == 22 && e.a[9] == 11)
    reach_error();
  return 0;
}
