// expect: true
// stores at input indices into an array of more positions than a store
// rewrites cell by cell (KAPPA_NATIVE_MAX_SYM_STORE, 1024): they go to the
// object's write log; concrete loads and stores in between materialize the
// cells they touch
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int a[3000];
int main(void) {
  int i = __VERIFIER_nondet_int();
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3000);
  __VERIFIER_assume(j >= 0 && j < 3000);
  a[5] = 1;
  a[i] = 7;
  int before = a[5];       // materialized: 7 if i == 5, else 1
  a[3] = 9;                // a concrete store after the logged one
  a[j] = a[j] + 5;
  if (i != 5 && j != 5 && before != 1) reach_error();
  if (i == 5 && before != 7) reach_error();
  if (j != 3 && j != i && a[j] != 5 && !(j == 5 && i != 5)) reach_error();
  if (i != 3 && i != j && a[i] != 7) reach_error();
  if (i == 3 && j != 3 && a[i] != 9) reach_error();
  if (j == 3 && a[3] != 14) reach_error();
  return 0;
}
