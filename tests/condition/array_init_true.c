// expect: true
// A loop counting down writes 3 into a[n-1], ..., a[0]; the element just
// past the written prefix keeps its initial 0 and the other global its
// initializer. The condition knows the globals' initial contents and that
// the two objects do not overlap: φ̂ is unsatisfiable.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
short a[5000];
int lim[2] = {5, 4999};
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n >= lim[1]) return 0;
  for (int i = n; i > 0; i--) a[i - 1] = 3;
  if (a[n] != 0) reach_error();
  return 0;
}
