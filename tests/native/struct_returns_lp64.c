// expect: false
// data-model: LP64
// paths: 2
// small structs returned in registers ({ i64, i64 } in LP64) whose fields
// hold terms: kappa passes them through a slot in memory, so the terms
// survive the return (they used to end the path unsupported)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct pair { long lo; int hi; };
struct pair split(int x) {
  struct pair p;
  p.lo = (long)x * 3;
  p.hi = x >> 4;
  return p;
}
struct pair swap(struct pair p) {
  struct pair q;
  q.lo = p.hi;
  q.hi = (int)p.lo;
  return q;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  struct pair a = split(x);
  struct pair b = swap(split(x + 1));
  if (a.lo == 300 && b.hi == 303)
    reach_error();
  return 0;
}
