// expect: true
// a partly initialised 4000-byte local array written at an input index
// (beyond the per-cell encoding: an SMT array over uninitialised memory)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  int a[1000];
  for (int k = 0; k < 10; k++) a[k] = k;
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 1000);
  a[i] = 3;
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(j >= 0 && j < 10);
  if (a[j] != j && j != i) reach_error();
  if (a[i] != 3) reach_error();
  return 0;
}
