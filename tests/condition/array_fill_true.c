// expect: true
// A loop fills an input-bounded prefix of a large array with 2i + 1, then
// a read at an input index inside the prefix is checked. The condition's
// iterated memory (one store per iteration at a progression of the
// counter) shows the read equals 2k + 1: φ̂ is unsatisfiable.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  for (int i = 0; i < n; i++) a[i] = 2 * i + 1;
  if (k >= 0 && k < n && a[k] != 2 * k + 1) reach_error();
  return 0;
}
