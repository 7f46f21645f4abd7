// expect: false
// nested structs passed by pointer; area of a rectangle
// witness: -1 0 3 4
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

struct point { int x; int y; };
struct rect { struct point lo; struct point hi; };

static int area(const struct rect *r) {
  return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y);
}

int main(void) {
  struct rect r;
  r.lo.x = __VERIFIER_nondet_int();
  r.lo.y = __VERIFIER_nondet_int();
  int w = __VERIFIER_nondet_int();
  int h = __VERIFIER_nondet_int();
  __VERIFIER_assume(r.lo.x >= -10 && r.lo.x <= 10);
  __VERIFIER_assume(r.lo.y >= -10 && r.lo.y <= 10);
  __VERIFIER_assume(w >= 0 && w <= 10 && h >= 0 && h <= 10);
  r.hi.x = r.lo.x + w;
  r.hi.y = r.lo.y + h;
  if (area(&r) == 12 && r.lo.x < 0 && r.hi.x > 0) reach_error();
  return 0;
}
