// expect: true
// paths: 1
// an array member of a struct indexed by an input: the store rewrites that
// array's cells only, so the pointer member after it stays readable
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct rec {
  int vals[4];
  int *owner;
  int tag;
};
int main(void) {
  int x = 42;
  struct rec r = {{1, 2, 3, 4}, &x, 7};
  unsigned k = (unsigned)__VERIFIER_nondet_int() % 4u;
  r.vals[k] = 10 + (int)k;
  if (*r.owner != 42) reach_error();
  if (r.tag != 7) reach_error();
  if (r.vals[k] != 10 + (int)k) reach_error();
  // the cell at k changed from k + 1 to 10 + k: the sum grows by 9
  if (r.vals[0] + r.vals[1] + r.vals[2] + r.vals[3] != 19) reach_error();
  return 0;
}
